import { describe, expect, it } from 'vitest'
import {
  checkElementValue,
  generatePassword,
  hashPassword,
  passwordProblems,
  verifyHashedPassword,
} from '../../../src/domains/member-db/members/index.js'
import { matchesCharClass } from '../../../src/domains/member-db/members/char-class.js'
import { isEmail, isTelephone, isUrl, isZip } from '../../../src/domains/member-db/members/syntax.js'
import type {
  CharClass,
  ElementConfig,
  ElementType,
  MemberElement,
} from '../../../src/domains/member-db/member-db-state.js'
import { seededRandom } from '../../../src/lib/seeded-random.js'

const el = (type: ElementType, config: ElementConfig = {}): MemberElement => ({
  id: 9,
  name: '項目',
  type,
  required: false,
  unique: false,
  system: false,
  config,
})

const okValue = (e: MemberElement, raw: unknown) => {
  const r = checkElementValue(e, raw)
  if (!r.ok) throw new Error(r.messages.join())
  return r.value
}
const messages = (e: MemberElement, raw: unknown) => {
  const r = checkElementValue(e, raw)
  return r.ok ? [] : r.messages
}

describe('character classes', () => {
  const cases: [CharClass, string, boolean][] = [
    ['number', '0123', true],
    ['number', '12a', false],
    ['number', '１２', false],
    ['alphabet', 'abcXYZ', true],
    ['alphabet', 'ab1', false],
    ['alphanum', 'ab12', true],
    ['alphanum', 'ab-12', false],
    ['hankaku', 'abc 123!ｱｲｳ', true],
    ['hankaku', 'あ', false],
    ['hiragana', 'やまだ たろう', true],
    ['hiragana', 'ヤマダ', false],
    ['katakana', 'ヤマダ タロウ', true],
    ['katakana', 'ヴァイオリン', true],
    ['katakana', 'やまだ', false],
    ['katakana', 'ﾔﾏﾀﾞ', false],
    ['zenkaku', '山田　太郎', true],
    ['zenkaku', '山田 太郎', false],
    ['zenkaku', 'ｱ', false],
    ['any', '山田①', false],
    ['any', '山田 taro', true],
    ['any_vender', '山田①㈱', true],
    ['allow_vender', '㍉😀', true],
    ['disallow_vender', 'Ⅳ', false],
  ]
  it.each(cases)('%s accepts %j: %s', (cls, s, want) => {
    expect(matchesCharClass(s, cls)).toBe(want)
  })

  it('reports the class in Japanese for a text element', () => {
    expect(messages(el('text', { type: 'katakana' }), 'やまだ')).toEqual(['「項目」は全角カタカナで入力してください。'])
  })
})

describe('text-like elements', () => {
  it('checks min and max length in characters', () => {
    const e = el('text', { min: 2, max: 4 })
    expect(messages(e, 'あ')[0]).toContain('2文字以上')
    expect(messages(e, 'あいうえお')[0]).toContain('4文字以内')
    expect(okValue(e, 'あいうえ')).toBe('あいうえ')
    expect(okValue(el('text', { max: 2 }), '😀😀')).toBe('😀😀') // code points, not UTF-16 units
  })
  it('refuses newlines in text but allows them in textarea', () => {
    expect(messages(el('text'), 'a\nb')[0]).toContain('改行')
    expect(okValue(el('textarea'), 'a\nb')).toBe('a\nb')
  })
  it('refuses a number where a string is expected', () => {
    expect(messages(el('text'), 12)[0]).toContain('文字列')
  })
  it('treats null and "" as blank', () => {
    expect(checkElementValue(el('text'), null)).toEqual({ ok: true, value: null, blank: true })
    expect(checkElementValue(el('email'), '')).toEqual({ ok: true, value: null, blank: true })
    expect(checkElementValue(el('encrypted_text'), '')).toEqual({ ok: true, value: '', blank: true })
  })
  it.each([
    ['foo@example.com', true],
    ['foo.bar+tag@mail.example.co.jp', true],
    ['foo..bar.@docomo.ne.jp', true],
    ['foo@', false],
    ['@example.com', false],
    ['foo@example', false],
    ['foo bar@example.com', false],
    ['foo@exa_mple.com', false],
  ])('e-mail syntax %s → %s', (s, want) => {
    expect(isEmail(s)).toBe(want)
    expect(messages(el('email'), s).length === 0).toBe(want)
  })
  it.each([
    ['https://www.example.com/path?q=1', true],
    ['http://example.jp', true],
    ['ftp://example.com', false],
    ['www.example.com', false],
    ['https://exa mple.com', false],
  ])('URL syntax %s → %s', (s, want) => {
    expect(isUrl(s)).toBe(want)
  })
  it.each([
    ['1234567', true],
    ['123-4567', true],
    ['12-34567', false],
    ['123456', false],
    ['１２３-４５６７', false],
  ])('zip %s → %s', (s, want) => {
    expect(isZip(s)).toBe(want)
    expect(messages(el('zip'), s).length === 0).toBe(want)
  })
  it.each([
    ['03-1234-5678', true],
    ['090-1234-5678', true],
    ['09012345678', true],
    ['0312345678', true],
    ['123-4567-8901', false],
    ['090-1234-567', false],
    ['03-1234-56789', false],
  ])('telephone %s → %s', (s, want) => {
    expect(isTelephone(s)).toBe(want)
  })
  it('auth accepts half-width printable characters only', () => {
    expect(okValue(el('auth'), 'abc-123')).toBe('abc-123')
    expect(messages(el('auth'), 'あ')).not.toEqual([])
  })
})

