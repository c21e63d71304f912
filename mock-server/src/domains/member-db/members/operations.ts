import type { EngineContext } from '../../../kernel/context.js'
import { KrsError } from '../../../kernel/krs-error.js'
import { msg } from '../../../kernel/messages.js'
import type { ConditionInfo, MemberTableState } from '../member-db-state.js'
import { type ConditionExtras, compileCondition } from '../conditions/compile-condition.js'
import { requireConditionFor } from '../conditions/operations.js'
import { requireTable } from '../tables/table-access.js'
import { assertNoForeignElements } from './foreign-element.js'
import { lookupMemberId } from './lookup.js'
import { addMember, deleteMember, memberRow, updateMember, type WriteEnv } from './member-store.js'
import { keepMemberAnswer, memberAnswers } from './member-answer-cache.js'
import { memberInfoJson, memberInfoOf, type MemberInfo, type ViewOptions } from './member-view.js'
import { assertOffset, assertSortKey, countRows, pageRows, type PageRequest } from './query.js'

// No API-lock check here: a lock through the API restricts only export and import by other
// accounts (and the admin screen); member writes stay open (batch-guards.ts).

function view(ctx: EngineContext): ViewOptions {
  return { encryptedKey: ctx.account?.encryptedKey ?? false }
}

function writeEnv(ctx: EngineContext): WriteEnv {
  return { now: ctx.now(), random: () => ctx.random(), encryptedKey: ctx.account?.encryptedKey ?? false }
}

/** Compile a condition with the other domains' keys (mail: error count, click_count_flag) that `extras` brings. */
function compile(ctx: EngineContext, table: MemberTableState, info: ConditionInfo, extras: ConditionExtras) {
  return compileCondition(table, info, ctx.now(), { db: ctx.tenant.memberDb, extras })
}

function storedConditionInfo(ctx: EngineContext, table: MemberTableState, conditionId: number): ConditionInfo {
  return requireConditionFor(ctx, table.id, conditionId).info
}

function page(
  ctx: EngineContext,
  table: MemberTableState,
  info: ConditionInfo,
  req: PageRequest,
  extras: ConditionExtras,
): MemberInfo[] {
  assertOffset(req.offset)
  assertSortKey(table, req.sort_key, ctx.tenant.memberDb)
  const pred = compile(ctx, table, info, extras)
  const v = view(ctx)
  return pageRows(table, pred, req).map((r) => memberInfoOf(table, r, v))
}

export function lookupMemberIdOp(ctx: EngineContext, tableId: number, info: Record<string, unknown>): number {
  const table = requireTable(ctx, tableId)
  assertNoForeignElements(ctx.tenant.memberDb, table, info, 'member_info')
  return lookupMemberId(table, info)
}

export function getMemberInfoOp(ctx: EngineContext, tableId: number, memberId: number): MemberInfo {
  const table = requireTable(ctx, tableId)
  return memberInfoOf(table, existingRow(table, tableId, memberId), view(ctx))
}

/**
 * `get_member_info`'s answer as JSON text (the module's JSON-text answer): the same checks,
 * then the text made when the member was last read unless a column was written since
 * (member-answer-cache.ts).
 */
export function getMemberInfoJson(ctx: EngineContext, tableId: number, memberId: number): string {
  const table = requireTable(ctx, tableId)
  const encryptedKey = ctx.account?.encryptedKey ?? false
  const answers = memberAnswers(table)
  const kept = encryptedKey ? answers.open : answers.masked
  const known = kept.get(memberId)
  if (known !== undefined) return known
  const json = memberInfoJson(table, existingRow(table, tableId, memberId), { encryptedKey })
  keepMemberAnswer(kept, memberId, json)
  return json
}

function existingRow(table: MemberTableState, tableId: number, memberId: number): number {
  const row = memberRow(table, memberId)
  if (row < 0)
    throw new KrsError('KR_API_F0005', msg('member_not_found', { member_id: memberId, member_table_id: tableId }))
  return row
}

export function getMemberInfosByOneshotConditionOp(
  ctx: EngineContext,
  tableId: number,
  info: ConditionInfo,
  req: PageRequest,
  extras: ConditionExtras,
): MemberInfo[] {
  const table = requireTable(ctx, tableId)
  return page(ctx, table, info, req, extras)
}

export function getMemberInfosByConditionOp(
  ctx: EngineContext,
  tableId: number,
  conditionId: number,
  req: PageRequest,
  extras: ConditionExtras,
): MemberInfo[] {
  const table = requireTable(ctx, tableId)
  return page(ctx, table, storedConditionInfo(ctx, table, conditionId), req, extras)
}

export function getMembersNumByOneshotConditionOp(
  ctx: EngineContext,
  tableId: number,
  info: ConditionInfo,
  extras: ConditionExtras,
): number {
  const table = requireTable(ctx, tableId)
  return countRows(table, compile(ctx, table, info, extras))
}

export function getMembersNumByConditionOp(
  ctx: EngineContext,
  tableId: number,
  conditionId: number,
  extras: ConditionExtras,
): number {
  const table = requireTable(ctx, tableId)
  return countRows(table, compile(ctx, table, storedConditionInfo(ctx, table, conditionId), extras))
}

export function addMemberOp(ctx: EngineContext, tableId: number, info: Record<string, unknown>): number {
  const table = requireTable(ctx, tableId)
  assertNoForeignElements(ctx.tenant.memberDb, table, info, 'member_info')
  return addMember(table, info, writeEnv(ctx))
}

export function updateMemberOp(
  ctx: EngineContext,
  tableId: number,
  memberId: number,
  info: Record<string, unknown>,
): boolean {
  const table = requireTable(ctx, tableId)
  assertNoForeignElements(ctx.tenant.memberDb, table, info, 'member_info')
  return updateMember(table, memberId, info, writeEnv(ctx))
}

export function deleteMemberOp(ctx: EngineContext, tableId: number, memberId: number): boolean {
  const table = requireTable(ctx, tableId)
  return deleteMember(table, memberId)
}
