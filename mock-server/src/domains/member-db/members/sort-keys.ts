import { NULL_DAY } from '../../../lib/day-number.js'
import { BoolColumn, IntColumn, type MemberColumns, NumberColumn, StringColumn } from '../member-columns.js'
import type { ElementType, MemberElement, MemberTableState } from '../member-db-state.js'

/**
 * Element types that can be a sort key. Not allowed (KR_API_F0230): select_multiple (a set
 * has no order), password, hashed_password, encrypted_text (secrets), textarea (long free
 * text), checkbox (a consent flag) and auth.
 */
export const SORTABLE_TYPES: ReadonlySet<ElementType> = new Set<ElementType>([
  'text',
  'integer',
  'email',
  'url',
  'select',
  'date',
  'prefecture',
  'zip',
  'telephone',
  'sex',
  'marriage',
  'yesno',
  'autogen',
  'timestamp',
])

/** How to read the sort value of a row: a number (null = -Infinity) or a string. */
export type SortAccessor =
  | { kind: 'number'; value: (row: number) => number }
  | { kind: 'string'; value: (row: number) => string | null }

export function sortAccessor(table: MemberTableState, el: MemberElement): SortAccessor {
  return columnsSortAccessor(table.members, el)
}

/** The sort accessor of element `el` over the columns `cols`. */
export function columnsSortAccessor(cols: MemberColumns, el: MemberElement): SortAccessor {
  if (el.type === 'timestamp') {
    const field = el.systemField ?? 'regist_date'
    return {
      kind: 'number',
      value: (r) => {
        const v = cols[field].get(r)
        return Number.isNaN(v) ? -Infinity : v
      },
    }
  }
  const c = cols.columns.get(el.id)
  if (c instanceof NumberColumn)
    return {
      kind: 'number',
      value: (r) => {
        const v = c.values.get(r)
        return Number.isNaN(v) ? -Infinity : v
      },
    }
  if (c instanceof IntColumn) {
    return c.kind === 'date'
      ? {
          kind: 'number',
          value: (r) => {
            const v = c.values.get(r)
            return v === NULL_DAY ? -Infinity : v
          },
        }
      : { kind: 'number', value: (r) => c.values.get(r) }
  }
  if (c instanceof BoolColumn)
    return {
      kind: 'number',
      value: (r) => {
        const v = c.values.get(r)
        return v < 0 ? -Infinity : v
      },
    }
  if (c instanceof StringColumn) return { kind: 'string', value: (r) => c.values.get(r) }
  throw new Error(`element ${el.id} (${el.type}) has no sort accessor`)
}
