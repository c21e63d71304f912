import { KrsError } from '../../../kernel/krs-error.js'
import { msg } from '../../../kernel/messages.js'

/** CR, LF and NUL: what would end a mail header line or cut it. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: NUL is one of the characters refused
const HEADER_BREAK = /[\r\n\u0000]/
// biome-ignore lint/suspicious/noControlCharactersInRegex: NUL is one of the characters folded
const HEADER_BREAKS = /[\r\n\u0000]+/g

/** Refuse a header field value that contains CR, LF or NUL (KR_API_F0004 naming the field). */
export function checkHeaderField(key: string, value: string | null | undefined): void {
  if (typeof value !== 'string') return
  const m = HEADER_BREAK.exec(value)
  if (m) {
    const name = m[0] === '\r' ? 'CR' : m[0] === '\n' ? 'LF' : 'NUL'
    throw new KrsError('KR_API_F0004', msg('header_multiline', { key, name, position: m.index + 1 }))
  }
}

/** A header value folded to one line: each run of CR, LF and NUL becomes one space. */
export function foldHeaderValue(value: string): string {
  return HEADER_BREAK.test(value) ? value.replace(HEADER_BREAKS, ' ') : value
}
