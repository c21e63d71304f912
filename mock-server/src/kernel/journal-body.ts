/**
 * What the journal keeps of a body: at most JOURNAL_TEXT_LIMIT characters; text nested deeper
 * than JOURNAL_MAX_DEPTH is shown as a note when the journal is read back, so that reading it
 * (JSON.parse, then JSON.stringify of the answer) cannot overflow the stack or blow up memory.
 */
export const JOURNAL_TEXT_LIMIT = 64 * 1024
export const JOURNAL_MAX_DEPTH = 64

/** The deepest bracket nesting of a JSON text, outside strings (a linear scan, no recursion). */
export function jsonNestingDepth(text: string): number {
  let depth = 0
  let max = 0
  let inString = false
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (inString) {
      if (c === 92 /* \ */) i++
      else if (c === 34 /* " */) inString = false
      continue
    }
    if (c === 34) inString = true
    else if (c === 91 /* [ */ || c === 123 /* { */) {
      if (++depth > max) max = depth
    } else if (c === 93 || c === 125) depth--
  }
  return max
}

/**
 * The bounded copy of a body the journal stores. A cut copy is rebuilt on purpose: V8's
 * `slice` of a long string may keep a reference to the whole string, so journal entries of
 * 59 MB bodies held 59 MB each (`join` makes a new flat string). The nesting depth is checked
 * when the journal is read back (journal.ts), not here: every request stores two bodies, and
 * the scan cost a fifth of a `get_member_info` call; few entries are ever read.
 */
export function journalCopy(text: string): string {
  if (text.length <= JOURNAL_TEXT_LIMIT) return text
  return text.slice(0, JOURNAL_TEXT_LIMIT).split('').join('')
}
