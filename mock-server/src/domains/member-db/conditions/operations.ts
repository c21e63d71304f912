import type { EngineContext } from '../../../kernel/context.js'
import { KrsError } from '../../../kernel/krs-error.js'
import { msg } from '../../../kernel/messages.js'
import type { ConditionInfo } from '../member-db-state.js'
import type { ConditionExtras } from './compile-condition.js'
import type { StoredCondition } from '../member-db-state.js'
import { assertTableAccess, requireTable } from '../tables/table-access.js'
import { addCondition, deleteCondition, listConditions, requireCondition } from './condition-store.js'

export function addConditionOp(
  ctx: EngineContext,
  memberTableId: number,
  info: ConditionInfo,
  extras: ConditionExtras,
): number {
  const table = requireTable(ctx, memberTableId)
  return addCondition(ctx.tenant.memberDb, table, info, ctx.now(), extras)
}

/**
 * KR_API_F0014 when saved condition `conditionId` belongs to a member table the caller may not
 * access: a condition is a door of its table, whichever table the request is about, so an
 * account limited to table 1 learns nothing of table 2's conditions (not even the mismatch,
 * F0007, that an account with access is told).
 */
function assertConditionAccess(ctx: EngineContext, conditionId: number): void {
  const c = ctx.tenant.memberDb.conditions.get(conditionId)
  if (c && !c.hidden && c.memberTableId !== null) assertTableAccess(ctx, c.memberTableId, `condition_id ${conditionId}`)
}

/**
 * A saved condition usable on member table `tableId` for this caller: F0005 unknown or
 * hidden, F0014 a condition of a table the account may not access, F0007 another table's.
 */
export function requireConditionFor(ctx: EngineContext, tableId: number, conditionId: number): StoredCondition {
  assertConditionAccess(ctx, conditionId)
  return requireCondition(ctx.tenant.memberDb, tableId, conditionId)
}

export function deleteConditionOp(ctx: EngineContext, conditionId: number): boolean {
  const db = ctx.tenant.memberDb
  const c = db.conditions.get(conditionId)
  if (!c || c.hidden) throw new KrsError('KR_API_F0005', msg('condition_not_found', { condition_id: conditionId }))
  assertConditionAccess(ctx, conditionId)
  return deleteCondition(db, conditionId)
}

export function getConditionsOp(ctx: EngineContext, memberTableId: number) {
  requireTable(ctx, memberTableId)
  return listConditions(ctx.tenant.memberDb, memberTableId)
}
