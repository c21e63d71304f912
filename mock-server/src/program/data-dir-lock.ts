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
  /**
   * When that pid's process started (Linux: field 22 of /proc/PID/stat, clock ticks since
   * boot), so that a pid reused by another process is not taken for the owner.
   */
  pidStart?: string | null
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

/** Whether a process with this pid exists (of any user). */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (e) {
    // EPERM: the process exists but belongs to another user.
    return (e as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/** The start time of a process (/proc/PID/stat field 22), or null where /proc does not show it. */
export function processStart(pid: number | 'self'): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    // the command name (field 2) is in parentheses and may hold spaces: count from after it
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null
  } catch {
    return null
  }
}

/** A Node process or a krs-mock/krs command line; null when /proc does not show it. */
function looksLikeOwner(pid: number): boolean | null {
  try {
    const cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8')
    return /node|krs/.test(cmd)
  } catch {
    return null
  }
}

/**
 * Whether the process named by a lock still owns it: its pid is alive and is the same process
 * (the start time recorded matches; a lock without one, hand-written or older, must name a
 * Node or krs process). Our own pid in a lock this process does not hold is a former run's
 * (pid 1 in a container started again).
 */
function ownerAlive(owner: LockContent, file: string): { live: boolean; reused: boolean } {
  if (owner.pid === process.pid) return { live: held.has(file), reused: false }
  if (!processAlive(owner.pid)) return { live: false, reused: false }
  const now = processStart(owner.pid)
  if (now !== null && owner.pidStart) return { live: now === owner.pidStart, reused: now !== owner.pidStart }
  const same = looksLikeOwner(owner.pid)
  return same === false ? { live: false, reused: true } : { live: true, reused: false }
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
 * is gone (SIGKILL, a crash), or whose pid now belongs to another process (`warn` says so), is
 * taken over; a live owner makes this throw DataDirLockedError.
 */
export function lockDataDir(dir: string, warn: (message: string) => void = () => {}): DataDirLock {
  mkdirSync(dir, { recursive: true })
  const file = resolve(dir, LOCK_FILE)
  const content: LockContent = {
    pid: process.pid,
    pidStart: processStart('self'),
    port: null,
    host: null,
    started: new Date().toISOString(),
  }
  for (let attempt = 0; ; attempt++) {
    let fd: number
    try {
      fd = openSync(file, 'wx')
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST' || attempt >= 2) throw e
      const owner = readLock(file)
      const { live, reused } = owner ? ownerAlive(owner, file) : { live: false, reused: false }
      if (owner && reused)
        warn(
          `the lock ${file} names pid ${owner.pid}, which is now another process (not the krs-mock that wrote it); taking it over`,
        )
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
