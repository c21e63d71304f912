import { KrsError } from '../../../kernel/krs-error.js'
import { msg } from '../../../kernel/messages.js'
import type { MemberDbState, MemberTableState } from '../member-db-state.js'

const E_KEY = /^e_([0-9]+)$/

/** The member table (other than `table`) that holds element `id`, if any. */
export function otherTableOf(db: MemberDbState, table: MemberTableState, id: number): MemberTableState | null {
  if (table.elements.some((e) => e.id === id)) return null
  for (const other of db.tables.values()) {
    if (other.id !== table.id && other.elements.some((e) => e.id === id)) return other
  }
  return null
}

/**
 * KR_API_F0007 (Database Mismatch) for the first `e_{id}` key of `info` that names an element
 * of another member table: the documented "an item that is not in that database was given".
 * Keys naming no element at all are left to the caller's own rule (F0116, F0005, …).
 */
export function assertNoForeignElements(
  db: MemberDbState,
  table: MemberTableState,
  info: Record<string, unknown>,
  where: string,
): void {
  for (const key of Object.keys(info)) {
    const m = E_KEY.exec(key)
    if (!m) continue
    const other = otherTableOf(db, table, Number(m[1]))
    if (other)
      throw new KrsError(
        'KR_API_F0007',
        msg('element_other_table', { where, key, other_table_id: other.id, member_table_id: table.id }),
      )
  }
}
