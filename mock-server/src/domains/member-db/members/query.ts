import { KrsError } from '../../../kernel/krs-error.js'
import { msg } from '../../../kernel/messages.js'
import type { MemberDbState, MemberTableState } from '../member-db-state.js'
import type { RowPredicate } from '../conditions/clause-context.js'
import { SORTABLE_TYPES } from './sort-keys.js'
import { sortedIndex } from './sorted-index.js'

/** Member lists come in pages of 50; offset moves in steps of 50. */
export const PAGE_SIZE = 50

export interface PageRequest {
  offset: number
  /** 0 = member id, otherwise an element id. */
  sort_key: number
  /** true ascending, false descending. */
  order: boolean
}

/** KR_API_F0304 for a negative offset or one that is not a multiple of the page size. */
export function assertOffset(offset: number, step = PAGE_SIZE): void {
  if (!Number.isInteger(offset) || offset < 0 || offset % step !== 0) {
    throw new KrsError('KR_API_F0304', msg('offset_not_multiple', { offset, step }))
  }
}

/** Check the sort key: 0, or a sortable element of this table (KR_API_F0230; F0007 another table's element; F0005 none). */
export function assertSortKey(table: MemberTableState, sortKey: number, db?: MemberDbState): void {
  if (sortKey === 0) return
  const el = table.elements.find((e) => e.id === sortKey)
  if (!el) {
    for (const t of db?.tables.values() ?? []) {
      if (t.elements.some((e) => e.id === sortKey))
        throw new KrsError(
          'KR_API_F0007',
          msg('sort_key_other_table', { sort_key: sortKey, other_table_id: t.id, member_table_id: table.id }),
        )
    }
    throw new KrsError(
      'KR_API_F0005',
      msg('sort_key_not_found', { sort_key: sortKey, member_table_id: table.id, element_id: sortKey }),
    )
  }
  if (!SORTABLE_TYPES.has(el.type)) {
    throw new KrsError('KR_API_F0230', msg('sort_key_type', { sort_key: sortKey, name: el.name, type: el.type }))
  }
}

/** Number of members matching the predicate. */
export function countRows(table: MemberTableState, pred: RowPredicate): number {
  const n = table.members.rows
  let count = 0
  for (let r = 0; r < n; r++) if (pred(r)) count++
  return count
}

/**
 * The rows of one page of matching members in the requested order. Sorting by an element
 * walks its sorted index (built once, maintained on write), so no page sorts.
 */
export function pageRows(table: MemberTableState, pred: RowPredicate, req: PageRequest, limit = PAGE_SIZE): number[] {
  const out: number[] = []
  let skip = req.offset
  const take = (r: number): boolean => {
    if (!pred(r)) return false
    if (skip > 0) {
      skip--
      return false
    }
    out.push(r)
    return out.length >= limit
  }
  if (req.sort_key === 0) {
    const n = table.members.rows
    if (req.order) {
      for (let r = 0; r < n; r++) if (take(r)) break
    } else {
      for (let r = n - 1; r >= 0; r--) if (take(r)) break
    }
    return out
  }
  const el = table.elements.find((e) => e.id === req.sort_key)!
  const idx = sortedIndex(table, el)
  const rows = idx.rows
  if (req.order) {
    for (let i = 0; i < idx.size; i++) if (take(rows[i]!)) break
  } else {
    for (let i = idx.size - 1; i >= 0; i--) if (take(rows[i]!)) break
  }
  return out
}
