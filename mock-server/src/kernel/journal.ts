import { JOURNAL_MAX_DEPTH, JOURNAL_TEXT_LIMIT, jsonNestingDepth } from './journal-body.js'

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
  /** The whole request body's length when `requestText` was cut at JOURNAL_TEXT_LIMIT. */
  requestLength?: number
  /** sha256 (hex) of the whole request body's bytes when it was cut and the door computed it. */
  requestSha256?: string
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

/** Characters of bodies one tenant's journal keeps in all (the oldest entries go first). */
export const JOURNAL_TOTAL_TEXT_LIMIT = 16 * 1024 * 1024

const textOf = (e: JournalEntry): number => e.requestText.length + e.responseText.length

/**
 * A ring buffer of the most recent requests of one tenant: at most `capacity` entries and
 * `maxText` characters of bodies (each body is cut at 64 KB, so 500 entries could otherwise
 * hold 64 MB per tenant).
 */
export class Journal {
  private readonly items: (JournalEntry | undefined)[]
  private next = 0
  private count = 0
  private text = 0

  constructor(
    readonly capacity: number,
    readonly maxText = JOURNAL_TOTAL_TEXT_LIMIT,
  ) {
    this.items = new Array<JournalEntry | undefined>(capacity)
  }

  push(entry: JournalEntry): void {
    if (this.capacity === 0) return
    const old = this.items[this.next]
    if (old && this.count === this.capacity) {
      this.text -= textOf(old)
      this.count--
    }
    this.items[this.next] = entry
    this.next = (this.next + 1) % this.capacity
    this.count++
    this.text += textOf(entry)
    // Drop the oldest entries while the bodies are over the bound (the newest always stays).
    while (this.text > this.maxText && this.count > 1) {
      const first = (this.next - this.count + this.capacity) % this.capacity
      const gone = this.items[first]
      this.items[first] = undefined
      this.count--
      if (gone) this.text -= textOf(gone)
    }
  }

  /** Characters of bodies held now. */
  get textSize(): number {
    return this.text
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
    this.text = 0
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
    request: e.requestLength === undefined ? parseOrText(e.requestText) : cutNote(e),
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

/** A cut request body as the journal shows it: its size, digest and first characters. */
function cutNote(e: JournalEntry): string {
  const digest = e.requestSha256 ? `, sha256 ${e.requestSha256}` : ''
  return `<${e.requestLength} characters${digest}; the first ${JOURNAL_TEXT_LIMIT} kept> ${e.requestText.slice(0, 4096)}…`
}
