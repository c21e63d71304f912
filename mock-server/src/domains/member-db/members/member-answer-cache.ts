import { columnWrites } from '../chunks.js'
import type { MemberTableState } from '../member-db-state.js'
import { type TablePlan, tablePlan } from './table-plan.js'

/**
 * `get_member_info` answers (their JSON text) of one table as last written, by member id, for
 * readers with and without the encrypted-item-key permission: a member read again is answered
 * with the text already made rather than written again from the columns. The text is a
 * function of the member's row, the table's elements and the reader's permission alone; the
 * cache belongs to the table's plan (a new element list or member columns make a new plan)
 * and is emptied whenever any column of any table was written since it was filled
 * (`columnWrites`), so that it never answers what the columns no longer hold.
 */
export interface MemberAnswers {
  /** Readers with the encrypted-item-key permission. */
  readonly open: Map<number, string>
  /** Readers without it (encrypted texts hidden). */
  readonly masked: Map<number, string>
}

interface Cache extends MemberAnswers {
  writes: number
}

const caches = new WeakMap<TablePlan, Cache>()

/** Answers kept per table and kind of reader: a walk over a large table only empties it. */
const KEPT = 4096

/** The answers of `table` still valid now. */
export function memberAnswers(table: MemberTableState): MemberAnswers {
  const plan = tablePlan(table)
  const writes = columnWrites()
  const cache = caches.get(plan)
  if (!cache) {
    const made: Cache = { writes, open: new Map(), masked: new Map() }
    caches.set(plan, made)
    return made
  }
  if (cache.writes !== writes) {
    cache.writes = writes
    cache.open.clear()
    cache.masked.clear()
  }
  return cache
}

/** Keep `json` as the answer for `memberId` (within the bound). */
export function keepMemberAnswer(answers: Map<number, string>, memberId: number, json: string): void {
  if (answers.size >= KEPT) answers.clear()
  answers.set(memberId, json)
}
