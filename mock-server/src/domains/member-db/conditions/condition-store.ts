import { KrsError } from '../../../kernel/krs-error.js'
import { msg } from '../../../kernel/messages.js'
import type { ConditionInfo, MemberDbState, MemberTableState, StoredCondition } from '../member-db-state.js'
import { compileCondition, type ConditionExtras } from './compile-condition.js'

/** The predefined condition "all" (every member of any table). */
export const ALL_CONDITION_ID = 1

export function predefinedAllCondition(): StoredCondition {
  return {
    id: ALL_CONDITION_ID,
    memberTableId: null,
    title: '全員',
    predefined: 'all',
    hidden: false,
    info: { title: '全員', grouping: true, conditions: {} },
  }
}

/**
 * A condition usable on this table: KR_API_F0005 when unknown or set unusable (hidden),
 * KR_API_F0007 when it belongs to another table.
 */
export function requireCondition(db: MemberDbState, tableId: number, conditionId: number): StoredCondition {
  const c = db.conditions.get(conditionId)
  if (!c || c.hidden)
    throw new KrsError(
      'KR_API_F0005',
      msg(c ? 'condition_not_usable' : 'condition_not_found', { condition_id: conditionId }),
    )
  if (c.memberTableId !== null && c.memberTableId !== tableId) {
    throw new KrsError(
      'KR_API_F0007',
      msg('condition_other_table', {
        condition_id: conditionId,
        other_table_id: c.memberTableId,
        member_table_id: tableId,
      }),
    )
  }
  return c
}

/** add_condition: validate (compiles it, with the mail domain's keys in `extras`) and store; returns the new id. */
export function addCondition(
  db: MemberDbState,
  table: MemberTableState,
  info: ConditionInfo,
  now: number,
  extras?: ConditionExtras,
): number {
  compileCondition(table, info, now, { db, extras })
  const id = db.nextConditionId++
  const title = info.title ?? `抽出条件${id}`
  db.conditions.set(id, {
    id,
    memberTableId: table.id,
    title,
    predefined: null,
    hidden: false,
    info: structuredClone({ ...info, title }),
  })
  return id
}

/** Mark that a delivery, agent program, ... uses a condition (the mail and batch domains). */
export function markConditionUse(db: MemberDbState, conditionId: number, ref: string): void {
  let s = db.conditionUses.get(conditionId)
  if (!s) {
    s = new Set()
    db.conditionUses.set(conditionId, s)
  }
  s.add(ref)
}

export function releaseConditionUse(db: MemberDbState, conditionId: number, ref: string): void {
  const s = db.conditionUses.get(conditionId)
  if (!s) return
  s.delete(ref)
  if (!s.size) db.conditionUses.delete(conditionId)
}

export function isConditionInUse(db: MemberDbState, conditionId: number): boolean {
  return (db.conditionUses.get(conditionId)?.size ?? 0) > 0
}

/**
 * delete_condition: F0005 unknown or hidden, F0004 the predefined "all" condition,
 * F0104 used by a delivery or agent program. The caller checks table access.
 */
export function deleteCondition(db: MemberDbState, conditionId: number): true {
  const c = db.conditions.get(conditionId)
  if (!c || c.hidden) throw new KrsError('KR_API_F0005', msg('condition_not_found', { condition_id: conditionId }))
  if (c.predefined)
    throw new KrsError('KR_API_F0021', msg('condition_predefined', { condition_id: conditionId, name: c.predefined }))
  if (isConditionInUse(db, conditionId)) {
    const refs = [...db.conditionUses.get(conditionId)!].join(', ')
    throw new KrsError('KR_API_F0104', msg('condition_in_use', { condition_id: conditionId, users: refs }))
  }
  db.conditions.delete(conditionId)
  return true
}

/** get_conditions: the usable conditions of a table (hidden ones left out), by id. */
export function listConditions(
  db: MemberDbState,
  tableId: number,
): { id: number; title: string; predefined: 'all' | null }[] {
  return [...db.conditions.values()]
    .filter((c) => !c.hidden && (c.memberTableId === null || c.memberTableId === tableId))
    .sort((a, b) => a.id - b.id)
    .map((c) => ({ id: c.id, title: c.title, predefined: c.predefined }))
}
