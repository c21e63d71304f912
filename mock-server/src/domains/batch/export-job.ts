import { formatDay, JST_OFFSET, NULL_DAY } from '../../lib/day-number.js'
import { BoolColumn, IntColumn, MultiColumn, NumberColumn, StringColumn } from '../member-db/member-columns.js'
import type { MemberElement, MemberTableState } from '../member-db/member-db-state.js'
import type { BatchJob, ColumnSetDef } from './batch-state.js'
import type { TenantState } from '../../kernel/tenant-state.js'
import { compileCondition } from '../member-db/conditions/compile-condition.js'
import { mailConditionExtras } from '../mail/deliveries/condition-extras.js'
import { formatAutogen } from '../member-db/members/autogen.js'
import { visibleValue } from '../member-db/members/member-view.js'
import { cellOf } from './cell-values.js'
import { TextWriter } from './text-writer.js'
import type { Delimiter } from './csv-write.js'
import { batchSettings } from './batch-scenario.js'
import { isSystemColumn, isSystemTextColumn, isSystemTimestampColumn } from '../member-db/system-columns.js'

/** Column names of a column set on a table: `id` and every element for "all items". */
export function columnsOf(table: MemberTableState, set: ColumnSetDef): string[] {
  if (set.columns.length === 0) return ['id', ...table.elements.map((e) => `e_${e.id}`)]
  return set.columns.filter((c) => isSystemColumn(c) || table.elements.some((e) => `e_${e.id}` === c))
}

/** Whether the column set writes an encrypted text element of the table. */
export function exportsEncryptedText(table: MemberTableState, set: ColumnSetDef): boolean {
  const names = new Set(columnsOf(table, set))
  return table.elements.some((e) => e.type === 'encrypted_text' && names.has(`e_${e.id}`))
}

/**
 * How one column is written, read straight from its column chunks (columnar reads, no value
 * objects): the kind selects the branch of the row loop in `runExport`.
 */
enum W {
  Id,
  DateTime,
  Text,
  Integer,
  Autogen,
  AutogenPlain,
  Day,
  Choice,
  Bool,
  Multi,
  Constant,
  Generic,
}

/** A column's values by row (its chunks). */
interface RowReader {
  get(row: number): unknown
}

const NO_ROWS: RowReader = { get: () => null }

/** One column of the export: all writers share one shape (monomorphic reads in the row loop). */
class ColumnWriter {
  constructor(
    readonly kind: W,
    readonly data: RowReader,
    readonly el: MemberElement | null = null,
    readonly multi: MultiColumn | null = null,
    /** The masked text, or the autogen prefix. */
    readonly text = '',
    /** The autogen suffix. */
    readonly suffix = '',
    /** The autogen digits. */
    readonly digits = 0,
  ) {}
}

