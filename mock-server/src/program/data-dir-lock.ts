import { closeSync, mkdirSync, openSync, readFileSync, unlinkSync, writeFileSync, writeSync } from 'node:fs'
import { resolve } from 'node:path'

/** The lock file a running krs-mock keeps in its `--data-dir`. */
export const LOCK_FILE = 'krs-mock.lock'

/** Another live process owns the data dir; the message names it (pid, port). */
export class DataDirLockedError extends Error {
  override readonly name = 'DataDirLockedError'
}

interface LockContent {
  pid: number
  port: number | null
  host: string | null
  started: string
}

export interface DataDirLock {
  /** Record the port once the server listens (the message a second server prints names it). */
  setAddress(host: string, port: number): void
  /** Remove the lock file when it is still this process's. */
  release(): void
}

/** Lock files this process holds (resolved paths). */
const held = new Set<string>()

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (e) {
    // EPERM: the process exists but belongs to another user.
    return (e as NodeJS.ErrnoException).code === 'EPERM'
  }
}

function readLock(file: string): LockContent | null {
  try {
    const v = JSON.parse(readFileSync(file, 'utf8')) as Partial<LockContent>
    return typeof v.pid === 'number' && Number.isInteger(v.pid) && v.pid > 0 ? (v as LockContent) : null
  } catch {
    return null
  }
}

/**
 * Take the data dir for this process: two servers on one dir each log and replay their own
 * writes over the same files, and one's writes are lost. The lock file is created
 * exclusively (O_EXCL), so of two servers starting together one wins. A lock whose process
 * is gone (SIGKILL, a crash) is taken over; a live owner makes this throw DataDirLockedError.
 */
export function lockDataDir(dir: string): DataDirLock {
  mkdirSync(dir, { recursive: true })
  const file = resolve(dir, LOCK_FILE)
  const content: LockContent = { pid: process.pid, port: null, host: null, started: new Date().toISOString() }
  for (let attempt = 0; ; attempt++) {
    let fd: number
    try {
      fd = openSync(file, 'wx')
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST' || attempt >= 2) throw e
      const owner = readLock(file)
      // Our own pid in a lock this process does not hold is a former run's (pid 1 in a
      // container started again), so stale.
      const live = owner !== null && (owner.pid === process.pid ? held.has(file) : alive(owner.pid))
      if (owner && live) {
        const where =
          owner.port === null ? 'still starting' : `port ${owner.port}${owner.host ? ` on ${owner.host}` : ''}`
        throw new DataDirLockedError(
          `--data-dir ${dir} is used by another krs-mock (pid ${owner.pid}, ${where}); stop it or choose another --data-dir (lock file ${file})`,
        )
      }
      // No live owner (or a lock that cannot be read): stale, take it over. An unreadable
      // one may be a lock being written this very moment: look again before taking it.
      if (!owner && attempt === 0) {
        Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 50)
        if (readLock(file)) continue
      }
      try {
        unlinkSync(file)
      } catch {}
      continue
    }
    try {
      writeSync(fd, `${JSON.stringify(content)}\n`)
    } finally {
      closeSync(fd)
    }
    break
  }
  held.add(file)
  let released = false
  return {
    setAddress(host, port) {
      if (released) return
      content.host = host
      content.port = port
      writeFileSync(file, `${JSON.stringify(content)}\n`)
    },
    release() {
      if (released) return
      released = true
      held.delete(file)
      if (readLock(file)?.pid === process.pid) {
        try {
          unlinkSync(file)
        } catch {}
      }
    },
  }
}
