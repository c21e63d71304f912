import type { EngineContext } from '../../../kernel/context.js'
import { KrsError } from '../../../kernel/krs-error.js'
import { msg } from '../../../kernel/messages.js'
import type { OperationRequest, OperationResponse } from '@krs-kit/contract/operation-types'
import type { Delivery, MailDeliveryState } from '../mail-state.js'
import { requireProgram } from '../agent-programs/agent-program-ops.js'
import { requireTable } from '../../member-db/tables/table-access.js'
import { mailState } from '../mail-context.js'

type History = OperationResponse<'get_delivery_results_by_interval'>
/** Delivery-history calls return at most the latest 100 deliveries. */
export const HISTORY_LIMIT = 100

/** The subject and type a delivery sends (frozen at phase 1, the message's before). */
export function mailOf(state: MailDeliveryState, d: Delivery): { subject: string; type: 1 | 2 | 3 | 4; from: string } {
  const m = d.mail ?? state.messages.get(d.mailMessageId)
  const subject = `${d.subjectPrefix}${m?.subject ?? ''}`
  return { subject, type: m?.type ?? 1, from: m?.from ?? '' }
}

/** Real sends: all − stopped − no_address − blacklist − unsubscribed; 0 while preparing. */
function numsOf(d: Delivery): number {
  return d.phase >= 2 && d.list ? d.list.realRows.length : 0
}

function history(state: MailDeliveryState, picked: Delivery[], start: number, end: number): History {
  const out: History = {}
  picked
    .filter((d) => !d.cancelled && d.kind !== 'test' && d.deliveryDate >= start && d.deliveryDate <= end)
    .sort((a, b) => b.deliveryDate - a.deliveryDate || b.id - a.id)
    .slice(0, HISTORY_LIMIT)
    .forEach((d) => {
      const mail = mailOf(state, d)
      out[String(d.id)] = {
        title: d.title,
        subject: mail.subject,
        condition_title: d.conditionTitle ?? '',
        mail_type: mail.type,
        delivery_date: d.deliveryDate,
        status: d.phase,
        nums: numsOf(d),
      }
    })
  return out
}

function checkPeriod(start: number, end: number): void {
  if (end < start) throw new KrsError('KR_API_F0004', msg('interval_reversed', { end, start }))
}

export function getDeliveryResultsByInterval(
  ctx: EngineContext,
  body: OperationRequest<'get_delivery_results_by_interval'>,
): OperationResponse<'get_delivery_results_by_interval'> {
  const state = mailState(ctx)
  requireTable(ctx, body.member_table_id)
  const end = body.end_timestamp ?? ctx.now()
  checkPeriod(body.start_timestamp, end)
  const picked = [...state.deliveries.values()].filter((d) => d.memberTableId === body.member_table_id)
  return history(state, picked, body.start_timestamp, end)
}

export function getDeliveryResultsByAgentProgram(
  ctx: EngineContext,
  body: OperationRequest<'get_delivery_results_by_agent_program'>,
): OperationResponse<'get_delivery_results_by_agent_program'> {
  const state = mailState(ctx)
  const p = requireProgram(ctx, state, body.agent_program_id)
  checkPeriod(body.start_timestamp, body.end_timestamp)
  const picked = [...state.deliveries.values()].filter((d) => d.agentProgramId === p.id)
  return history(state, picked, body.start_timestamp, body.end_timestamp)
}
