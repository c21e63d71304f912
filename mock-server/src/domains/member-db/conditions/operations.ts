import type { EngineContext } from '../../../kernel/context.js'
import { KrsError } from '../../../kernel/krs-error.js'
import type { ConditionInfo } from '../member-db-state.js'
import type { ConditionExtras } from './compile-condition.js'
import { requireTable } from '../tables/table-access.js'
import { addCondition, deleteCondition, listConditions } from './condition-store.js'

export function addConditionOp(
  ctx: EngineContext,
  memberTableId: number,
  info: ConditionInfo,
  extras: ConditionExtras,
): number {
  const table = requireTable(ctx, memberTableId)
  return addCondition(ctx.tenant.memberDb, table, info, ctx.now(), extras)
}

export function deleteConditionOp(ctx: EngineContext, conditionId: number): boolean {
  const db = ctx.tenant.memberDb
  const c = db.conditions.get(conditionId)
  if (!c || c.hidden) throw new KrsError('KR_API_F0005', `condition_id ${conditionId}: no such condition`)
  if (c.memberTableId !== null) requireTable(ctx, c.memberTableId)
  return deleteCondition(db, conditionId)
}

export function getConditionsOp(ctx: EngineContext, memberTableId: number) {
  requireTable(ctx, memberTableId)
  return listConditions(ctx.tenant.memberDb, memberTableId)
}
