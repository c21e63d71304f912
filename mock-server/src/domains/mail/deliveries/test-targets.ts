import { StringColumn } from '../../member-db/member-columns.js'
import type { MemberTableState } from '../../member-db/member-db-state.js'

/**
 * Rows of the alive members whose e-mail element holds one of the test addresses
 * (compared without case), in member-id order. Addresses not in the database are skipped.
 */
export function testTargetRows(table: MemberTableState, elementId: number, emails: readonly string[]): Int32Array {
  const wanted = new Set(emails.map((e) => e.trim().toLowerCase()))
  const col = table.members.columns.get(elementId)
  if (!(col instanceof StringColumn) || wanted.size === 0) return new Int32Array(0)
  const out: number[] = []
  const alive = table.members.alive
  for (let r = 0; r < table.members.rows; r++) {
    const v = col.values.get(r)
    if (alive.get(r) === 1 && v && wanted.has(v.trim().toLowerCase())) out.push(r)
  }
  return Int32Array.from(out)
}
