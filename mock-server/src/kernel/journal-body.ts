/**
 * What the journal keeps of a body: at most JOURNAL_TEXT_LIMIT characters, and never text
 * nested deeper than JOURNAL_MAX_DEPTH, so that reading the journal back (JSON.parse, then
 * JSON.stringify of the answer) cannot overflow the stack or blow up memory.
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

/** The bounded, depth-limited copy of a body the journal stores. */
export function journalCopy(text: string): string {
  const cut = text.length > JOURNAL_TEXT_LIMIT ? text.slice(0, JOURNAL_TEXT_LIMIT) : text
  const depth = jsonNestingDepth(cut)
  if (depth > JOURNAL_MAX_DEPTH)
    return `<${text.length} characters nested ${depth} levels deep; the journal keeps bodies up to ${JOURNAL_MAX_DEPTH} levels>`
  return cut
}
