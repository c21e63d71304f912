import type { MemberDbState, MemberElement, MemberTableState } from '../member-db-state.js'
import { apiValue } from '../members/member-view.js'
import type { RowPredicate } from './clause-context.js'

/**
 * Relations between member tables (element config `relate_to`).
 *
 * krs-kit reads a relation this way: a *relation element* R of a table B has
 * `relate_to: <element id>`, naming an element K of another table A (its key, e.g. a member
 * number or an e-mail address). A member of B belongs to the member of A whose K holds the
 * same value as its R (compared as text). The public documentation says a condition on A may
 * also use the elements of a table that references A through a relation, except the
 * relation element itself: such a clause matches a member of A when at least one alive
 * member of B that belongs to it satisfies the clause.
 */
export interface RelatedElement {
  /** The referencing table B. */
  table: MemberTableState
  /** The element of B the clause is on. */
  element: MemberElement
  /** B's relation element R. */
  relation: MemberElement
  /** A's element K that R refers to. */
  key: MemberElement
}

/** Relation elements of other tables pointing to an element of `table`. */
function relationsInto(
  db: MemberDbState,
  table: MemberTableState,
): { table: MemberTableState; relation: MemberElement; key: MemberElement }[] {
  const out: { table: MemberTableState; relation: MemberElement; key: MemberElement }[] = []
  for (const other of db.tables.values()) {
    if (other.id === table.id) continue
    for (const r of other.elements) {
      const to = r.config.relate_to
      if (typeof to !== 'number') continue
      const key = table.elements.find((e) => e.id === to)
      if (key) out.push({ table: other, relation: r, key })
    }
  }
  return out
}

/**
 * How element `id` of another table relates to `table`: a usable related element, the
 * relation element itself (`'relation'`, not usable), or null (no relation).
 */
export function relatedElement(
  db: MemberDbState | undefined,
  table: MemberTableState,
  id: number,
): RelatedElement | 'relation' | null {
  if (!db) return null
  for (const rel of relationsInto(db, table)) {
    if (rel.relation.id === id) return 'relation'
    const element = rel.table.elements.find((e) => e.id === id)
    if (element) return { ...rel, element }
  }
  return null
}

function text(v: unknown): string | null {
  if (v === null || v === undefined) return null
  const s = String(v).trim()
  return s === '' ? null : s
}

/**
 * Lift a predicate over B's rows to one over A's rows: an A member matches when one of the
 * alive B members related to it matches `inner`. Evaluated once, when the condition is
 * compiled (a condition is compiled for each call that uses it).
 */
export function liftToReferenced(table: MemberTableState, rel: RelatedElement, inner: RowPredicate): RowPredicate {
  const b = rel.table
  const keys = new Set<string>()
  for (let r = 0; r < b.members.rows; r++) {
    if (b.members.alive.get(r) !== 1 || !inner(r)) continue
    const k = text(apiValue(b, rel.relation, r))
    if (k !== null) keys.add(k)
  }
  const marks = new Uint8Array(table.members.rows)
  if (keys.size > 0) {
    for (let r = 0; r < table.members.rows; r++) {
      if (table.members.alive.get(r) !== 1) continue
      const k = text(apiValue(table, rel.key, r))
      if (k !== null && keys.has(k)) marks[r] = 1
    }
  }
  return (r) => marks[r] === 1
}
