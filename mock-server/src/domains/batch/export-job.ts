import { formatDay, JST_OFFSET, NULL_DAY } from '../../model/day-number.js'
import { BoolColumn, IntColumn, MultiColumn, NumberColumn, StringColumn } from '../../model/member-columns.js'
import type { MemberTableState } from '../../model/member-db.js'
import type { BatchJob, ColumnSetDef } from '../../model/services.js'
import type { TenantState } from '../../model/tenant.js'
import { compileCondition } from '../conditions/compile-condition.js'
import { formatAutogen } from '../members/autogen.js'
import { visibleValue } from '../members/member-view.js'
import { cellOf } from './cell-values.js'
import { csvField, csvLine, type Delimiter } from './csv-write.js'

const SYSTEM_COLUMNS = ['id', 'regist_date', 'update_date', 'batch_date', 'upload_date', 'last_host', 'last_referer', 'last_useragent'] as const
export type SystemColumn = (typeof SYSTEM_COLUMNS)[number]

/** Column names of a column set on a table: `id` and every element for "all items". */
export function columnsOf(table: MemberTableState, set: ColumnSetDef): string[] {
  if (set.columns.length === 0) return ['id', ...table.elements.map((e) => `e_${e.id}`)]
  return set.columns.filter((c) => (SYSTEM_COLUMNS as readonly string[]).includes(c) || table.elements.some((e) => `e_${e.id}` === c))
}

/** Reads one column of a row as file text; `quote` says whether the text may need quoting. */
interface Reader { read: (row: number) => string; quote: boolean }

/** 'YYYY-MM-DD HH:MM:SS' (JST) of unix seconds, with the date part cached per day. */
function dateTimeFormatter(): (unix: number) => string {
  const days = new Map<number, string>()
  const two = (n: number) => (n < 10 ? '0' + n : String(n))
  return (unix) => {
    const t = Math.floor(unix) + JST_OFFSET
    const day = Math.floor(t / 86400)
    let d = days.get(day)
    if (d === undefined) days.set(day, (d = formatDay(day)))
    const s = t - day * 86400
    return `${d} ${two(Math.floor(s / 3600))}:${two(Math.floor((s % 3600) / 60))}:${two(s % 60)}`
  }
}

function readerOf(table: MemberTableState, column: string, encryptedKey: boolean, dateTime: (u: number) => string): Reader {
  const cols = table.members
  if (column === 'id') return { read: (r) => String(cols.id[r]), quote: false }
  if (column === 'regist_date' || column === 'update_date' || column === 'batch_date' || column === 'upload_date') {
    const a = cols[column]
    return { read: (r) => (Number.isNaN(a[r]!) ? '' : dateTime(a[r]!)), quote: false }
  }
  if (column === 'last_host' || column === 'last_referer' || column === 'last_useragent') {
    const c = cols[column]
    return { read: (r) => c.values[r] ?? '', quote: true }
  }
  const el = table.elements.find((e) => `e_${e.id}` === column)!
  if (el.type === 'timestamp') {
    const a = cols[el.systemField ?? 'regist_date']
    return { read: (r) => (Number.isNaN(a[r]!) ? '' : dateTime(a[r]!)), quote: false }
  }
  const col = cols.columns.get(el.id)
  const masked = el.type === 'hashed_password' || (el.type === 'encrypted_text' && !encryptedKey)
  if (masked || !col) {
    const view = { encryptedKey }
    return { read: (r) => cellOf(visibleValue(table, el, r, view)), quote: true }
  }
  if (col instanceof StringColumn) { const v = col.values; return { read: (r) => v[r] ?? '', quote: true } }
  if (col instanceof NumberColumn) {
    const v = col.values
    if (el.type === 'autogen') return { read: (r) => (Number.isNaN(v[r]!) ? '' : formatAutogen(el, v[r]!)), quote: true }
    return { read: (r) => (Number.isNaN(v[r]!) ? '' : String(v[r])), quote: false }
  }
  if (col instanceof IntColumn) {
    const v = col.values
    if (col.kind === 'date') {
      const days = new Map<number, string>()
      return {
        read: (r) => {
          const d = v[r]!
          if (d === NULL_DAY) return ''
          let s = days.get(d)
          if (s === undefined) days.set(d, (s = formatDay(d)))
          return s
        },
        quote: false,
      }
    }
    return { read: (r) => String(v[r]), quote: false }
  }
  if (col instanceof BoolColumn) { const v = col.values; return { read: (r) => (v[r]! < 0 ? '' : v[r] === 1 ? '1' : '0'), quote: false } }
  if (col instanceof MultiColumn) return { read: (r) => col.get(r).join(','), quote: true }
  const view = { encryptedKey }
  return { read: (r) => cellOf(visibleValue(table, el, r, view)), quote: true }
}

/** Rows joined per batch: parts are collected in an array and joined once per batch. */
const ROWS_PER_JOIN = 2000

/**
 * The export file: a header of column names, then one line per matching member in member-id
 * order. Values are those get_member_info shows (option ids, multi-select ids joined with
 * ",", yes/no as 1/0); hashed passwords read "******"; encrypted text the placeholder unless
 * the exporting account holds the encryption-key permission.
 */
export function runExport(tenant: TenantState, job: BatchJob, set: ColumnSetDef, now: number): string {
  const table = tenant.memberDb.tables.get(job.memberTableId)
  if (!table) return ''
  const cond = tenant.memberDb.conditions.get(job.conditionId ?? 1)
  const pred = compileCondition(table, cond?.info ?? { grouping: true, conditions: {} }, now, { db: tenant.memberDb })
  const delimiter: Delimiter = job.isCsv === false ? '\t' : ','
  const columns = columnsOf(table, set)
  const dateTime = dateTimeFormatter()
  const readers = columns.map((c) => readerOf(table, c, job.encryptedKey, dateTime))
  const chunks: string[] = [csvLine(columns, delimiter)]
  let parts: string[] = []
  let rowsInBatch = 0
  const n = table.members.rows
  const w = readers.length
  for (let r = 0; r < n; r++) {
    if (!pred(r)) continue
    for (let i = 0; i < w; i++) {
      const rd = readers[i]!
      const s = rd.read(r)
      parts.push(rd.quote ? csvField(s, delimiter) : s, i === w - 1 ? '\n' : delimiter)
    }
    if (++rowsInBatch === ROWS_PER_JOIN) {
      chunks.push(parts.join(''))
      parts = []
      rowsInBatch = 0
    }
  }
  chunks.push(parts.join(''))
  return chunks.join('')
}