/** Autogen texts whose prefix and suffix need no quoting are written without a string per row. */
function autogenWriter(el: MemberElement, data: RowReader): ColumnWriter {
  const prefix = el.config.prefix ?? '',
    suffix = el.config.suffix ?? ''
  const plain = !/[",\t\r\n]/.test(prefix + suffix)
  return new ColumnWriter(
    plain ? W.AutogenPlain : W.Autogen,
    data,
    el,
    null,
    prefix,
    suffix,
    el.config.number_of_digits ?? 0,
  )
}

function writerOf(table: MemberTableState, column: string, encryptedKey: boolean): ColumnWriter {
  const cols = table.members
  if (column === 'id') return new ColumnWriter(W.Id, cols.id)
  if (isSystemTimestampColumn(column)) return new ColumnWriter(W.DateTime, cols[column])
  if (isSystemTextColumn(column)) return new ColumnWriter(W.Text, cols[column].values)
  const el = table.elements.find((e) => `e_${e.id}` === column)!
  if (el.type === 'timestamp') return new ColumnWriter(W.DateTime, cols[el.systemField ?? 'regist_date'])
  const col = cols.columns.get(el.id)
  if (el.type === 'hashed_password' || (el.type === 'encrypted_text' && !encryptedKey)) {
    // the masked value does not depend on the row
    return new ColumnWriter(W.Constant, NO_ROWS, el, null, cellOf(visibleValue(table, el, 0, { encryptedKey })))
  }
  if (col instanceof StringColumn) return new ColumnWriter(W.Text, col.values)
  if (col instanceof NumberColumn)
    return el.type === 'autogen' ? autogenWriter(el, col.values) : new ColumnWriter(W.Integer, col.values)
  if (col instanceof IntColumn) return new ColumnWriter(col.kind === 'date' ? W.Day : W.Choice, col.values)
  if (col instanceof BoolColumn) return new ColumnWriter(W.Bool, col.values)
  if (col instanceof MultiColumn) return new ColumnWriter(W.Multi, NO_ROWS, el, col)
  return new ColumnWriter(W.Generic, NO_ROWS, el)
}

/**
 * The export file: a header of column names, then one line per matching member in member-id
 * order. Values are those get_member_info shows (option ids, multi-select ids joined with
 * ",", yes/no as 1/0); hashed passwords read "******"; encrypted text the placeholder unless
 * the exporting account holds the encryption-key permission. Written as code units into a
 * preallocated buffer and turned into text a few million characters at a time (`TextWriter`).
 */
export function runExport(tenant: TenantState, job: BatchJob, set: ColumnSetDef, now: number): string {
  const table = tenant.memberDb.tables.get(job.memberTableId)
  if (!table) return ''
  const cond = tenant.memberDb.conditions.get(job.conditionId ?? 1)
  const pred = compileCondition(table, cond?.info ?? { grouping: true, conditions: {} }, now, {
    db: tenant.memberDb,
    extras: mailConditionExtras(tenant.mailDelivery),
  })
  const delimiter: Delimiter = job.isCsv === false ? '\t' : ','
  const columns = columnsOf(table, set)
  const writers = columns.map((c) => writerOf(table, c, job.encryptedKey))
  const out = new TextWriter(delimiter)
  columns.forEach((name, i) => {
    if (i > 0) out.byte(out.delim)
    out.field(name)
  })
  out.byte(10)
  const n = table.members.rows
  const view = { encryptedKey: job.encryptedKey, escapeFormulas: batchSettings(tenant).escapeFormulas }
  for (let r = 0; r < n; r++) {
    if (!pred(r)) continue
    writeRow(out, writers, r, table, view)
  }
  return out.text()
}

/** One line of the export: the columns of row `r`, separated by the delimiter, then LF. */
function writeRow(
  out: TextWriter,
  writers: ColumnWriter[],
  r: number,
  table: MemberTableState,
  view: { encryptedKey: boolean; escapeFormulas: boolean },
): void {
  const w = writers.length
  const d = out.delim
  for (let i = 0; i < w; i++) {
    if (i > 0) out.byte(d)
    const c = writers[i]!
    switch (c.kind) {
      case W.Id:
        out.int(c.data.get(r) as number)
        break
      case W.DateTime: {
        const v = c.data.get(r) as number
        if (!Number.isNaN(v)) out.dateTime(v, JST_OFFSET, formatDay)
        break
      }
      case W.Text: {
        const v = c.data.get(r) as string | null
        if (v != null && v !== '') out.field(view.escapeFormulas ? escapeFormula(v) : v)
        break
      }
      case W.Integer: {
        const v = c.data.get(r) as number
        if (!Number.isNaN(v)) out.int(v)
        break
      }
      case W.Autogen: {
        const v = c.data.get(r) as number
        if (!Number.isNaN(v)) out.field(formatAutogen(c.el!, v))
        break
      }
      case W.AutogenPlain: {
        const v = c.data.get(r) as number
        if (Number.isNaN(v)) break
        if (v < 0 || v > 0x7fffffff || !Number.isInteger(v)) {
          out.field(formatAutogen(c.el!, v))
          break
        }
        out.ascii(c.text)
        out.intPadded(v, c.digits)
        out.ascii(c.suffix)
        break
      }
      case W.Day: {
        const v = c.data.get(r) as number
        if (v !== NULL_DAY) out.day(v, formatDay)
        break
      }
      case W.Choice:
        out.int(c.data.get(r) as number)
        break
      case W.Bool: {
        const v = c.data.get(r) as number
        if (v >= 0) out.byte(v === 1 ? 49 : 48)
        break
      }
      case W.Multi:
        writeMulti(out, c.multi!, r)
        break
      case W.Constant:
        out.field(c.text)
        break
      case W.Generic: {
        const v = cellOf(visibleValue(table, c.el!, r, view))
        out.field(view.escapeFormulas ? escapeFormula(v) : v)
        break
      }
    }
  }
  out.byte(10)
  out.maybeFlush()
}

/** The option ids of a multi-select row joined with ",", quoted in CSV when there are several. */
function writeMulti(out: TextWriter, col: MultiColumn, r: number): void {
  const words = col.words
  let any = false
  for (let w = 0; w < words; w++)
    if (col.word(r, w) !== 0) {
      any = true
      break
    }
  if (!any) return
  const ids = col.get(r)
  const quote = ids.length > 1 && out.delim === 44
  if (quote) out.byte(34)
  for (let k = 0; k < ids.length; k++) {
    if (k > 0) out.byte(44)
    out.int(ids[k]!)
  }
  if (quote) out.byte(34)
}

/** A value a spreadsheet would run as a formula (=, +, -, @, tab, CR first) gets a leading '. */
export function escapeFormula(v: string): string {
  const c = v.charCodeAt(0)
  return c === 61 || c === 43 || c === 45 || c === 64 || c === 9 || c === 13 ? `'${v}` : v
}
