import { parse } from 'csv-parse/sync'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { TextWriter } from '../../../src/domains/batch/text-writer.js'
import { cellOf } from '../../../src/domains/batch/cell-values.js'
import { csvLine } from '../../../src/domains/batch/csv-write.js'
import { columnsOf, runExport } from '../../../src/domains/batch/export-job.js'
import { addMember } from '../../../src/domains/member-db/members/member-store.js'
import { visibleValue } from '../../../src/domains/member-db/members/member-view.js'
import { formatDay, formatJstDateTime } from '../../../src/lib/day-number.js'
import type { BatchJob, ColumnSetDef } from '../../../src/domains/batch/batch-state.js'
import type { TenantState } from '../../../src/kernel/tenant-state.js'
import { NOW, makeTenant } from '../member-db/support.js'

const wellFormed = (s: string) => (s as string & { toWellFormed(): string }).toWellFormed()

describe('TextWriter', () => {
  it('csv-parse reads back exactly the fields written (CSV and TSV, any text)', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.array(
            fc.string({ unit: fc.constantFrom('a', ',', '\t', '"', '\r', '\n', ' ', 'あ', '😀', '\u00e9', '\ud800') }),
            { minLength: 1, maxLength: 6 },
          ),
          { minLength: 1, maxLength: 8 },
        ),
        fc.constantFrom<',' | '\t'>(',', '\t'),
        fc.integer({ min: 8, max: 64 }),
        (rows, d, flushAt) => {
          const width = rows[0]!.length
          // csv-parse reads UTF-8: a lone surrogate comes back as U+FFFD
          // a line of one empty field is an empty line to any reader: exports never write one (id first)
          const data = rows
            .map((r) => Array.from({ length: width }, (_, i) => r[i] ?? ''))
            .map((r) => (width === 1 && r[0] === '' ? ['x'] : r))
          const w = new TextWriter(d, flushAt) // tiny buffer: flushes and grows inside rows
          for (const r of data) {
            r.forEach((f, i) => {
              if (i > 0) w.byte(w.delim)
              w.field(f)
            })
            w.byte(10)
          }
          const text = w.text()
          expect(text).toBe(data.map((r) => csvLine(r, d)).join(''))
          expect(parse(text, { delimiter: d, relax_quotes: false })).toEqual(data.map((r) => r.map(wellFormed)))
        },
      ),
      { numRuns: 300 },
    )
  })

  it('writes integers and calendar dates as their text', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -719_528, max: 2_932_895 }) /* years 0 to 9999 */,
        fc.integer({ min: -(2 ** 40), max: 2 ** 40 }),
        (day, n) => {
          const w = new TextWriter(',', 16)
          w.day(day, formatDay)
          w.byte(32)
          w.int(n)
          w.byte(32)
          w.dateTime(day * 86400 + (n & 0xffff), 9 * 3600, formatDay)
          expect(w.text()).toBe(`${formatDay(day)} ${n} ${formatJstDateTime(day * 86400 + (n & 0xffff))}`)
        },
      ),
      { numRuns: 500 },
    )
    // outside years 0-9999 the day is written as formatDay writes it
    const w = new TextWriter(',')
    w.day(-719_529, formatDay)
    w.byte(32)
    w.day(2_932_897, formatDay)
    expect(w.text()).toBe(`${formatDay(-719_529)} ${formatDay(2_932_897)}`)
  })
})

/** The export as get_member_info shows each value, written with csvLine (the reference). */
function referenceExport(tenant: TenantState, columns: string[], d: ',' | '\t', encryptedKey: boolean): string {
  const table = tenant.memberDb.tables.get(1)!
  const cols = table.members
  const lines = [csvLine(columns, d)]
  for (let r = 0; r < cols.rows; r++) {
    if (!cols.alive.get(r)) continue
    const fields = columns.map((c) => {
      if (c === 'id') return String(cols.id.get(r))
      if (c === 'regist_date' || c === 'update_date' || c === 'batch_date' || c === 'upload_date')
        return Number.isNaN(cols[c].get(r)) ? '' : formatJstDateTime(cols[c].get(r))
      if (c === 'last_host' || c === 'last_referer' || c === 'last_useragent') return cols[c].get(r) ?? ''
      const el = table.elements.find((e) => `e_${e.id}` === c)!
      return cellOf(visibleValue(table, el, r, { encryptedKey }))
    })
    lines.push(csvLine(fields, d))
  }
  return lines.join('')
}

describe('runExport', () => {
  const tenant = makeTenant(300)
  const table = tenant.memberDb.tables.get(1)!
  const env = { now: NOW, random: Math.random, encryptedKey: true }
  addMember(
    table,
    {
      e_4: 'q@example.com',
      e_5: 'Passw0rd!',
      e_6: '"引用" と, カンマ',
      e_13: [1, 3, 8],
      e_19: 0,
      e_21: '改行\r\nあり, "quoted"\tタブ 😀',
      e_15: 'ひみつ, "x"',
    },
    env,
  )
  addMember(
    table,
    { e_4: 'r@example.com', e_6: '𠮷野家', e_30: '絵文字😀,x', e_13: [2], e_16: false, e_8: '1900-01-01' },
    env,
  )
  table.members.removeRow(5) // deleted members are not exported
  table.members.last_host.set(7, 'host,with"comma')
  table.members.batch_date.set(3, NOW - 1)
  const all: ColumnSetDef = { id: 1, memberTableId: null, title: '', columns: [], download: true }
  const some: ColumnSetDef = {
    id: 2,
    memberTableId: 1,
    title: '',
    columns: ['e_21', 'id', 'last_host', 'batch_date', 'e_13', 'e_5', 'e_15', 'e_3'],
    download: true,
  }
  const job = (isCsv: boolean, encryptedKey: boolean) =>
    ({ id: 1, memberTableId: 1, conditionId: 1, isCsv, encryptedKey }) as BatchJob

  for (const [isCsv, encryptedKey, set] of [
    [true, true, all],
    [false, true, all],
    [true, false, some],
    [false, false, some],
  ] as const) {
    it(`writes what get_member_info shows (${isCsv ? 'CSV' : 'TSV'}, ${encryptedKey ? 'with' : 'without'} the encryption key, ${set.columns.length ? 'some' : 'all'} columns)`, () => {
      const d = isCsv ? ',' : '\t'
      const text = runExport(tenant, job(isCsv, encryptedKey), set, NOW)
      expect(text).toBe(referenceExport(tenant, columnsOf(table, set), d, encryptedKey))
      expect(parse(text, { delimiter: d }).length).toBe(table.members.count + 1)
    })
  }
})
