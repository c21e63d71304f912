import type { EngineContext } from '../../../kernel/context.js'
import type { OperationRequest, OperationResponse } from '@krs-kit/contract/operation-types'
import { mailState } from '../mail-context.js'
import { clickCountsOf, ratio2 } from './click-stats.js'
import { deliveryCounts } from './counts.js'
import { mailOf } from './history-ops.js'
import { requireDelivery } from './require-delivery.js'
import { statusDescription } from './status-text.js'

type Summary = OperationResponse<'get_summary_for_delivery_status'>

/** "12.3%" of `base` with one decimal ("0.0%" when the base is 0). */
export function rateText(n: number, base: number): string {
  return `${base <= 0 ? '0.0' : ((n / base) * 100).toFixed(1)}%`
}

export function getSummaryForDeliveryStatus(
  ctx: EngineContext,
  body: OperationRequest<'get_summary_for_delivery_status'>,
): Summary {
  const state = mailState(ctx)
  const d = requireDelivery(ctx, state, body.delivery_id)
  const now = ctx.now()
  const c = deliveryCounts(d, now)
  const mail = mailOf(state, d)
  const pair = (n: number): [number, string] => [n, rateText(n, c.all)]
  const errors: Summary['errors'] = {}
  d.list?.errorTable.forEach(([code, desc], k) => {
    const n = c.errorsByKind[k] ?? 0
    if (n > 0) errors[code] = [desc, n, rateText(n, c.real)]
  })
  const details = clickCountsOf(state, d, c.valid, now)
  const content = d.mail ?? state.messages.get(d.mailMessageId)
  const hasClicks =
    (content?.clickcounts.length ?? 0) > 0 ||
    (content?.openClickcount === true && (content.type === 2 || content.type === 3))
  const normal = details.filter((x) => x.type === 0)
  const total = normal.reduce((s, x) => s + x.total_num, 0)
  const unique = normal.reduce((s, x) => s + x.unique_num, 0)
  return {
    messages: {
      title: d.title,
      mail_message_id: d.mailMessageId,
      subject: mail.subject,
      from: mail.from,
      mail_type: mail.type,
      condition_title: d.kind === 'test' ? null : (d.conditionTitle ?? ''),
    },
    statuses: {
      phase: d.phase,
      description: statusDescription(d, now),
      delivery_date: d.deliveryDate,
      start_date: d.phase >= 2 ? d.startDate : null,
      end_date: d.phase === 3 ? d.endDate : null,
    },
    results: {
      all: pair(c.all),
      stopped: pair(c.stopped),
      no_address: pair(c.no_address),
      blacklist: pair(c.blacklist),
      real: pair(c.real),
      error: pair(c.error),
      valid: pair(c.valid),
      ready: pair(c.ready),
      compose: pair(c.composed),
      unsubscribed_address: pair(c.unsubscribed_address),
    },
    errors,
    click_counts: hasClicks
      ? { total_num: total, unique_num: unique, ratio: Math.min(100, ratio2(unique, c.valid)), details }
      : null,
  }
}
