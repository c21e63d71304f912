import { type ChildProcess, spawn, spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'

// The program around the write log: krs-mock refuses to start on a damaged record (exit 1, the
// file, the byte and the last good record on stderr), and starts with --repair.

const bin = fileURLToPath(new URL('../../dist/bin.js', import.meta.url))
let dir = ''
const children: ChildProcess[] = []
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'krs-repair-'))
})
afterEach(async () => {
  for (const c of children.splice(0)) if (c.exitCode === null) c.kill('SIGKILL')
  await rm(dir, { recursive: true, force: true })
})

function start(args: string[]): Promise<{ child: ChildProcess; url: string; err: () => string }> {
  const child = spawn(process.execPath, [bin, '--port', '0', '--quiet', '--data-dir', dir, ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, NODE_ENV: 'production' },
  })
  children.push(child)
  let out = ''
  let err = ''
  child.stderr!.on('data', (d: Buffer) => {
    err += d.toString()
  })
  return new Promise((resolve, reject) => {
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString()
      const m = /listening on (http:\/\/\S+)/.exec(out)
      if (m && out.includes('tokens')) resolve({ child, url: m[1]!, err: () => err })
    })
    child.once('exit', (code) => reject(new Error(`krs-mock exited with ${code}: ${err}`)))
  })
}

const addMember = async (url: string, n: number): Promise<number> => {
  const res = await fetch(`${url}/api/v1/add_member`, {
    method: 'POST',
    headers: { authorization: 'Bearer krs-all', 'content-type': 'application/json' },
    body: JSON.stringify({ member_table_id: 1, member_info: { e_4: `r${n}@example.com`, e_5: 'abcd1234', e_6: 'r' } }),
  })
  expect(res.status).toBe(200)
  return (await res.json()) as number
}

describe.skipIf(!existsSync(bin))('krs-mock and a damaged write log (needs the built dist/bin.js)', () => {
  it('exits 1 naming the file, the byte and the last good record; --repair starts and keeps a copy', async () => {
    const first = await start([])
    const ids = [await addMember(first.url, 1), await addMember(first.url, 2), await addMember(first.url, 3)]
    first.child.kill('SIGKILL')
    await new Promise((r) => first.child.once('exit', r))
    const log = join(dir, (await readdir(dir)).find((n) => n.startsWith('krs-mock-writes-'))!)
    const bytes = await readFile(log)
    const second = bytes.indexOf(0x0a) + 1
    bytes[second + 20] = bytes[second + 20]! ^ 0x01
    await writeFile(log, bytes)

    const refused = spawnSync(process.execPath, [bin, '--port', '0', '--data-dir', dir], {
      encoding: 'utf8',
      timeout: 30_000,
    })
    expect(refused.status).toBe(1)
    expect(refused.stderr).toContain(log)
    expect(refused.stderr).toContain(`damaged at byte ${second} (the last good record before it is #1)`)
    expect(refused.stdout).not.toContain('listening')
    expect(await readFile(log)).toEqual(bytes)

    const repaired = await start(['--repair'])
    expect(repaired.err()).toMatch(/was damaged at byte \d+: cut after record #1/)
    expect(await readdir(join(dir, 'damaged'))).toHaveLength(1)
    expect(await addMember(repaired.url, 4)).toBeGreaterThan(Math.max(...ids))
  }, 90_000)
})
