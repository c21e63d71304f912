import type { EngineContext } from '../../../kernel/context.js'
import { KrsError } from '../../../kernel/krs-error.js'
import { msg } from '../../../kernel/messages.js'
import type { OperationRequest, OperationResponse } from '@krs-kit/contract/operation-types'
import { markConditionUse, releaseConditionUse } from '../../member-db/conditions/index.js'
import { requireConditionFor } from '../../member-db/conditions/operations.js'
import { isEmail } from '../../member-db/members/syntax.js'
import { requireTable } from '../../member-db/tables/table-access.js'
import { requireMessage } from '../messages/mail-message-ops.js'
import { mailState } from '../mail-context.js'
import { requireTypedElement } from './element-rules.js'
import { newDelivery } from './new-delivery.js'
import { stepDelivery } from './phase-machine.js'
import { deliveryKey, releaseMessage, requireUnreserved, reserveMessage } from '../messages/message-reservation.js'

/** At most this many test addresses (the documented cap of a test delivery). */
export const MAX_TEST_ADDRESSES = 50
/** Subject prefix of a test delivery when none is given. */
export const DEFAULT_TEST_PREFIX = '【テスト配信】'
/** Delivery timings fall on 5-minute boundaries. */
const TIMING_STEP = 300

/** The next 5-minute boundary strictly after `now`. */
export function nextDeliveryTiming(now: number): number {
  return Math.floor(now / TIMING_STEP) * TIMING_STEP + TIMING_STEP
}

export function addDeliverySchedule(
  ctx: EngineContext,
  body: OperationRequest<'add_delivery_schedule'>,
): OperationResponse<'add_delivery_schedule'> {
  const state = mailState(ctx)
  const info = body.delivery_info
  const m = requireMessage(ctx, state, body.mail_message_id)
  if (m.purpose !== 'normal')
    throw new KrsError('KR_API_F0211', msg('delivery_agent_message', { mail_message_id: m.id }))
  requireUnreserved(m, 'mail_message_id')
  const db = ctx.tenant.memberDb
  const condition = requireConditionFor(ctx, m.memberTableId, info.condition_id)
  requireTypedElement(ctx, m.memberTableId, info.element_id, 'email', 'delivery_info.element_id')
  // every check passed: write
  const d = newDelivery(state, {
    kind: 'normal',
    memberTableId: m.memberTableId,
    mailMessageId: m.id,
    agentProgramId: null,
    title: info.title,
    conditionId: condition.id,
    conditionTitle: condition.title,
    elementId: info.element_id,
    deliveryDate: info.delivery_date,
    blacklist: info.blacklist ?? false,
    deleteCondition: info.delete_condition ?? false,
    testEmails: null,
    subjectPrefix: '',
  })
  reserveMessage(m, deliveryKey(d.id))
  markConditionUse(db, condition.id, deliveryKey(d.id))
  // a past date starts at once: the list is built from now on
  const now = ctx.now()
  if (d.deliveryDate <= now) stepDelivery(ctx.tenant, state, d, now)
  return d.id
}

export function addTestDeliverySchedule(
  ctx: EngineContext,
  body: OperationRequest<'add_test_delivery_schedule'>,
): OperationResponse<'add_test_delivery_schedule'> {
  const state = mailState(ctx)
  const info = body.delivery_info
  const m = requireMessage(ctx, state, body.mail_message_id)
  const el = requireTypedElement(ctx, m.memberTableId, info.element_id, 'email', 'delivery_info.element_id')
  const emails = info.emails
  if (emails.length === 0) throw new KrsError('KR_API_F0214', msg('test_emails_empty'))
  emails.forEach((e, i) => {
    if (typeof e !== 'string' || !isEmail(e.trim()))
      throw new KrsError('KR_API_F0216', msg('test_email_invalid', { index: i, value: JSON.stringify(e) }))
  })
  // duplicates are merged first (case-insensitively); the cap counts the distinct addresses
  const merged = [...new Set(emails.map((e) => e.trim().toLowerCase()))]
  if (merged.length > MAX_TEST_ADDRESSES) {
    throw new KrsError('KR_API_F0215', msg('test_emails_too_many', { count: merged.length, max: MAX_TEST_ADDRESSES }))
  }
  const table = requireTable(ctx, m.memberTableId)
  const col = table.members.columns.get(el.id)
  const known = new Set<string>()
  if (col)
    for (let r = 0; r < table.members.rows; r++) {
      const v = col.get(r)
      if (table.members.alive.get(r) === 1 && typeof v === 'string') known.add(v.trim().toLowerCase())
    }
  const targets = merged.filter((e) => known.has(e))
  if (targets.length === 0)
    throw new KrsError(
      'KR_API_F0214',
      msg('test_emails_unregistered', { element_id: el.id, member_table_id: table.id }),
    )
  const now = ctx.now()
  const date =
    info.delivery_date === undefined || info.delivery_date === null || info.delivery_date < now
      ? nextDeliveryTiming(now)
      : info.delivery_date
  const d = newDelivery(state, {
    kind: 'test',
    memberTableId: m.memberTableId,
    mailMessageId: m.id,
    agentProgramId: null,
    title: `${info.prefix ?? DEFAULT_TEST_PREFIX}${m.subject}`,
    conditionId: null,
    conditionTitle: null,
    elementId: el.id,
    deliveryDate: date,
    blacklist: false,
    deleteCondition: false,
    testEmails: targets,
    subjectPrefix: info.prefix ?? DEFAULT_TEST_PREFIX,
  })
  if (d.deliveryDate <= now) stepDelivery(ctx.tenant, state, d, now)
  return d.id
}

/** Cancel while reserved (phase 0): F0212 agent delivery, F0213 started, F0005 finished or unknown. */
export function cancelDeliverySchedule(
  ctx: EngineContext,
  body: OperationRequest<'cancel_delivery_schedule'>,
): OperationResponse<'cancel_delivery_schedule'> {
  const state = mailState(ctx)
  const d = state.deliveries.get(body.delivery_id)
  if (!d || d.cancelled)
    throw new KrsError(
      'KR_API_F0005',
      msg(d ? 'delivery_cancelled' : 'delivery_not_found', { delivery_id: body.delivery_id }),
    )
  requireTable(ctx, d.memberTableId)
  if (d.kind === 'agent')
    throw new KrsError(
      'KR_API_F0212',
      msg('delivery_by_agent', { delivery_id: d.id, agent_program_id: d.agentProgramId }),
    )
  if (d.phase === 3) throw new KrsError('KR_API_F0005', msg('delivery_finished', { delivery_id: d.id }))
  if (d.phase !== 0) throw new KrsError('KR_API_F0213', msg('delivery_started', { delivery_id: d.id, phase: d.phase }))
  d.cancelled = true
  releaseMessage(state.messages.get(d.mailMessageId), deliveryKey(d.id))
  if (d.conditionId !== null) releaseConditionUse(ctx.tenant.memberDb, d.conditionId, deliveryKey(d.id))
  return true
}
