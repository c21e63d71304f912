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

/**
 * A ring buffer of the most recent requests of one tenant: at most `capacity` entries and
 * `maxText` characters of bodies (each body is cut at 64 KB, so 500 entries could otherwise
 * hold 64 MB per tenant).
 *
 * Kept by column, not as one object per entry: every answered request adds an entry, and an
 * entry lives for the next `capacity` requests, so each object and boxed number of an entry
 * survived the young generation and was copied by the collector (the journal was the largest
 * item of the emulator's own work per `get_member_info` call, bench/README.md). The numbers
 * go to typed arrays, the texts to arrays; `list` builds the entries when someone reads them.
 */
export class Journal {
  private readonly ids: (string | undefined)[]
  private readonly methods: (string | undefined)[]
  private readonly paths: (string | undefined)[]
  private readonly operations: (string | null)[]
  private readonly errorCodes: (string | null)[]
  private readonly requestTexts: (string | undefined)[]
  private readonly responseTexts: (string | undefined)[]
  /** Only for entries whose request body was cut (JournalEntry.requestLength / requestSha256). */
  private readonly cut: ({ length: number; sha256: string | undefined } | undefined)[]
  /** at, wallMs, durationMs, status of each entry, four numbers an entry. */
  private readonly numbers: Float64Array
  /** Characters of bodies of each entry. */
  private readonly textSizes: Float64Array
  private next = 0
  private count = 0
  private text = 0
  /**
   * The last path and request text stored: an equal one of the next entry is stored as this
   * same string. Clients send the same path and often the same body again and again; the
   * string made for each request then dies young instead of living in the journal for the
   * next `capacity` requests (each such string was copied by the collector and remembered as
   * a young value in an old list).
   */
  private lastPath = ''
  private lastRequestText = ''

  constructor(
    readonly capacity: number,
    readonly maxText = JOURNAL_TOTAL_TEXT_LIMIT,
  ) {
    const texts = <T>(fill: T): T[] => new Array<T>(capacity).fill(fill)
    this.ids = texts<string | undefined>(undefined)
    this.methods = texts<string | undefined>(undefined)
    this.paths = texts<string | undefined>(undefined)
    this.operations = texts<string | null>(null)
    this.errorCodes = texts<string | null>(null)
    this.requestTexts = texts<string | undefined>(undefined)
    this.responseTexts = texts<string | undefined>(undefined)
    this.cut = texts<{ length: number; sha256: string | undefined } | undefined>(undefined)
    this.numbers = new Float64Array(capacity * 4)
    this.textSizes = new Float64Array(capacity)
  }

  push(entry: JournalEntry): void {
    this.add(
      entry.id,
      entry.at,
      entry.wallMs,
      entry.method,
      entry.path,
      entry.operation,
      entry.status,
      entry.errorCode,
      entry.durationMs,
      entry.requestText,
      entry.responseText,
      entry.requestLength,
      entry.requestSha256,
    )
  }

  /** `push` without an entry object (the pipeline's path: one call per answered request). */
  add(
    id: string,
    at: number,
    wallMs: number,
    method: string,
    path: string,
    operation: string | null,
    status: number,
    errorCode: string | null,
    durationMs: number,
    requestText: string,
    responseText: string,
    requestLength: number | undefined,
    requestSha256: string | undefined,
  ): void {
    if (this.capacity === 0) return
    const i = this.next
    if (this.count === this.capacity) {
      this.text -= this.textSizes[i]!
      this.count--
    }
    this.ids[i] = id
    this.methods[i] = method
    if (path === this.lastPath) path = this.lastPath
    else this.lastPath = path
    if (requestText === this.lastRequestText) requestText = this.lastRequestText
    else this.lastRequestText = requestText
    this.paths[i] = path
    this.operations[i] = operation
    this.errorCodes[i] = errorCode
    this.requestTexts[i] = requestText
    this.responseTexts[i] = responseText
    if (requestLength !== undefined) this.cut[i] = { length: requestLength, sha256: requestSha256 }
    else if (this.cut[i] !== undefined) this.cut[i] = undefined
    const n = i * 4
    this.numbers[n] = at
    this.numbers[n + 1] = wallMs
    this.numbers[n + 2] = durationMs
    this.numbers[n + 3] = status
    const size = requestText.length + responseText.length
    this.textSizes[i] = size
    this.next = i + 1 === this.capacity ? 0 : i + 1
    this.count++
    this.text += size
    // Drop the oldest entries while the bodies are over the bound (the newest always stays).
    while (this.text > this.maxText && this.count > 1) {
      const first = (this.next - this.count + this.capacity) % this.capacity
      this.text -= this.textSizes[first]!
      this.forget(first)
      this.count--
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
    for (let k = 0; k < this.count; k++) {
      const i = (start + k) % this.capacity
      if (!filter?.operation || this.operations[i] === filter.operation) out.push(this.entry(i))
    }
    const limit = filter?.limit
    return limit !== undefined && out.length > limit ? out.slice(out.length - limit) : out
  }

  clear(): void {
    for (let i = 0; i < this.capacity; i++) this.forget(i)
    this.numbers.fill(0)
    this.textSizes.fill(0)
    this.next = 0
    this.count = 0
    this.text = 0
    this.lastPath = ''
    this.lastRequestText = ''
  }

  /** The entry in slot `i`, as it was pushed. */
  private entry(i: number): JournalEntry {
    const n = i * 4
    const e: JournalEntry = {
      id: this.ids[i]!,
      at: this.numbers[n]!,
      wallMs: this.numbers[n + 1]!,
      method: this.methods[i]!,
      path: this.paths[i]!,
      operation: this.operations[i]!,
      status: this.numbers[n + 3]!,
      errorCode: this.errorCodes[i]!,
      durationMs: this.numbers[n + 2]!,
      requestText: this.requestTexts[i]!,
      responseText: this.responseTexts[i]!,
    }
    const cut = this.cut[i]
    if (cut !== undefined) {
      e.requestLength = cut.length
      if (cut.sha256 !== undefined) e.requestSha256 = cut.sha256
    }
    return e
  }

  /** Let go of the texts of slot `i` (its numbers are overwritten by the next entry there). */
  private forget(i: number): void {
    this.ids[i] = undefined
    this.methods[i] = undefined
    this.paths[i] = undefined
    this.operations[i] = null
    this.errorCodes[i] = null
    this.requestTexts[i] = undefined
    this.responseTexts[i] = undefined
    this.cut[i] = undefined
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
