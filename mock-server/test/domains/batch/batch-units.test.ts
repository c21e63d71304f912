import { parse } from 'csv-parse/sync'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { csvLine } from '../../../src/domains/batch/csv-write.js'
import { valueOfCell } from '../../../src/domains/batch/cell-values.js'
import { optionRule, resolveOverrides } from '../../../src/domains/batch/override-options.js'
import { decodeUploadBody } from '../../../src/domains/stored-files/decode-body.js'
import type { MemberElement, MemberTableState } from '../../../src/domains/member-db/member-db-state.js'
import type { ImportMode } from '../../../src/domains/batch/batch-state.js'
import { isKrsError } from '../../../src/kernel/krs-error.js'

const el = (
  id: number,
  type: MemberElement['type'],
  unique = false,
  config: MemberElement['config'] = {},
): MemberElement => ({ id, name: `項目${id}`, type, required: false, unique, system: false, config })

describe('csv writing', () => {
  it('csv-parse reads back exactly the fields written (CSV and TSV)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.array(fc.string({ unit: 'grapheme' }), { minLength: 1, maxLength: 6 }), {
          minLength: 1,
          maxLength: 8,
        }),
        fc.constantFrom<',' | '\t'>(',', '\t'),
        (rows, d) => {
          const width = rows[0]!.length
          const fixed = rows.map((r) => Array.from({ length: width }, (_, i) => r[i] ?? ''))
          // a single empty field on a line is an empty line to any CSV reader: not written by exports (id first)
          const data = fixed.map((r) => (width === 1 && r[0] === '' ? ['x'] : r))
          const text = data.map((r) => csvLine(r, d)).join('')
          expect(parse(text, { delimiter: d, relax_quotes: false })).toEqual(data)
        },
      ),
      { numRuns: 200 },
    )
  })
})

describe('file cells', () => {
  it('converts cells by element type: ids or labels for choices, 1/0 for yes/no, masked passwords as empty', () => {
    const sel = el(1, 'select', false, { options: { '1': '赤', '2': '青' } })
    expect(valueOfCell(sel, '2')).toEqual({ ok: true, value: 2 })
    expect(valueOfCell(sel, '青')).toEqual({ ok: true, value: 2 })
    expect(valueOfCell(sel, '緑').ok).toBe(false)
    expect(valueOfCell(el(2, 'select_multiple', false, { options: { '1': 'a', '2': 'b' } }), '1, b')).toEqual({
      ok: true,
      value: [1, 2],
    })
    expect(valueOfCell(el(3, 'yesno'), '1')).toEqual({ ok: true, value: true })
    expect(valueOfCell(el(3, 'yesno'), '0')).toEqual({ ok: true, value: false })
    expect(valueOfCell(el(4, 'hashed_password'), '******')).toEqual({ ok: true, value: null })
    expect(valueOfCell(el(5, 'integer'), '12x').ok).toBe(false)
    expect(valueOfCell(el(5, 'integer'), '-12')).toEqual({ ok: true, value: -12 })
  })
})

describe('override options', () => {
  const table = (elements: MemberElement[]) => ({ id: 9, elements }) as unknown as MemberTableState
  const cases: [MemberElement, ImportMode, string[], string][] = [
    [el(1, 'email', true), 0, ['key'], 'key'],
    [el(1, 'email', true), 2, ['key'], 'key'],
    [el(1, 'email', true), 3, ['none', 'key'], 'none'],
    [el(2, 'text'), 1, ['none', 'normal', 'force'], 'none'],
    [el(2, 'telephone'), 3, ['none', 'normal', 'force', 'key'], 'none'],
    [el(3, 'textarea'), 3, ['none', 'normal', 'force'], 'none'],
    [el(3, 'encrypted_text'), 0, ['none', 'normal', 'force'], 'none'],
    [el(4, 'hashed_password'), 0, ['auto', 'force'], 'auto'],
    [el(4, 'password'), 2, ['auto', 'normal'], 'auto'],
    [el(5, 'select_multiple'), 0, ['none', 'normal', 'force'], 'none'],
    [el(5, 'select_multiple'), 3, ['none', 'normal', 'force', 'merge'], 'none'],
    [el(6, 'autogen', true), 0, ['autogen'], 'autogen'],
    [el(6, 'autogen', true), 1, ['key'], 'key'],
    [el(6, 'autogen', true), 3, ['autogen', 'key'], 'autogen'],
    [el(7, 'autogen'), 2, ['autogen'], 'autogen'],
  ]
  it.each(cases)('%o in mode %i allows %o, default %s', (e, mode, allowed, def) => {
    expect(optionRule(e, mode)).toEqual({ allowed, default: def })
  })

  it('every allowed value resolves and every other value is KR_API_F0204', () => {
    const all = ['key', 'none', 'normal', 'force', 'auto', 'merge', 'autogen']
    for (const [e, mode, allowed] of cases) {
      const others = [el(100, 'email', true), el(101, 'text')]
      for (const v of all) {
        try {
          const r = resolveOverrides(table([e, ...others]), mode, {
            [`e_${e.id}`]: v,
            ...(mode === 3 ? { e_101: 'key' } : {}),
          })
          expect(allowed).toContain(v)
          expect(r[`e_${e.id}`]).toBe(v)
        } catch (err) {
          if (!isKrsError(err)) throw err
          expect(err.code).toBe('KR_API_F0204')
          expect(allowed).not.toContain(v)
        }
      }
    }
  })
})

describe('upload body decoding', () => {
  const b64 = (s: string) => Buffer.from(s, 'utf8').toString('base64')
  it('decodes Base64 of UTF-8 text and keeps plain text as is', () => {
    expect(decodeUploadBody(b64('e_4\nあ@example.jp\n'))).toEqual({
      text: 'e_4\nあ@example.jp\n',
      bytes: Buffer.byteLength('e_4\nあ@example.jp\n'),
      base64: true,
    })
    for (const plain of ['e_4,e_6\nfoo,bar\n', 'abc', 'abcd efgh', 'QUJD\n', ''])
      expect(decodeUploadBody(plain).base64).toBe(false)
    // valid Base64 alphabet but not UTF-8 after decoding: text
    expect(decodeUploadBody('//79').base64).toBe(false)
    expect(decodeUploadBody('日本語').bytes).toBe(9)
  })
})
