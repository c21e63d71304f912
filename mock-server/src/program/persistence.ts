import { open, readFile, rename, mkdir, unlink } from 'node:fs/promises'
import { join } from 'node:path'
import type { Engine } from '../kernel/create-engine.js'

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
