/**
 * The calls made to the playground's targets, newest first (localStorage: the in-browser
 * emulator's state outlives the page and is shared by the site's tabs, and so is its list of
 * calls; never the token).
 */
export interface HistoryEntry {
  at: string
  name: string
  body: string
  target: string
  status: number
  ms: number
  errorCode: string | null
}

/** localStorage key of the list (other tabs watch it through the storage event). */
export const HISTORY_KEY = 'krs-playground-history'
const MAX = 50

export function readHistory(): HistoryEntry[] {
  try {
    const v = JSON.parse(localStorage.getItem(HISTORY_KEY) ?? '[]') as unknown
    return Array.isArray(v) ? (v as HistoryEntry[]) : []
  } catch {
    return []
  }
}

export function addHistory(entry: HistoryEntry): HistoryEntry[] {
  const next = [entry, ...readHistory()].slice(0, MAX)
  try {
    localStorage.setItem(HISTORY_KEY, JSON.stringify(next))
  } catch {
    // storage full or disabled: keep the list in memory only
  }
  return next
}

/** Empties the list (the emulator was reset: its calls are gone with its state). */
export function clearHistory(): void {
  try {
    localStorage.removeItem(HISTORY_KEY)
  } catch {
    // no storage
  }
}
