import type { StateSection } from '../../kernel/state-section.js'
import type { TickHook } from '../../kernel/tick-hook.js'
import type { MailDeliveryState } from './mail-state.js'
import type { TenantState } from '../../kernel/tenant-state.js'
import { runAgentOccurrence } from './agent-programs/run-occurrence.js'
import { deliveryNextDue, stepDelivery } from './deliveries/phase-machine.js'
import { type DeliveryScenario, mailSectionOf, parseMailScenario } from './mail-scenario.js'

/** A fresh mail state from the tenant's scenario (`delivery` section). */
export function createMailDeliveryState(tenant: TenantState, _now: number): MailDeliveryState {
  return mailDeliveryStateFrom(mailSectionOf(tenant))
}

/** A fresh mail state from a (validated) `delivery` scenario section (undefined: defaults). */
export function mailDeliveryStateFrom(section: DeliveryScenario | undefined): MailDeliveryState {
  const sc = parseMailScenario(section)
  const stopped = new Set(sc.stopped)
  const errorCounts = new Map(Object.entries(sc.errorCounts))
  for (const [a, n] of errorCounts) if (n >= sc.settings.errorStopThreshold) stopped.add(a)
  const messages = new Map(
    sc.messages.map((m, i) => [
      i + 1,
      { id: i + 1, memberTableId: m.memberTableId, purpose: m.purpose, lockedBy: null, ...m.content },
    ]),
  )
  return {
    settings: sc.settings,
    messages,
    deliveries: new Map(),
    agentPrograms: new Map(),
    clickcounts: new Map(),
    unsubscribed: new Set(sc.unsubscribed),
    stopped,
    errorCounts,
    nextMessageId: messages.size + 1,
    nextDeliveryId: 1,
    nextAgentProgramId: 1,
    nextClickcountId: 1,
  }
}

/** The `mailDelivery` section of a tenant: created on first use, saved in snapshots. */
export const mailDeliverySection: StateSection<'mailDelivery'> = {
  key: 'mailDelivery',
  create: createMailDeliveryState,
}

type Due = { at: number; run: () => void }

function earliestDue(tenant: TenantState, state: MailDeliveryState, limit: number): Due | null {
  let best: Due | null = null
  for (const d of state.deliveries.values()) {
    const at = deliveryNextDue(d)
    if (at !== null && at <= limit && (best === null || at < best.at))
      best = { at, run: () => stepDelivery(tenant, state, d, at) }
  }
  for (const p of state.agentPrograms.values()) {
    const at = p.enable ? p.nextRun : null
    // at the same second an occurrence runs before the transitions it feeds
    if (at !== null && at <= limit && (best === null || at <= best.at))
      best = { at, run: () => runAgentOccurrence(tenant, state, p, at) }
  }
  return best
}

/** When the next phase transition or agent occurrence of the tenant is due, or null. */
export function nextMailDeliveryDue(tenant: TenantState): number | null {
  const state = tenant.mailDelivery
  if (!state) return null
  return earliestDue(tenant, state, Number.POSITIVE_INFINITY)?.at ?? null
}

/**
 * Run every due transition, in time order, up to `now`: agent-program occurrences create
 * their deliveries; deliveries go 0 → 1 (targets extracted at that moment) → 2 → 3.
 * Idempotent: a second call with the same `now` does nothing.
 */
export function advanceMailDelivery(tenant: TenantState, now: number): void {
  const state = tenant.mailDelivery
  if (!state) return
  for (let guard = 0; guard < 1_000_000; guard++) {
    const due = earliestDue(tenant, state, now)
    if (!due) return
    due.run()
  }
}

/** The mail domain's tick hook for the engine's scheduler (kernel/tick-hook.ts). */
export const mailDeliveryTickHook: TickHook = {
  name: 'mail-delivery',
  nextDue: nextMailDeliveryDue,
  run: (ctx) => advanceMailDelivery(ctx.tenant, ctx.now),
}