describe('numbers and choices', () => {
  it('integer: type, min and max', () => {
    const e = el('integer', { min: 0, max: 10 })
    expect(okValue(e, 10)).toBe(10)
    expect(messages(e, 11)[0]).toContain('10以下')
    expect(messages(e, -1)[0]).toContain('0以上')
    expect(messages(e, 1.5)[0]).toContain('整数')
    expect(messages(e, '3')[0]).toContain('整数')
  })
  it('select: option ids of the config, 0 is blank', () => {
    const e = el('select', { options: { '1': 'A', '2': 'B' } })
    expect(okValue(e, 2)).toBe(2)
    expect(checkElementValue(e, 0)).toMatchObject({ ok: true, blank: true })
    expect(messages(e, 3)[0]).toContain('存在しない選択肢ID 3')
  })
  it('prefecture, sex and marriage have fixed option lists', () => {
    expect(okValue(el('prefecture'), 47)).toBe(47)
    expect(messages(el('prefecture'), 48)).not.toEqual([])
    expect(okValue(el('sex'), 2)).toBe(2)
    expect(messages(el('sex'), 3)).not.toEqual([])
    expect(messages(el('marriage'), 9)).not.toEqual([])
  })
  it('select_multiple: known ids, duplicates merged, sorted, count limits', () => {
    const e = el('select_multiple', { options: { '1': 'a', '2': 'b', '3': 'c' }, max: 2 })
    expect(okValue(e, [3, 1, 3])).toEqual([1, 3])
    expect(messages(e, [1, 2, 3])[0]).toContain('2個以内')
    expect(messages(e, [4])[0]).toContain('存在しない選択肢ID 4')
    expect(messages(e, 'x')[0]).toContain('配列')
    expect(checkElementValue(e, [])).toMatchObject({ ok: true, blank: true, value: [] })
  })
  it('yesno and checkbox take booleans', () => {
    expect(okValue(el('yesno'), false)).toBe(false)
    expect(messages(el('yesno'), 1)[0]).toContain('真偽値')
    expect(checkElementValue(el('checkbox'), false)).toMatchObject({ ok: true, blank: true })
  })
})

describe('dates', () => {
  it('accepts real calendar dates only', () => {
    expect(checkElementValue(el('date'), '2024-02-29').ok).toBe(true)
    expect(messages(el('date'), '2023-02-29')[0]).toContain('日付の形式')
    expect(messages(el('date'), '2024/01/01')[0]).toContain('日付の形式')
    expect(messages(el('date'), '2024-13-01')).not.toEqual([])
  })
  it('checks min_year and max_year', () => {
    const e = el('date', { min_year: 1950, max_year: 2000 })
    expect(messages(e, '1949-12-31')[0]).toContain('1950年から2000年')
    expect(messages(e, '2001-01-01')).not.toEqual([])
    expect(checkElementValue(e, '2000-12-31').ok).toBe(true)
  })
})

describe('passwords', () => {
  const cfg: ElementConfig = {
    allow_chars: '!#',
    require_digit: 1,
    require_alpha: 1,
    require_special: 1,
    min_length: 6,
    max_length: 10,
  }
  it('applies allowed characters, required classes and lengths', () => {
    expect(passwordProblems('PW', 'abc12!', cfg)).toEqual([])
    expect(passwordProblems('PW', 'abc12$', cfg).join()).toContain('使用できない文字「$」')
    expect(passwordProblems('PW', 'abcdef!', cfg).join()).toContain('数字')
    expect(passwordProblems('PW', '123456!', cfg).join()).toContain('英字')
    expect(passwordProblems('PW', 'abc123', cfg).join()).toContain('記号')
    expect(passwordProblems('PW', 'a1!', cfg).join()).toContain('6文字以上')
    expect(passwordProblems('PW', 'abcdefgh12!', cfg).join()).toContain('10文字以内')
  })
  it('generates passwords that satisfy the rules', () => {
    const rnd = seededRandom(3)
    for (let i = 0; i < 200; i++) {
      const pw = generatePassword({ ...cfg, auto_length: 8 }, rnd)
      expect(pw).toHaveLength(8)
      expect(passwordProblems('PW', pw, cfg)).toEqual([])
    }
  })
  it('hashes with a salt and verifies', () => {
    const rnd = seededRandom(1)
    const h1 = hashPassword('secret1', rnd),
      h2 = hashPassword('secret1', rnd)
    expect(h1).not.toBe(h2)
    expect(h1).not.toContain('secret1')
    expect(verifyHashedPassword('secret1', h1)).toBe(true)
    expect(verifyHashedPassword('secret2', h1)).toBe(false)
  })
  it('validates submitted passwords against the element', () => {
    expect(messages(el('hashed_password', cfg), 'short')).not.toEqual([])
    expect(checkElementValue(el('password', cfg), '')).toMatchObject({ ok: true, blank: true })
  })
})

describe('read-only elements', () => {
  it('refuses values for timestamp and autogen elements', () => {
    expect(messages(el('timestamp'), '2020-01-01 00:00:00')[0]).toContain('システム項目')
    expect(messages(el('autogen'), 'M1')[0]).toContain('自動採番')
  })
})
