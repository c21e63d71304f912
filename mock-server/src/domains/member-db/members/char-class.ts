import type { CharClass } from '../member-db-state.js'

/**
 * Device-dependent characters (機種依存文字): circled and parenthesised numbers, Roman
 * numerals, squared words (㍉ ㌔ ㈱ ...), № ℡, dingbats and emoji.
 */
const VENDOR = /[\u2160-\u217F\u2460-\u24FF\u2600-\u27BF\u3200-\u33FF\u2116\u2121\u{1F000}-\u{1FAFF}]/u

const CLASS_RE: Partial<Record<CharClass, RegExp>> = {
  number: /^[0-9]*$/,
  alphabet: /^[A-Za-z]*$/,
  alphanum: /^[A-Za-z0-9]*$/,
  hankaku: /^[\x20-\x7E\uFF61-\uFF9F]*$/,
  hiragana: /^[\u3041-\u309F\u30FC\u3000 ]*$/,
  katakana: /^[\u30A1-\u30FA\u30FC-\u30FE\u3000 ]*$/,
  zenkaku: /^[^\p{ASCII}\uFF61-\uFF9F]*$/u,
}

/** Japanese name of each class, for messages. */
export const charClassLabel: Record<CharClass, string> = {
  any_vender: '任意の文字（機種依存文字を含む）',
  any: '機種依存文字以外の文字',
  number: '半角数字',
  alphabet: '半角英字',
  alphanum: '半角英数字',
  hankaku: '半角文字',
  hiragana: 'ひらがな',
  katakana: '全角カタカナ',
  zenkaku: '全角文字',
  allow_vender: '任意の文字（機種依存文字を含む）',
  disallow_vender: '機種依存文字以外の文字',
}

export function hasVendorChars(s: string): boolean {
  return VENDOR.test(s)
}

/** Whether `s` fits the character class (device-dependent characters only where allowed). */
export function matchesCharClass(s: string, cls: CharClass): boolean {
  if (cls === 'any_vender' || cls === 'allow_vender') return true
  if (hasVendorChars(s)) return false
  const re = CLASS_RE[cls]
  return re ? re.test(s) : true
}

/**
 * Length in characters (code points), as users count them; counting stops past `upTo` (the
 * answer is then some number above it): a hostile value of millions of characters is not
 * walked to its end to learn that it is too long.
 */
export function charLength(s: string, upTo = Number.POSITIVE_INFINITY): number {
  // a code point takes one or two UTF-16 units
  if (s.length > 2 * upTo) return Math.ceil(s.length / 2)
  let n = 0
  for (const _ of s) if (++n > upTo) return n
  return n
}
