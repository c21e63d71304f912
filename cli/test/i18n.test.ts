import { describe, expect, it } from 'vitest'
import { orList, pickLang, setLang, t } from '../src/i18n/lang.js'
import { messages } from '../src/i18n/messages.js'

const placeholders = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort()

describe('the message catalogue', () => {
  it('every message has a Japanese and an English text with the same placeholders', () => {
    for (const [key, m] of Object.entries(messages)) {
      expect(m.ja.trim(), key).not.toBe('')
      expect(m.en.trim(), key).not.toBe('')
      expect(placeholders(m.ja), key).toEqual(placeholders(m.en))
    }
  })

  it('Japanese texts are Japanese (kana or kanji), English texts are not', () => {
    const japanese = /[\u3040-\u30ff\u4e00-\u9fff]/
    // Texts that are the same in both: command syntax and names.
    const same = new Set(
      Object.entries(messages)
        .filter(([, m]) => m.ja === m.en)
        .map(([k]) => k),
    )
    for (const [key, m] of Object.entries(messages)) {
      if (same.has(key)) continue
      // A Japanese text has Japanese in it, or no words at all (`API（{title}）:`).
      const words = m.ja
        .replace(/\{\w+\}/g, '')
        .replace(/--?[\w-]+|https?:\S+|\b[A-Z_]+\b|\b(json|yaml|table|csv|real|manual|ja|en)\b/g, '')
      expect(japanese.test(m.ja) || !/[A-Za-z]{2,}/.test(words), key).toBe(true)
      expect(japanese.test(m.en), key).toBe(false)
    }
  })

  it('the language: --lang, then LC_ALL, LC_MESSAGES, LANG; Japanese for ja*, else English', () => {
    expect(pickLang([], {})).toBe('en')
    expect(pickLang([], { LANG: 'C' })).toBe('en')
    expect(pickLang([], { LANG: 'ja_JP.UTF-8' })).toBe('ja')
    expect(pickLang([], { LANG: 'ja' })).toBe('ja')
    expect(pickLang([], { LANG: 'ja_JP.UTF-8', LC_ALL: 'en_US.UTF-8' })).toBe('en')
    expect(pickLang([], { LANG: 'en_US.UTF-8', LC_MESSAGES: 'ja_JP.UTF-8' })).toBe('ja')
    expect(pickLang(['--lang', 'ja', '--help'], { LANG: 'C' })).toBe('ja')
    expect(pickLang(['--lang=en'], { LANG: 'ja_JP.UTF-8' })).toBe('en')
    expect(pickLang(['--lang', 'de'], {})).toEqual({ invalid: 'de' })
    expect(pickLang(['--', '--lang', 'de'], {})).toBe('en')
  })

  it('t() fills placeholders; orList joins choices in each language', () => {
    setLang('en')
    expect(t('err.integer', { name: '--id', value: 'x' })).toBe('--id must be an integer (got "x")')
    expect(orList([0, 1, 2, 3])).toBe('0, 1, 2 or 3')
    setLang('ja')
    expect(t('err.integer', { name: '--id', value: 'x' })).toBe('--id は整数です（"x"）')
    expect(orList(['real', 'manual'])).toBe('real、manual')
  })
})
