import { formatDay, formatJstDateTime } from '../../../lib/day-number.js'
import type { Column, StoredValue } from '../member-columns.js'
import type { MemberElement, MemberTableState } from '../member-db-state.js'
import { formatAutogen } from './autogen.js'
import { PASSWORD_MASK } from './password.js'
import { tablePlan } from './table-plan.js'

/**
 * What an account without the encrypted-item-key permission reads instead of an encrypted
 * text value.
 */
export const ENCRYPTED_PLACEHOLDER = '(暗号化)'

export type MemberValue = string | number | boolean | number[] | null
export type MemberInfo = Record<string, MemberValue>

export interface ViewOptions {
  /** The reader holds the encrypted-item-key permission. */
  encryptedKey: boolean
}

/** The API value of one element of a row (no masking). */
export function apiValue(table: MemberTableState, el: MemberElement, row: number): MemberValue {
  return columnValue(table, el, table.members.columns.get(el.id), row)
}

/** `apiValue` with the element's column already at hand (a table plan's): no lookup by id. */
function columnValue(table: MemberTableState, el: MemberElement, column: Column | undefined, row: number): MemberValue {
  if (el.type === 'timestamp') {
    const v = table.members[el.systemField ?? 'regist_date'].get(row)
    return Number.isNaN(v) ? null : formatJstDateTime(v)
  }
  const v: StoredValue = column?.get(row) ?? null
  if (v === null) return null
  if (el.type === 'date') return formatDay(v as number)
  if (el.type === 'autogen') return formatAutogen(el, v as number)
  return v
}

/** The value as a reader sees it: hashed passwords masked, encrypted text maybe hidden. */
export function visibleValue(table: MemberTableState, el: MemberElement, row: number, view: ViewOptions): MemberValue {
  return visibleColumnValue(table, el, table.members.columns.get(el.id), row, view)
}

function visibleColumnValue(
  table: MemberTableState,
  el: MemberElement,
  column: Column | undefined,
  row: number,
  view: ViewOptions,
): MemberValue {
  if (el.type === 'hashed_password') return PASSWORD_MASK
  if (el.type === 'encrypted_text' && !view.encryptedKey) return ENCRYPTED_PLACEHOLDER
  return columnValue(table, el, column, row)
}

const dt = (v: number): string | null => (Number.isNaN(v) ? null : formatJstDateTime(v))

/** `e_{id}` by element id, built once per id: no string concatenation per member read. */
const elementKeys: string[] = []
const elementKey = (id: number): string => (elementKeys[id] ??= `e_${id}`)

/** A member as `get_member_info` returns it: system fields, then `e_{id}` per user element. */
export function memberInfoOf(table: MemberTableState, row: number, view: ViewOptions): MemberInfo {
  const c = table.members
  const info: MemberInfo = {
    id: c.id.get(row),
    regist_date: dt(c.regist_date.get(row)),
    update_date: dt(c.update_date.get(row)),
    batch_date: dt(c.batch_date.get(row)),
    upload_date: dt(c.upload_date.get(row)),
    last_host: c.last_host.get(row),
    last_referer: c.last_referer.get(row),
    last_useragent: c.last_useragent.get(row),
  }
  for (const el of table.elements) {
    if (el.type === 'timestamp') continue
    info[elementKey(el.id)] = visibleValue(table, el, row, view)
  }
  return info
}

/** Text that JSON.stringify writes with escapes: quotes, backslashes, controls, surrogates. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: the controls are what JSON escapes, so the test looks for them
const NEEDS_ESCAPE = /["\\\u0000-\u001f\ud800-\udfff]/

/** A string as JSON text, exactly as `JSON.stringify` writes it (without calling it when nothing needs escaping). */
const quote = (v: string): string => (NEEDS_ESCAPE.test(v) ? JSON.stringify(v) : `"${v}"`)

/** A value as JSON text, exactly as `JSON.stringify` writes it. */
function valueJson(v: MemberValue): string {
  if (v === null) return 'null'
  if (typeof v === 'string') return quote(v)
  if (typeof v === 'number') return Number.isFinite(v) ? String(v) : 'null'
  if (typeof v === 'boolean') return v ? 'true' : 'false'
  return JSON.stringify(v)
}

const dtJson = (v: number): string => (Number.isNaN(v) ? 'null' : `"${formatJstDateTime(v)}"`)

/**
 * `JSON.stringify(memberInfoOf(table, row, view))`, written straight from the columns: the
 * same keys in the same order, several times faster, because a member with its 30-odd
 * `e_{id}` keys is an object V8 keeps in dictionary mode, slow to build and to serialise.
 * The elements, their key texts and columns come from the table's plan (built once per
 * element list). The hot read path of `get_member_info` (test/member-json.test.ts holds the
 * two equal).
 */
export function memberInfoJson(table: MemberTableState, row: number, view: ViewOptions): string {
  const c = table.members
  let s =
    `{"id":${valueJson(c.id.get(row))},"regist_date":${dtJson(c.regist_date.get(row))}` +
    `,"update_date":${dtJson(c.update_date.get(row))},"batch_date":${dtJson(c.batch_date.get(row))}` +
    `,"upload_date":${dtJson(c.upload_date.get(row))},"last_host":${valueJson(c.last_host.get(row))}` +
    `,"last_referer":${valueJson(c.last_referer.get(row))},"last_useragent":${valueJson(c.last_useragent.get(row))}`
  for (const f of tablePlan(table).jsonFields)
    s += f.key + valueJson(visibleColumnValue(table, f.el, f.column, row, view))
  return `${s}}`
}
