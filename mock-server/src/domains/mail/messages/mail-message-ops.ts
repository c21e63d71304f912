import type { EngineContext } from '../../../kernel/context.js'
import { KrsError } from '../../../kernel/krs-error.js'
import { msg } from '../../../kernel/messages.js'
import type { OperationRequest, OperationResponse } from '@krs-kit/contract/operation-types'
import type { MailContent, MailMessage, MailDeliveryState } from '../mail-state.js'
import { requireTable } from '../../member-db/tables/table-access.js'
import { mailState } from '../mail-context.js'
import { checkMailInfo } from './mail-info-rules.js'
import { requireUnreserved } from './message-reservation.js'

/** A message by id, or KR_API_F0005; the caller must be able to access its table. */
export function requireMessage(
  ctx: EngineContext,
  state: MailDeliveryState,
  id: number,
  key = 'mail_message_id',
): MailMessage {
  const m = state.messages.get(id)
  if (!m) throw new KrsError('KR_API_F0005', msg('mail_message_not_found', { key, id }))
  requireTable(ctx, m.memberTableId)
  return m
}

function store(
  state: MailDeliveryState,
  memberTableId: number,
  purpose: MailMessage['purpose'],
  content: MailContent,
): number {
  const id = state.nextMessageId++
  state.messages.set(id, { id, memberTableId, purpose, lockedBy: null, ...content })
  return id
}

export function addMailMessage(
  ctx: EngineContext,
  body: OperationRequest<'add_mail_message'>,
): OperationResponse<'add_mail_message'> {
  const state = mailState(ctx)
  requireTable(ctx, body.member_table_id)
  const content = checkMailInfo(body.mail_info)
  return store(state, body.member_table_id, 'normal', content)
}

export function addMailMessageForAgentProgram(
  ctx: EngineContext,
  body: OperationRequest<'add_mail_message_for_agent_program'>,
): OperationResponse<'add_mail_message_for_agent_program'> {
  const state = mailState(ctx)
  requireTable(ctx, body.member_table_id)
  const content = checkMailInfo(body.mail_info)
  return store(state, body.member_table_id, 'agent', content)
}

/** Only normal messages that no delivery reserved can be deleted (F0211, F0102). */
export function deleteMailMessage(
  ctx: EngineContext,
  body: OperationRequest<'delete_mail_message'>,
): OperationResponse<'delete_mail_message'> {
  const state = mailState(ctx)
  const m = requireMessage(ctx, state, body.message_id, 'message_id')
  if (m.purpose !== 'normal') throw new KrsError('KR_API_F0211', msg('message_for_agent_delete', { message_id: m.id }))
  requireUnreserved(m, 'message_id')
  state.messages.delete(m.id)
  return true
}

/** Replace an agent message's content; omitted optional fields reset (F0225, F0226). */
export function updateMailMessageForAgentProgram(
  ctx: EngineContext,
  body: OperationRequest<'update_mail_message_for_agent_program'>,
): OperationResponse<'update_mail_message_for_agent_program'> {
  const state = mailState(ctx)
  const m = requireMessage(ctx, state, body.mail_message_id)
  if (m.purpose !== 'agent') throw new KrsError('KR_API_F0225', msg('message_for_normal', { mail_message_id: m.id }))
  if (m.type === 4) throw new KrsError('KR_API_F0226', msg('message_decomail', { mail_message_id: m.id }))
  const content = checkMailInfo(body.mail_info)
  Object.assign(m, content)
  return true
}

export function deleteMailMessageForAgentProgram(
  ctx: EngineContext,
  body: OperationRequest<'delete_mail_message_for_agent_program'>,
): OperationResponse<'delete_mail_message_for_agent_program'> {
  const state = mailState(ctx)
  const m = requireMessage(ctx, state, body.mail_message_id)
  if (m.purpose !== 'agent')
    throw new KrsError('KR_API_F0225', msg('message_for_normal_delete', { mail_message_id: m.id }))
  requireUnreserved(m, 'mail_message_id')
  state.messages.delete(m.id)
  return true
}

/** MailMessageInfo of a message. */
export function mailMessageInfo(m: MailMessage): OperationResponse<'get_mail_message_by_agent_program'> {
  return {
    mail_message_id: m.id,
    member_table_id: m.memberTableId,
    type: m.type,
    allow_hankana: m.allowHankana,
    from: m.from,
    from_desc: m.fromDesc,
    reply: m.reply,
    reply_desc: m.replyDesc,
    subject: m.subject,
    text_part: m.textPart,
    html_part: m.htmlPart,
    clickcounts: m.clickcounts.map((c) => ({ url: c.url, days: c.days, outdated_url: c.outdatedUrl })),
    open_clickcount: m.openClickcount,
    oneclick_date: Math.floor(m.oneclickSec / 3600),
    oneclick_date_sec: m.oneclickSec,
  }
}
