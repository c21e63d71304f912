/** The calls of this browser session (sessionStorage; never the token). */
export interface HistoryEntry {
  at: string
  name: string
  body: string
  target: string
  status: number
  ms: number
  errorCode: string | null
}

const KEY = 'krs-playground-history'
const MAX = 50

export function readHistory(): HistoryEntry[] {
  try {
    const v = JSON.parse(sessionStorage.getItem(KEY) ?? '[]') as unknown
    return Array.isArray(v) ? (v as HistoryEntry[]) : []
  } catch {
    return []
  }
}

export function addHistory(entry: HistoryEntry): HistoryEntry[] {
  const next = [entry, ...readHistory()].slice(0, MAX)
  try {
    sessionStorage.setItem(KEY, JSON.stringify(next))
  } catch {
    // storage full or disabled: keep the list in memory only
  }
  return next
}
