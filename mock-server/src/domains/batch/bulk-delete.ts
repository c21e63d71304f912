import type { EngineContext } from '../../kernel/context.js'
import type { OperationRequest } from '@krs-kit/contract/operation-types'
import { KrsError } from '../../kernel/krs-error.js'
import { msg } from '../../kernel/messages.js'
import type { ConditionInfo, MemberTableState } from '../member-db/member-db-state.js'
import { compileCondition } from '../member-db/conditions/compile-condition.js'
import { requireConditionFor } from '../member-db/conditions/operations.js'
import { mailConditionExtras } from '../mail/deliveries/condition-extras.js'
import { requireTable } from '../member-db/tables/table-access.js'
import { deleteMember } from '../member-db/members/member-store.js'
import { advanceBatchJobs, batchOf } from './batch-section.js'
import { assertTableWritable } from './batch-guards.js'

function checkPassword(ctx: EngineContext, password: string): void {
  const state = batchOf(ctx.tenant, ctx.now())
  const expected = ctx.account ? state.accountPasswords[String(ctx.account.id)] : undefined
  if (expected === undefined || expected !== password) {
    throw new KrsError('KR_API_F0004', msg('password_mismatch'))
  }
}

function deleteMatching(
  ctx: EngineContext,
  table: MemberTableState,
  info: ConditionInfo,
  how: Record<string, unknown>,
): number {
  const pred = compileCondition(table, info, ctx.now(), {
    db: ctx.tenant.memberDb,
    extras: mailConditionExtras(ctx.tenant.mailDelivery),
  })
  assertTableWritable(ctx, ctx.tenant.batch, table, true)
  const ids: number[] = []
  const cols = table.members
  for (let r = 0; r < cols.rows; r++) if (pred(r)) ids.push(cols.id.get(r))
  for (const id of ids) deleteMember(table, id)
  ctx.audit('delete_members', { member_table_id: table.id, deleted: ids.length, ...how })
  return ids.length
}

/** delete_members: delete the members matching the additional condition; answers the count. */
export function deleteMembersOp(ctx: EngineContext, b: OperationRequest<'delete_members'>): number {
  advanceBatchJobs(ctx.tenant, ctx.now())
  const table = requireTable(ctx, b.member_table_id)
  checkPassword(ctx, b.password)
  const info: ConditionInfo = { grouping: b.grouping, conditions: b.additional_condition }
  return deleteMatching(ctx, table, info, { grouping: b.grouping, additional_condition: b.additional_condition })
}

/** delete_members_by_condition: delete the members of a saved condition; answers the count. */
export function deleteMembersByConditionOp(
  ctx: EngineContext,
  b: OperationRequest<'delete_members_by_condition'>,
): number {
  advanceBatchJobs(ctx.tenant, ctx.now())
  const table = requireTable(ctx, b.member_table_id)
  checkPassword(ctx, b.password)
  const cond = requireConditionFor(ctx, table.id, b.condition_id)
  return deleteMatching(ctx, table, cond.info, { condition_id: b.condition_id })
}
