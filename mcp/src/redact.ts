/**
 * Secret scrubbing for everything the server says. A secret is removed in the forms a
 * careless server echoes it in: as it is, URL-encoded (either hex case, `+` or `%20` for a
 * space) and JSON-escaped (inside a JSON string of a JSON string). Values that are not
 * secrets are never used: the emulator's documented tokens, whose values equal their
 * names (`krs-all`, ...) and appear in every guide, and values shorter than
 * `minSecretLength`, which would match inside ordinary words and break answers (a
 * one-character token would turn every `a` into `***`). A short token is scrubbed
 * only where it follows `Bearer` (an echoed Authorization header).
 */

/** The emulator's built-in token names (their values equal their names): documentation, not secrets. */
export const documentedEmulatorTokens: readonly string[] = [
  'krs-all',
  'krs-work',
  'krs-operation',
  'krs-reference',
  'krs-search',
  'krs-noencrypt',
  'krs-nomail',
  'krs-table1',
]

/** Shorter values are not scrubbed as text (they would match inside ordinary words). */
export const minSecretLength = 8

export const redactedMark = '***'

const escapeRegExp = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/** A URL-encoded form matching either hex case and `+` or `%20` for a space. */
function urlEncodedPattern(value: string): string | undefined {
  const encoded = encodeURIComponent(value)
  if (encoded === value) return undefined
  return encoded
    .split(/(%[0-9A-F]{2})/)
    .filter(Boolean)
    .map((part) => {
      if (part === '%20') return '(?:%20|\\+)'
      if (/^%[0-9A-F]{2}$/.test(part))
        return `%${part[1]}[${part.slice(2).toUpperCase()}${part.slice(2).toLowerCase()}]`
      return escapeRegExp(part)
    })
    .join('')
}

/** Every form of `value` to look for, as regular-expression sources, longest first. */
function formsOf(value: string): string[] {
  const forms = new Set<string>([escapeRegExp(value)])
  const url = urlEncodedPattern(value)
  if (url) forms.add(url)
  let json = value
  // A JSON string inside a JSON string escapes twice: the server's answer, then krs-mcp's.
  for (let i = 0; i < 2; i++) {
    json = JSON.stringify(json).slice(1, -1)
    if (json !== value) forms.add(escapeRegExp(json))
  }
  return [...forms].sort((a, b) => b.length - a.length)
}

/** True when `value` is worth scrubbing as text (see the module comment). */
export function isScrubbable(value: string): boolean {
  return value.length >= minSecretLength && !documentedEmulatorTokens.includes(value)
}

/** The set of secrets a server holds, and the scrubbing of any text it sends. */
export class Redactor {
  private readonly forms = new Set<string>()
  private pattern: RegExp | undefined

  /**
   * Remembers a secret. A documented emulator token is ignored; a short one is scrubbed
   * only where it follows `Bearer` (an echoed Authorization header), never inside words.
   */
  add(value: string | undefined): void {
    if (value === undefined || value === '' || documentedEmulatorTokens.includes(value)) return
    const forms = isScrubbable(value)
      ? formsOf(value)
      : // "Bearer x" as it is or URL-encoded, ending where a token character could not follow.
        formsOf(value).map((f) => `(?<=\\bBearer(?: |%20|\\+))${f}(?![A-Za-z0-9._~+/=-])`)
    for (const f of forms) this.forms.add(f)
    const all = [...this.forms].sort((a, b) => b.length - a.length)
    this.pattern = new RegExp(all.join('|'), 'g')
  }

  /** The text with every form of every secret replaced by `***`. */
  redact(text: string): string {
    return this.pattern ? text.replace(this.pattern, redactedMark) : text
  }
}
