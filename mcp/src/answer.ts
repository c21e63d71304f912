/**
 * Tool answers as text: JSON as it is (UTF-8: `JSON.stringify` leaves Japanese unescaped),
 * cut to the server's limit so that one answer cannot flood an assistant's context. A cut
 * array keeps whole items; other text is cut at a character boundary. The note after a cut
 * says what was left out and how to page on.
 */
export function answerText(value: unknown, maxBytes: number, hint: string): string {
  const text = typeof value === 'string' ? value : JSON.stringify(value)
  const total = Buffer.byteLength(text)
  if (total <= maxBytes) return text
  if (Array.isArray(value)) return cutArray(value, maxBytes, total, hint)
  const head = cutBytes(text, maxBytes)
  return `${head}\n\n[krs-mcp: answer cut at ${Buffer.byteLength(head)} of ${total} bytes (limit ${maxBytes}); ${hint}]`
}

function cutArray(items: readonly unknown[], maxBytes: number, total: number, hint: string): string {
  // The longest prefix whose JSON fits (binary search: its size grows with the count).
  let lo = 0
  let hi = items.length
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2)
    if (Buffer.byteLength(JSON.stringify(items.slice(0, mid))) <= maxBytes) lo = mid
    else hi = mid - 1
  }
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
