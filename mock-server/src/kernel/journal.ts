import { JOURNAL_MAX_DEPTH, jsonNestingDepth } from './journal-body.js'

/** One request as the journal keeps it. Bodies stay as text until someone reads them. */
export interface JournalEntry {
  id: string
  /** Virtual time of the request (tenant clock, unix seconds). */
  at: number
  /** Wall time, ms since the epoch. */
  wallMs: number
  method: string
  path: string
  operation: string | null
  status: number
  errorCode: string | null
  durationMs: number
  requestText: string
  responseText: string
}

/** The JSON shape `GET /__mock/journal` answers for one entry. */
export interface JournalEntryJson {
  id: string
  at: number
  wall_time: string
  method: string
  path: string
  operation: string | null
  status: number
  error_code: string | null
  duration_ms: number
  request: unknown
  response: unknown
}

/** A fixed-size ring buffer of the most recent requests of one tenant. */
export class Journal {
  private readonly items: (JournalEntry | undefined)[]
  private next = 0
  private count = 0

  constructor(readonly capacity: number) {
    this.items = new Array<JournalEntry | undefined>(capacity)
  }

  push(entry: JournalEntry): void {
    if (this.capacity === 0) return
    this.items[this.next] = entry
    this.next = (this.next + 1) % this.capacity
    if (this.count < this.capacity) this.count++
  }

  /** Oldest first. */
  list(filter?: { operation?: string | null; limit?: number }): JournalEntry[] {
    const out: JournalEntry[] = []
    const start = (this.next - this.count + this.capacity) % Math.max(this.capacity, 1)
    for (let i = 0; i < this.count; i++) {
      const e = this.items[(start + i) % this.capacity]
      if (e && (!filter?.operation || e.operation === filter.operation)) out.push(e)
    }
    const limit = filter?.limit
    return limit !== undefined && out.length > limit ? out.slice(out.length - limit) : out
  }

  clear(): void {
    this.items.fill(undefined)
    this.next = 0
    this.count = 0
  }
}

export function journalEntryToJson(e: JournalEntry): JournalEntryJson {
  return {
    id: e.id,
    at: e.at,
    wall_time: new Date(e.wallMs).toISOString(),
    method: e.method,
    path: e.path,
    operation: e.operation,
    status: e.status,
    error_code: e.errorCode,
    duration_ms: e.durationMs,
    request: parseOrText(e.requestText),
    response: parseOrText(e.responseText),
  }
}

function parseOrText(text: string): unknown {
  if (text === '') return null
  // Bodies are stored as sent (journal-body.ts); a deep one is described, never parsed.
  if (jsonNestingDepth(text) > JOURNAL_MAX_DEPTH) return `<${text.length} characters, nested too deep to show>`
  try {
    return JSON.parse(text)
  } catch {
    return text.length > 4096 ? `${text.slice(0, 4096)}…` : text
  }
}
