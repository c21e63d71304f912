import type { EngineContext } from '../../../kernel/context.js'
import { KrsError } from '../../../kernel/krs-error.js'
import { msg } from '../../../kernel/messages.js'
import type { OperationRequest, OperationResponse } from '@krs-kit/contract/operation-types'
import { TargetCategory } from '../mail-state.js'
import { mailState } from '../mail-context.js'
import { clickCountsOf } from './click-stats.js'
import { composedCount, deliveryCounts } from './counts.js'
import { requireDelivery } from './require-delivery.js'
import { statusDescription } from './status-text.js'

/** Page size of get_addresses_for_delivery. */
export const ADDRESS_PAGE = 50_000
/** Page size of get_click_count_result. */
export const CLICK_LOG_PAGE = 10_000

export function getDeliveryStatus(
  ctx: EngineContext,
  body: OperationRequest<'get_delivery_status'>,
): OperationResponse<'get_delivery_status'> {
  const state = mailState(ctx)
  const d = requireDelivery(ctx, state, body.delivery_id)
  return [d.phase, statusDescription(d, ctx.now())]
}

export function getDeliveryResult(
  ctx: EngineContext,
  body: OperationRequest<'get_delivery_result'>,
): OperationResponse<'get_delivery_result'> {
  const state = mailState(ctx)
  const d = requireDelivery(ctx, state, body.delivery_id)
  const c = deliveryCounts(d, ctx.now())
  return {
    count_info: {
      all: c.all,
      stopped: c.stopped,
      no_address: c.no_address,
      error: c.error,
      blacklist: c.blacklist,
      unsubscribed_address: c.unsubscribed_address,
      ready: c.ready,
      composed: c.composed,
    },
    start_date: d.phase >= 2 ? d.startDate : null,
    end_date: d.phase === 3 ? d.endDate : null,
  }
}

const categoryOf = {
  stopped: TargetCategory.Stopped,
  no_address: TargetCategory.NoAddress,
  blacklist: TargetCategory.Blacklist,
  unsubscribed_address: TargetCategory.Unsubscribed,
} as const

/** Addresses of one type in member-id order, 50,000 per page; empty in phases 0 and 1. */
export function getAddressesForDelivery(
  ctx: EngineContext,
  body: OperationRequest<'get_addresses_for_delivery'>,
): OperationResponse<'get_addresses_for_delivery'> {
  const state = mailState(ctx)
  const d = requireDelivery(ctx, state, body.delivery_id)
  if (!Number.isInteger(body.offset) || body.offset < 0)
    throw new KrsError('KR_API_F0304', msg('offset_negative', { offset: body.offset }))
  const list = d.list
  if (d.phase < 2 || !list) return []
  const out: OperationResponse<'get_addresses_for_delivery'> = []
  const end = body.offset + ADDRESS_PAGE
  let seen = 0
  const push = (i: number, code: string | null, desc: string | null): boolean => {
    if (seen++ >= body.offset)
      out.push({ member_id: list.memberIds[i]!, address: list.addresses[i]!, error_code: code, error_desc: desc })
    return seen < end
  }
  if (body.type === 'error' || body.type === 'valid') {
    const composed = composedCount(d, ctx.now())
    const wantError = body.type === 'error'
    // in member-id order: realRows is ascending; only composed targets can have bounced
    for (let j = 0; j < list.realRows.length; j++) {
      const i = list.realRows[j]!
      const k = j < composed ? list.error[i]! : -1
      if (wantError !== k >= 0) continue
      const e = k >= 0 ? list.errorTable[k]! : null
      if (!push(i, e ? e[0] : null, e ? e[1] : null)) break
    }
    return out
  }
  const want = categoryOf[body.type]
  for (let i = 0; i < list.category.length; i++) {
    if (list.category[i] === want && !push(i, null, null)) break
  }
  return out
}

export function getClickCountsForDelivery(
  ctx: EngineContext,
  body: OperationRequest<'get_click_counts_for_delivery'>,
): OperationResponse<'get_click_counts_for_delivery'> {
  const state = mailState(ctx)
  const d = requireDelivery(ctx, state, body.delivery_id)
  const now = ctx.now()
  return clickCountsOf(state, d, deliveryCounts(d, now).valid, now)
}

/** Click logs in time order, 10,000 per page; empty once the retention period has passed. */
export function getClickCountResult(
  ctx: EngineContext,
  body: OperationRequest<'get_click_count_result'>,
): OperationResponse<'get_click_count_result'> {
  const state = mailState(ctx)
  const c = state.clickcounts.get(body.clickcount_id)
  const d = c ? state.deliveries.get(c.deliveryId) : undefined
  if (!c || !d) throw new KrsError('KR_API_F0005', msg('clickcount_not_found', { clickcount_id: body.clickcount_id }))
  requireDelivery(ctx, state, d.id)
  if (!Number.isInteger(body.offset) || body.offset < 0)
    throw new KrsError('KR_API_F0304', msg('offset_negative', { offset: body.offset }))
  const now = ctx.now()
  if (now > c.collectDate + state.settings.clickRetentionDays * 86400) return []
  return [...c.logs]
    .sort((a, b) => a.at - b.at)
    .slice(body.offset, body.offset + CLICK_LOG_PAGE)
    .map((l) => ({
      clicked_date: l.at,
      member_id: l.memberId,
      address: l.address,
      ip_address: l.ip,
      user_agent: l.userAgent,
    }))
}
