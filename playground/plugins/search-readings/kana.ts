/** Kana and kanji helpers for the search-readings remark plugin. */

const KANJI = /[\p{Script=Han}々〆ヶ]/u

/** True when the text contains at least one kanji (CJK ideograph or 々). */
export function containsKanji(text: string): boolean {
  return KANJI.test(text)
}

/** True when the text is made of katakana (and the long-vowel mark) only. */
export function isKatakana(text: string): boolean {
  return /^[\u30A1-\u30FAー]+$/u.test(text)
}

/**
 * Katakana to hiragana (ァ-ヶ map to ぁ-ゖ by a fixed offset); the long-vowel mark and
 * anything else stay as they are.
 */
export function katakanaToHiragana(text: string): string {
  return text.replace(/[\u30A1-\u30F6]/gu, (ch) => String.fromCharCode(ch.charCodeAt(0) - 0x60))
}
