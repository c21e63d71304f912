/**
 * Tool answers as text: JSON as it is (UTF-8: `JSON.stringify` leaves Japanese unescaped),
 * cut to the server's limit so that one answer cannot flood an assistant's context. A cut
 * keeps the answer valid JSON where it can: an array, or an object's longest array, keeps
 * its first whole items; other text is cut at a character boundary. The note after a cut
 * says what was left out and how to page on.
 */
export function answerText(value: unknown, maxBytes: number, hint: string): string {
  const text = typeof value === 'string' ? value : JSON.stringify(value)
  const total = Buffer.byteLength(text)
  if (total <= maxBytes) return text
  if (Array.isArray(value)) return cutArray(value, maxBytes, total, hint)
  const list = largestList(value)
  if (list !== undefined) {
    const cut = cutListIn(value as Record<string, unknown>, list, maxBytes)
    if (cut !== undefined) {
      const kept = cut.text
      return `${kept}\n\n[krs-mcp: answer cut: \`${list}\` holds the first ${cut.kept} of ${cut.of} items (${Buffer.byteLength(kept)} of ${total} bytes, limit ${maxBytes}); ${hint}]`
    }
  }
  const head = cutBytes(text, maxBytes)
  return `${head}\n\n[krs-mcp: answer cut at ${Buffer.byteLength(head)} of ${total} bytes (limit ${maxBytes}); ${hint}]`
}

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
): { text: string; kept: number; of: number } | undefined {
  const items = value[key] as unknown[]
  const render = (n: number) => JSON.stringify({ ...value, [key]: items.slice(0, n) })
  const n = longestFitting(items.length, (k) => Buffer.byteLength(render(k)) <= maxBytes)
  if (n === 0 && Buffer.byteLength(render(0)) > maxBytes) return undefined
  return { text: render(n), kept: n, of: items.length }
}

/** The largest n in [0, max] with fits(n), for a `fits` that holds up to some n and fails after. */
function longestFitting(max: number, fits: (n: number) => boolean): number {
  let lo = 0
  let hi = max
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2)
    if (fits(mid)) lo = mid
    else hi = mid - 1
  }
  return lo
}

function cutArray(items: readonly unknown[], maxBytes: number, total: number, hint: string): string {
  const lo = longestFitting(items.length, (n) => Buffer.byteLength(JSON.stringify(items.slice(0, n))) <= maxBytes)
  const kept = JSON.stringify(items.slice(0, lo))
  return `${kept}\n\n[krs-mcp: answer cut to the first ${lo} of ${items.length} items (${Buffer.byteLength(kept)} of ${total} bytes, limit ${maxBytes}); ${hint}]`
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
