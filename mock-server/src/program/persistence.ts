import { open, readFile, readdir, rename, mkdir, unlink } from 'node:fs/promises'
import { join } from 'node:path'
import type { Engine } from '../kernel/create-engine.js'
import { processAlive } from './data-dir-lock.js'

export const STATE_FILE = 'krs-mock-state.json'

/** Write `text` to `file` atomically: temp file, fsync, rename, fsync the folder. */
export async function writeFileAtomic(file: string, text: string): Promise<void> {
  const tmp = `${file}.${process.pid}.${Date.now()}.tmp`
  const fh = await open(tmp, 'w')
  try {
    await fh.writeFile(text, 'utf8')
    await fh.sync()
  } finally {
    await fh.close()
  }
  try {
    await rename(tmp, file)
  } catch (e) {
    await unlink(tmp).catch(() => {})
    throw e
  }
  const dir = await open(join(file, '..'), 'r').catch(() => null)
  if (dir) {
    await dir.sync().catch(() => {})
    await dir.close()
  }
}

/** A temp file of writeFileAtomic: `<file>.<pid>.<ms>.tmp`. */
const TEMP_FILE = /^(.+)\.(\d+)\.(\d+)\.tmp$/

/**
 * Remove the temp files that writeFileAtomic left in `dir` when its process was killed
 * between writing and renaming (SIGKILL, power loss). Only temp files of `names` whose
 * process is gone are removed (or this pid's from before this process started: a container
 * whose pid 1 started again); the file they were to replace is whole, since the rename never
 * happened. Returns the names removed.
 */
export async function removeStaleTempFiles(dir: string, names: readonly string[]): Promise<string[]> {
  const startedMs = Date.now() - process.uptime() * 1000
  const removed: string[] = []
  for (const entry of await readdir(dir).catch(() => [] as string[])) {
    const m = TEMP_FILE.exec(entry)
    if (!m || !names.includes(m[1]!)) continue
    const pid = Number(m[2])
    const stale = pid === process.pid ? Number(m[3]) < startedMs : !processAlive(pid)
    if (!stale) continue
    await unlink(join(dir, entry)).then(
      () => removed.push(entry),
      () => {},
    )
  }
  return removed
}

/** Load the saved state of `dir` into the engine; false when there is none yet. */
export async function loadState(engine: Engine, dir: string): Promise<boolean> {
  let text: string
  try {
    text = await readFile(join(dir, STATE_FILE), 'utf8')
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return false
    throw e
  }
  engine.importState(JSON.parse(text))
  return true
}

export async function saveState(engine: Engine, dir: string): Promise<void> {
  await mkdir(dir, { recursive: true })
  await writeFileAtomic(join(dir, STATE_FILE), JSON.stringify(engine.exportState()))
}

export interface Autosave {
  /** Save now if anything changed since the last save. */
  flush(): Promise<void>
  stop(): void
}

/** Save every `intervalMs` when the engine's change counter moved (one save at a time). */
export function startAutosave(
  engine: Engine,
  dir: string,
  intervalMs = 3000,
  onError: (e: unknown) => void = console.error,
): Autosave {
  let saved = engine.changes
  let running: Promise<void> | null = null
  const flush = async (): Promise<void> => {
    while (running) await running
    if (engine.changes === saved) return
    const at = engine.changes
    running = saveState(engine, dir)
      .then(() => {
        saved = at
      })
      .finally(() => {
        running = null
      })
    await running
  }
  const timer = setInterval(() => {
    flush().catch(onError)
  }, intervalMs)
  timer.unref()
  return { flush, stop: () => clearInterval(timer) }
}
