import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { DataDirLockedError, LOCK_FILE } from '../../src/program/data-dir-lock.js'
import { runCli, type RunningCli } from '../../src/program/run-cli.js'

const bin = fileURLToPath(new URL('../../dist/bin.js', import.meta.url))
const quiet = { out: () => {}, err: () => {} }

let dir = ''
const running: RunningCli[] = []
const children: ChildProcess[] = []
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'krs-lock-'))
})
afterEach(async () => {
  for (const c of children.splice(0)) if (c.exitCode === null) c.kill('SIGKILL')
  for (const r of running.splice(0)) await r.shutdown()
  await rm(dir, { recursive: true, force: true })
})

async function start(): Promise<RunningCli> {
  const r = await runCli(['--port', '0', '--quiet', '--data-dir', dir], quiet)
  if (!r) throw new Error('krs-mock did not start')
  running.push(r)
  return r
}

describe('one server per --data-dir', () => {
  it('a second krs-mock on the same dir exits at once, non-zero, naming the first (pid, port)', async () => {
    const first = spawn(process.execPath, [bin, '--port', '0', '--data-dir', dir], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, NODE_ENV: 'production' },
    })
    children.push(first)
    const url = await new Promise<string>((resolve, reject) => {
      let out = ''
      first.stdout!.on('data', (d: Buffer) => {
        out += d.toString()
        const m = /listening on (http:\/\/\S+)/.exec(out)
        if (m && out.includes('tokens')) resolve(m[1]!)
      })
      first.once('exit', (code) => reject(new Error(`the first krs-mock exited with ${code}`)))
    })
    const port = new URL(url).port
    const t0 = performance.now()
    const second = spawnSync(process.execPath, [bin, '--port', '0', '--data-dir', dir], {
      encoding: 'utf8',
      timeout: 20_000,
    })
    expect(second.status).toBe(1)
    expect(second.stderr).toContain(`pid ${first.pid}`)
    expect(second.stderr).toContain(`port ${port}`)
    expect(second.stdout).not.toContain('listening')
    expect(performance.now() - t0).toBeLessThan(15_000)
  }, 60_000)

  it('refuses a second server in the same process too, and frees the dir on shutdown', async () => {
    const first = await start()
    await expect(start()).rejects.toThrow(DataDirLockedError)
    await expect(start()).rejects.toThrow(`port ${first.server.port}`)
    const lock = JSON.parse(await readFile(join(dir, LOCK_FILE), 'utf8'))
    expect(lock).toMatchObject({ pid: process.pid, port: first.server.port })
    await running.splice(0)[0]!.shutdown()
    expect(existsSync(join(dir, LOCK_FILE))).toBe(false)
    await start()
  })

  it('takes over the stale lock of a process that is gone', async () => {
    const gone = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' })
    const deadPid = Number(gone.stdout)
    await writeFile(join(dir, LOCK_FILE), JSON.stringify({ pid: deadPid, port: 4010, host: '127.0.0.1', started: '' }))
    const r = await start()
    expect(JSON.parse(await readFile(join(dir, LOCK_FILE), 'utf8'))).toMatchObject({
      pid: process.pid,
      port: r.server.port,
    })
  })

  it("takes over a lock with this process's own pid that this process does not hold (a restarted container)", async () => {
    await writeFile(join(dir, LOCK_FILE), JSON.stringify({ pid: process.pid, port: 4010, host: null, started: '' }))
    await start()
  })
})
