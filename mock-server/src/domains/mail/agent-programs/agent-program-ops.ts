import type { EngineContext } from '../../../kernel/context.js'
import { KrsError } from '../../../kernel/krs-error.js'
import { msg } from '../../../kernel/messages.js'
import type { OperationRequest, OperationResponse } from '@krs-kit/contract/operation-types'
import type { AgentProgram, DeliveryCondition, DeliveryTime, MailDeliveryState } from '../mail-state.js'
import { markConditionUse, releaseConditionUse } from '../../member-db/conditions/index.js'
import { requireConditionFor } from '../../member-db/conditions/operations.js'
import { requireTable } from '../../member-db/tables/table-access.js'
import { mailMessageInfo, requireMessage } from '../messages/mail-message-ops.js'
import { mailState } from '../mail-context.js'
import { requireTypedElement } from '../deliveries/element-rules.js'
import { firstRun } from './occurrences.js'
import { agentProgramKey, releaseMessage, requireUnreserved, reserveMessage } from '../messages/message-reservation.js'

type ProgramInfo = OperationRequest<'add_agent_program'>['program_info']
type AgentProgramOut = OperationResponse<'get_agent_programs'>[number]

/** A program by id, or KR_API_F0005. */
export function requireProgram(ctx: EngineContext, state: MailDeliveryState, id: number): AgentProgram {
  const p = state.agentPrograms.get(id)
  if (!p) throw new KrsError('KR_API_F0005', msg('agent_program_not_found', { agent_program_id: id }))
  requireTable(ctx, p.memberTableId)
  return p
}

function timeOf(t: ProgramInfo['delivery_time_info']): DeliveryTime {
  return {
    type: t.type,
    hour: t.hour,
    min: t.min,
    dayOfWeek: t.type === 2 ? t.day_of_week : null,
    day: t.type === 3 ? (t.day as number) : null,
  }
}

function conditionOf(c: NonNullable<ProgramInfo['delivery_condition_info']>): DeliveryCondition {
  return {
    pattern: c.pattern,
    elementId: c.element_id,
    offset: c.offset ?? 0,
    direction: c.direction ?? 0,
    enableYear: c.enable_year ?? false,
    intervalDays: c.interval_days ?? 1,
    maxNum: c.max_num ?? 0,
  }
}

export function addAgentProgram(
  ctx: EngineContext,
  body: OperationRequest<'add_agent_program'>,
): OperationResponse<'add_agent_program'> {
  const state = mailState(ctx)
  const info = body.program_info
  const m = requireMessage(ctx, state, body.mail_message_id)
  if (m.purpose !== 'agent')
    throw new KrsError('KR_API_F0225', msg('message_for_normal_agent', { mail_message_id: m.id }))
  requireUnreserved(m, 'mail_message_id')
  const db = ctx.tenant.memberDb
  const condition = requireConditionFor(ctx, m.memberTableId, info.condition_id)
  requireTypedElement(ctx, m.memberTableId, info.element_id, 'email', 'program_info.element_id')
  const time = timeOf(info.delivery_time_info)
  let dateCondition: DeliveryCondition | null = null
  if (time.type === 1) {
    const c = info.delivery_condition_info
    if (!c) throw new KrsError('KR_API_F0006', msg('daily_condition_required'))
    if ((c.pattern === 2 || (c.direction ?? 0) !== 0) && c.offset === undefined) {
      throw new KrsError('KR_API_F0006', msg('condition_offset_required'))
    }
    requireTypedElement(ctx, m.memberTableId, c.element_id, 'date', 'program_info.delivery_condition_info.element_id')
    dateCondition = conditionOf(c)
  }
  const max = state.settings.agentProgramMax
  if (state.agentPrograms.size >= max)
    throw new KrsError('KR_API_F0227', msg('agent_programs_max', { count: state.agentPrograms.size, max }))
  // every check passed: write
  const enable = info.enable ?? false
  const id = state.nextAgentProgramId++
  const now = ctx.now()
  state.agentPrograms.set(id, {
    id,
    memberTableId: m.memberTableId,
    title: info.title,
    conditionId: condition.id,
    mailMessageId: m.id,
    elementId: info.element_id,
    blacklist: info.blacklist ?? false,
    enable,
    time,
    condition: dateCondition,
    nextRun: enable ? firstRun(time, now) : null,
  })
  reserveMessage(m, agentProgramKey(id))
  markConditionUse(db, condition.id, agentProgramKey(id))
  return id
}

/** Delete, even while enabled; deliveries already created run to the end. */
export function deleteAgentProgram(
  ctx: EngineContext,
  body: OperationRequest<'delete_agent_program'>,
): OperationResponse<'delete_agent_program'> {
  const state = mailState(ctx)
  const p = requireProgram(ctx, state, body.agent_program_id)
  state.agentPrograms.delete(p.id)
  releaseMessage(state.messages.get(p.mailMessageId), agentProgramKey(p.id))
  releaseConditionUse(ctx.tenant.memberDb, p.conditionId, agentProgramKey(p.id))
  return true
}

/** Switch on or off (default on); logged in the audit log even when nothing changes. */
export function enableAgentProgram(
  ctx: EngineContext,
  body: OperationRequest<'enable_agent_program'>,
): OperationResponse<'enable_agent_program'> {
  const state = mailState(ctx)
  const p = requireProgram(ctx, state, body.agent_program_id)
  const enable = body.enable ?? true
  const before = p.enable
  if (enable && !before) p.nextRun = firstRun(p.time, ctx.now())
  if (!enable) p.nextRun = null
  p.enable = enable
  ctx.audit('enable_agent_program', { agent_program_id: p.id, enable, previous: before, changed: before !== enable })
  return true
}

export function agentProgramOut(p: AgentProgram): AgentProgramOut {
  const t = p.time
  const time =
    t.type === 1
      ? { type: 1 as const, hour: t.hour, min: t.min }
      : t.type === 2
        ? { type: 2 as const, hour: t.hour, min: t.min, day_of_week: t.dayOfWeek as 0 }
        : { type: 3 as const, hour: t.hour, min: t.min, day: t.day! }
  const c = p.condition
  return {
    id: p.id,
    title: p.title,
    condition_id: p.conditionId,
    mail_message_id: p.mailMessageId,
    element_id: p.elementId,
    blacklist: p.blacklist,
    enable: p.enable,
    delivery_time_info: time,
    delivery_condition_info: c
      ? {
          pattern: c.pattern,
          element_id: c.elementId,
          offset: c.offset,
          direction: c.direction as 0,
          enable_year: c.enableYear,
          interval_days: c.intervalDays,
          max_num: c.maxNum,
        }
      : null,
  }
}

export function getAgentPrograms(
  ctx: EngineContext,
  body: OperationRequest<'get_agent_programs'>,
): OperationResponse<'get_agent_programs'> {
  const state = mailState(ctx)
  requireTable(ctx, body.member_table_id)
  return [...state.agentPrograms.values()]
    .filter((p) => p.memberTableId === body.member_table_id)
    .sort((a, b) => a.id - b.id)
    .map(agentProgramOut)
}

export function getMailMessageByAgentProgram(
  ctx: EngineContext,
  body: OperationRequest<'get_mail_message_by_agent_program'>,
): OperationResponse<'get_mail_message_by_agent_program'> {
  const state = mailState(ctx)
  const p = requireProgram(ctx, state, body.agent_program_id)
  const m = state.messages.get(p.mailMessageId)
  if (!m) throw new KrsError('KR_API_F0005', msg('agent_program_no_message', { agent_program_id: p.id }))
  return mailMessageInfo(m)
}
