import { answerText, longestFitting } from './answer.js'

/** Room kept under the answer limit for the note after a page. */
const noteRoom = 400

/** One page of `records` from `offset`: as many as `fits` takes, at most `limit`, at least one when any remain. */
export function pageRecords<T>(
  records: readonly T[],
  offset: number,
  limit: number,
  fits: (slice: readonly T[]) => boolean,
): { slice: T[]; next: number | null; remaining: number } {
  const rest = records.slice(offset, offset + limit)
  const n = Math.max(
    Math.min(1, rest.length),
    longestFitting(rest.length, (k) => fits(rest.slice(0, k))),
  )
  const slice = rest.slice(0, n)
  const end = offset + n
  return { slice, next: end < records.length ? end : null, remaining: Math.max(0, records.length - end) }
}

/**
 * The records (lines) of a CSV or TSV text: a newline inside a quoted field does not end
 * one. Each record keeps its own text as it was (without the line end).
 */
export function splitRecords(text: string): string[] {
  const records: string[] = []
  let start = 0
  let quoted = false
  for (let i = 0; i < text.length; i++) {
    const c = text[i]
    if (c === '"') quoted = !quoted
    else if (c === '\n' && !quoted) {
      records.push(text.slice(start, i).replace(/\r$/, ''))
      start = i + 1
    }
  }
  if (start < text.length) records.push(text.slice(start).replace(/\r$/, ''))
  return records
}

/**
 * A text answer with a header line (a batch job's result file) as pages of whole rows:
 * the header, then the rows from `offset` that fit, then a note with the rows left and
 * the argument that brings them (`again(next)`).
 */
export function pageTextRows(text: string, offset: number, maxBytes: number, again: (next: number) => string): string {
  if (offset === 0 && Buffer.byteLength(text) <= maxBytes) return text
  const [header = '', ...rows] = splitRecords(text)
  const budget = maxBytes - noteRoom
  const headBytes = Buffer.byteLength(header) + 1
  const page = pageRecords(rows, offset, rows.length, (s) => headBytes + Buffer.byteLength(s.join('\n')) <= budget)
  const body = [header, ...page.slice].join('\n')
  const shown = page.slice.length
  const range = shown > 0 ? `rows ${offset + 1}–${offset + shown}` : 'no rows'
  const way = page.next === null ? 'this is the last page' : `${page.remaining} rows remain: ${again(page.next)}`
  return `${body}\n\n[krs-mcp: ${range} of ${rows.length} shown after the header line; ${way}]`
}

/**
 * A JSON answer from item `offset` of its list (the answer itself when it is an array,
 * else its longest array), cut to the limit; the note names the next offset.
 */
export function pageJsonList(
  value: unknown,
  offset: number,
  maxBytes: number,
  again: (next: number) => string,
  otherwise: string,
): string {
  const key = Array.isArray(value) ? undefined : longestListKey(value)
  const list = Array.isArray(value)
    ? value
    : key !== undefined
      ? ((value as Record<string, unknown>)[key] as unknown[])
      : undefined
  if (list === undefined) return answerText(value, maxBytes, otherwise)
  const rest = list.slice(offset)
  const shown = key === undefined ? rest : { ...(value as object), [key]: rest }
  const text = answerText(shown, maxBytes, (cut) =>
    cut ? `${list.length - offset - cut.kept} items remain: ${again(offset + cut.kept)}` : otherwise,
  )
  if (offset === 0 || text.includes('\n\n[krs-mcp:')) return text
  return `${text}\n\n[krs-mcp: items ${offset + 1}–${list.length} of ${list.length}${key ? ` of \`${key}\`` : ''}; this is the last page]`
}

function longestListKey(value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null) return undefined
  let best: string | undefined
  let size = -1
  for (const [k, v] of Object.entries(value))
    if (Array.isArray(v) && JSON.stringify(v).length > size) [best, size] = [k, JSON.stringify(v).length]
  return best
}
