import type { MemberColumns } from './member-columns.js'
import type { MemberTableState } from './member-db-state.js'

/** Tables whose generated members are not made yet: their columns so far and how many will come. */
const pending = new WeakMap<MemberTableState, { columns: MemberColumns; count: number }>()

/**
 * Generate a table's scenario members when its member columns are first read rather than now:
 * a tenant whose first calls list tables or read elements never pays for them. `generate` is
 * seeded by the scenario alone (not by what ran before), so the members are the same whenever
 * they are built. Assigning `members` (snapshot import) drops the pending generation.
 */
export function deferMembers(
  table: MemberTableState,
  count: number,
  generate: (table: MemberTableState) => void,
): void {
  if (count <= 0) return
  const columns = table.members
  const own = (members: MemberColumns) => {
    Object.defineProperty(table, 'members', { value: members, writable: true, enumerable: true, configurable: true })
    pending.delete(table)
  }
  pending.set(table, { columns, count })
  Object.defineProperty(table, 'members', {
    enumerable: true,
    configurable: true,
    get() {
      own(columns)
      generate(table)
      return columns
    },
    set: own,
  })
}

/** The number of members a table will have once its pending members are made, or null when none are pending. */
export function pendingCount(t: MemberTableState): number | null {
  const p = pending.get(t)
  return p === undefined ? null : p.columns.count + p.count
}

/**
 * The ids of a table's living members in row order, at most `limit`, without making pending
 * generated members: those take the ids that follow the listed ones, one per row, as
 * generateMembers numbers them.
 */
export function firstMemberIds(t: MemberTableState, limit: number): number[] {
  const p = pending.get(t)
  const cols = p === undefined ? t.members : p.columns
  const ids: number[] = []
  for (let r = 0; r < cols.rows && ids.length < limit; r++) if (cols.alive.get(r)) ids.push(cols.id.get(r))
  if (p !== undefined) for (let i = 0; i < p.count && ids.length < limit; i++) ids.push(cols.nextId + i)
  return ids
}
