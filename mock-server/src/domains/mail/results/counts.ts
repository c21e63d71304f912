import { TargetCategory, type Delivery } from '../mail-state.js'

export interface DeliveryCounts {
  all: number
  stopped: number
  no_address: number
  blacklist: number
  unsubscribed_address: number
  error: number
  ready: number
  composed: number
  real: number
  valid: number
  /** Error count per index of `list.errorTable`. */
  errorsByKind: number[]
}

const zero = (): DeliveryCounts => ({
  all: 0,
  stopped: 0,
  no_address: 0,
  blacklist: 0,
  unsubscribed_address: 0,
  error: 0,
  ready: 0,
  composed: 0,
  real: 0,
  valid: 0,
  errorsByKind: [],
})

/** Share of the handover done at `now` (0 before phase 2, 1 at phase 3). */
export function handoverProgress(d: Delivery, now: number): number {
  if (d.phase < 2 || d.startDate === null || d.endDate === null) return 0
  if (d.phase === 3) return 1
  const span = d.endDate - d.startDate
  return span <= 0 ? 1 : Math.min(1, Math.max(0, (now - d.startDate) / span))
}

/** How many real targets have been handed over at `now`. */
export function composedCount(d: Delivery, now: number): number {
  const real = d.list?.realRows.length ?? 0
  return d.phase === 3 ? real : Math.floor(real * handoverProgress(d, now))
}

/**
 * The counts of a delivery at `now`, from its list. All zero in phases 0 and 1. During the
 * handover (phase 2) `composed` grows with the elapsed time, `ready` = real − composed,
 * and errors are counted among the composed targets only.
 */
export function deliveryCounts(d: Delivery, now: number): DeliveryCounts {
  const list = d.list
  if (d.phase < 2 || !list) return zero()
  const c = zero()
  c.all = list.memberIds.length
  const cat = list.category
  for (let i = 0; i < cat.length; i++) {
    switch (cat[i]) {
      case TargetCategory.Stopped:
        c.stopped++
        break
      case TargetCategory.NoAddress:
        c.no_address++
        break
      case TargetCategory.Blacklist:
        c.blacklist++
        break
      case TargetCategory.Unsubscribed:
        c.unsubscribed_address++
        break
      default:
        break
    }
  }
  c.real = list.realRows.length
  c.composed = composedCount(d, now)
  c.ready = c.real - c.composed
  c.errorsByKind = list.errorTable.map(() => 0)
  const real = list.realRows
  for (let j = 0; j < c.composed; j++) {
    const k = list.error[real[j]!]!
    if (k >= 0) {
      c.error++
      c.errorsByKind[k]!++
    }
  }
  c.valid = c.real - c.error
  return c
}
