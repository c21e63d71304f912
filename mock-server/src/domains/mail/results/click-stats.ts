import type { ClickCount, Delivery, MailDeliveryState } from '../mail-state.js'
import type { OperationResponse } from '@krs-kit/contract/operation-types'

type ClickCountOut = OperationResponse<'get_click_counts_for_delivery'>[number]
const DAY = 86400

/** Percentage with two decimals; 0 when the base is 0. */
export function ratio2(n: number, base: number): number {
  return base <= 0 ? 0 : Math.round((n / base) * 10000) / 100
}

/** Whether the click logs are still kept at `now` (retention counted from the period end). */
export function logsKept(state: MailDeliveryState, c: ClickCount, now: number): boolean {
  return now <= c.collectDate + state.settings.clickRetentionDays * DAY
}

export function clickCountOut(state: MailDeliveryState, c: ClickCount, valid: number, now: number): ClickCountOut {
  const unique = new Set(c.logs.map((l) => l.memberId)).size
  return {
    id: c.id,
    url: c.url,
    outdated_url: c.outdatedUrl,
    collect_date: c.collectDate,
    type: c.type,
    total_num: c.logs.length,
    unique_num: unique,
    ratio: Math.min(100, ratio2(unique, valid)),
    result: logsKept(state, c, now),
  }
}

/** The click counts of a delivery (empty before phase 2). */
export function clickCountsOf(state: MailDeliveryState, d: Delivery, valid: number, now: number): ClickCountOut[] {
  if (d.phase < 2) return []
  return d.clickcountIds.flatMap((id) => {
    const c = state.clickcounts.get(id)
    return c ? [clickCountOut(state, c, valid, now)] : []
  })
}
