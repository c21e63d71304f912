// The in-browser emulator's state kept across page loads and tabs of the site: the engine's
// whole state (exportState, which carries each tenant's clock and random state) in IndexedDB,
// and a BroadcastChannel on which the tab that saved tells the others to load it again.
// Used by the engine's worker only (IndexedDB and BroadcastChannel exist in workers).

const DB_NAME = 'krs-playground'
const STORE = 'state'
const KEY = 'engine'
/** The channel the site's tabs share; its messages are `SavedNotice`. */
export const STATE_CHANNEL = 'krs-playground-state'

export interface SavedNotice {
  /** The worker that saved (a tab ignores its own notices). */
  from: string
}

function request<T>(r: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    r.onsuccess = () => resolve(r.result)
    r.onerror = () => reject(r.error ?? new Error('IndexedDB request failed'))
  })
}

let db: Promise<IDBDatabase> | null = null
function open(): Promise<IDBDatabase> {
  db ??= new Promise<IDBDatabase>((resolve, reject) => {
    const r = indexedDB.open(DB_NAME, 1)
    r.onupgradeneeded = () => r.result.createObjectStore(STORE)
    r.onsuccess = () => resolve(r.result)
    r.onerror = () => reject(r.error ?? new Error('IndexedDB could not be opened'))
  })
  return db
}

/** The saved state, or undefined when none was saved (or storage is unavailable). */
export async function readSavedState(): Promise<unknown> {
  try {
    const d = await open()
    return await request(d.transaction(STORE, 'readonly').objectStore(STORE).get(KEY))
  } catch {
    return undefined
  }
}

/** Saves the state; resolves once the transaction has committed. */
export async function writeSavedState(state: unknown): Promise<void> {
  const d = await open()
  const tx = d.transaction(STORE, 'readwrite')
  tx.objectStore(STORE).put(state, KEY)
  await new Promise<void>((resolve, reject) => {
    tx.oncomplete = () => resolve()
    tx.onerror = () => reject(tx.error ?? new Error('IndexedDB write failed'))
    tx.onabort = () => reject(tx.error ?? new Error('IndexedDB write aborted'))
  })
}

/**
 * Runs `save` after changes, one save at a time: changes made while a save runs are written
 * by one more save after it (so a burst of writes costs at most two saves). `settled()`
 * resolves once everything changed so far is written (a failed save rejects it).
 */
export function coalescingSaver(save: () => Promise<void>): { changed(): void; settled(): Promise<void> } {
  let running: Promise<void> | null = null
  let dirty = false
  const kick = (): void => {
    const run = (async () => {
      while (dirty) {
        dirty = false
        await save()
      }
    })()
    running = run.finally(() => {
      running = null
      if (dirty) kick()
    })
    // a failure is reported to whoever waits in settled(); none waiting is not an error here
    running.catch(() => undefined)
  }
  return {
    changed() {
      dirty = true
      if (!running) kick()
    },
    async settled() {
      while (running) await running
    },
  }
}
