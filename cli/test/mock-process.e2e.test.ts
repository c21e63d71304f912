import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { connect } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildCli, ensureMockServerBuild } from './support/spawn-krs.js'

/**
 * `krs mock` as launchers run it: under npm (`npx krs mock … &`, then `kill $!`), where the
 * signal reaches npm's pid only; and told to stop by a signal of its own. The test holds only
 * the outer pid, and waits for every process that shares its output to be gone (the `close`
 * of the outer child comes when the last holder of its stdout exits), then finds the port
 * closed.
 */
let bin = ''
const cwd = mkdtempSync(join(tmpdir(), 'krs-mock-process-'))
const started: ChildProcess[] = []

beforeAll(() => {
  bin = buildCli()
  ensureMockServerBuild()
}, 180_000)

afterAll(() => {
  for (const child of started) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
  rmSync(cwd, { recursive: true, force: true })
})

/** Starts a command whose output names the emulator's URL; resolves once it listens. */
function launch(
  command: string,
  args: string[],
): Promise<{ child: ChildProcess; port: number; closed: Promise<void> }> {
  const child = spawn(command, args, {
    cwd,
    env: { ...process.env, XDG_CONFIG_HOME: cwd, LANG: 'C' },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  started.push(child)
  const closed = new Promise<void>((done) => child.once('close', () => done()))
  return new Promise((done, fail) => {
    let out = ''
    const onData = (d: Buffer) => {
      out += d.toString()
      const m = /listening on http:\/\/127\.0\.0\.1:(\d+)/.exec(out)
      if (m) done({ child, port: Number(m[1]), closed })
    }
    child.stdout?.on('data', onData)
    child.stderr?.on('data', onData)
    child.once('exit', (code) => fail(new Error(`${command} exited (${code}) before listening:\n${out}`)))
  })
}

function portRefuses(port: number): Promise<boolean> {
  return new Promise((done) => {
    const socket = connect(port, '127.0.0.1')
    socket.once('connect', () => {
      socket.destroy()
      done(false)
    })
    socket.once('error', (e: NodeJS.ErrnoException) => done(e.code === 'ECONNREFUSED'))
  })
}

describe('krs mock stops with whoever started it', () => {
  it('under npm (npx krs mock &): SIGTERM to npm alone stops the emulator and closes the port', async () => {
    const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm'
    const { child, port, closed } = await launch(npm, ['exec', '--offline', '--', 'node', bin, 'mock', '--port', '0'])
    expect(await portRefuses(port)).toBe(false)
    child.kill('SIGTERM')
    await closed
    expect(await portRefuses(port)).toBe(true)
  }, 120_000)

  it('SIGHUP (a closed terminal) stops it as SIGINT and SIGTERM do', async () => {
    const { child, port, closed } = await launch(process.execPath, [bin, 'mock', '--port', '0'])
    child.kill('SIGHUP')
    await closed
    expect(child.exitCode).toBe(0)
    expect(await portRefuses(port)).toBe(true)
  }, 120_000)
})
