import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { DataDirLockedError, LOCK_FILE, processStart } from '../../src/program/data-dir-lock.js'
import { type RunningCli, runCli } from '../../src/program/run-cli.js'

// The lock of a --data-dir names its owner by pid and start time: a pid that now belongs to
// another process (reused after a SIGKILL, pid 1 in a restarted container) does not block the
// start; it is taken over with a warning. A live owner still blocks.

let dir = ''
const children: ChildProcess[] = []
const running: RunningCli[] = []
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'krs-lock-owner-'))
})
afterEach(async () => {
  for (const c of children.splice(0)) c.kill('SIGKILL')
  for (const r of running.splice(0)) await r.shutdown()
  await rm(dir, { recursive: true, force: true })
})

function live(command: string, args: string[]): ChildProcess {
  const c = spawn(command, args, { stdio: 'ignore' })
  children.push(c)
  return c
}

async function startWithLock(lock: object): Promise<{ started: boolean; err: string }> {
  await writeFile(join(dir, LOCK_FILE), JSON.stringify(lock))
  let err = ''
  const io = {
    out: () => {},
    err: (t: string) => {
      err += t
    },
  }
  const r = await runCli(['--port', '0', '--quiet', '--data-dir', dir], io)
  if (r) running.push(r)
  return { started: r !== null, err }
}

// Skipped only where /proc does not show process start times (not Linux): the rule needs them.
describe.skipIf(processStart('self') === null)('a lock naming a live process that is not its owner', () => {
  it('is taken over with a warning when the start time differs (a reused pid)', async () => {
    const other = live('sleep', ['30'])
    const { started, err } = await startWithLock({ pid: other.pid, pidStart: '1', port: 4010, host: null, started: '' })
    expect(started).toBe(true)
    expect(err).toContain(`names pid ${other.pid}, which is now another process`)
  })

  it('is taken over when a lock without a start time names a process that is not Node (pid 1 here)', async () => {
    const other = live('sleep', ['30'])
    for (const pid of [other.pid, 1]) {
      const { started, err } = await startWithLock({ pid, port: 4010 })
      expect({ pid, started }).toEqual({ pid, started: true })
      expect(err).toContain(`names pid ${pid}`)
      await running.pop()!.shutdown()
    }
  })

  it('still blocks when the pid and its start time are the owner’s', async () => {
    const owner = live(process.execPath, ['-e', 'setTimeout(() => {}, 30000)'])
    await new Promise((r) => setTimeout(r, 100))
    const pidStart = processStart(owner.pid!)
    await writeFile(join(dir, LOCK_FILE), JSON.stringify({ pid: owner.pid, pidStart, port: 4010, host: null }))
    await expect(
      runCli(['--port', '0', '--quiet', '--data-dir', dir], { out: () => {}, err: () => {} }),
    ).rejects.toThrow(DataDirLockedError)
  })
})
