/**
 * Tool answers as text: JSON as it is (UTF-8: `JSON.stringify` leaves Japanese unescaped),
 * cut to the server's limit so that one answer cannot flood an assistant's context. A cut
 * keeps the answer valid JSON where it can: an array, or an object's longest array, keeps
 * its first whole items; other text is cut at a character boundary. The note after a cut
 * says what was left out and how to page on.
 */
export function answerText(value: unknown, maxBytes: number, hint: Hint, options: CutOptions = {}): string {
  const text = typeof value === 'string' ? value : JSON.stringify(value)
  const total = Buffer.byteLength(text)
  if (total <= maxBytes) return text
  const newest = options.keep === 'last'
  const which = newest ? 'newest' : 'first'
  if (Array.isArray(value)) return cutArray(value, maxBytes, total, hint, newest)
  const list = largestList(value)
  if (list !== undefined) {
    const cut = cutListIn(value as Record<string, unknown>, list, maxBytes, newest)
    if (cut !== undefined) {
      const kept = cut.text
      const left = newest ? `; ${cut.of - cut.kept} older left out` : ''
      return `${kept}\n\n[krs-mcp: answer cut: \`${list}\` holds the ${which} ${cut.kept} of ${cut.of} items${left} (${Buffer.byteLength(kept)} of ${total} bytes, limit ${maxBytes}); ${hintText(hint, { kept: cut.kept, of: cut.of })}]`
    }
  }
  const head = cutBytes(text, maxBytes)
  return `${head}\n\n[krs-mcp: answer cut at ${Buffer.byteLength(head)} of ${total} bytes (limit ${maxBytes}); ${hintText(hint, undefined)}]`
}

/** What a cut kept of a list: `kept` whole items of `of`. */
export interface ListCut {
  kept: number
  of: number
}

/** The note's way on: a text, or one made from what the cut kept (undefined: no list was cut). */
export type Hint = string | ((cut: ListCut | undefined) => string)

export interface CutOptions {
  /** Which end of a list to keep: the first items (default), or the last (the newest of a journal). */
  keep?: 'first' | 'last'
}

const hintText = (hint: Hint, cut: ListCut | undefined): string => (typeof hint === 'string' ? hint : hint(cut))

/** The key of an object's longest array (by its JSON), where a cut keeps the answer valid JSON. */
function largestList(value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null) return undefined
  let best: string | undefined
  let bestSize = 0
  for (const [k, v] of Object.entries(value)) {
    if (!Array.isArray(v)) continue
    const size = JSON.stringify(v).length
    if (size > bestSize) [best, bestSize] = [k, size]
  }
  return best
}

/** The object with `key`'s array cut to the longest prefix that fits, or undefined when none does. */
function cutListIn(
  value: Record<string, unknown>,
  key: string,
  maxBytes: number,
  newest: boolean,
): { text: string; kept: number; of: number } | undefined {
  const items = value[key] as unknown[]
  const render = (n: number) => JSON.stringify({ ...value, [key]: keepOf(items, n, newest) })
  const n = longestFitting(items.length, (k) => Buffer.byteLength(render(k)) <= maxBytes)
  if (n === 0 && Buffer.byteLength(render(0)) > maxBytes) return undefined
  return { text: render(n), kept: n, of: items.length }
}

/** The largest n in [0, max] with fits(n), for a `fits` that holds up to some n and fails after. */
export function longestFitting(max: number, fits: (n: number) => boolean): number {
  let lo = 0
  let hi = max
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2)
    if (fits(mid)) lo = mid
    else hi = mid - 1
  }
  return lo
}

/** The first n items, or the last n. */
const keepOf = <T>(items: readonly T[], n: number, newest: boolean): T[] =>
  newest ? items.slice(items.length - n) : items.slice(0, n)

function cutArray(items: readonly unknown[], maxBytes: number, total: number, hint: Hint, newest: boolean): string {
  const lo = longestFitting(
    items.length,
    (n) => Buffer.byteLength(JSON.stringify(keepOf(items, n, newest))) <= maxBytes,
  )
  const kept = JSON.stringify(keepOf(items, lo, newest))
  return `${kept}\n\n[krs-mcp: answer cut to the ${newest ? 'newest' : 'first'} ${lo} of ${items.length} items (${Buffer.byteLength(kept)} of ${total} bytes, limit ${maxBytes}); ${hintText(hint, { kept: lo, of: items.length })}]`
}

/** The longest prefix of `text` within `maxBytes` UTF-8 bytes, never splitting a character. */
export function cutBytes(text: string, maxBytes: number): string {
  const buf = Buffer.from(text)
  if (buf.length <= maxBytes) return text
  let end = maxBytes
  // Step back over continuation bytes (10xxxxxx) to the start of the cut character.
  while (end > 0 && ((buf[end] as number) & 0xc0) === 0x80) end--
  return buf.subarray(0, end).toString('utf8')
}
