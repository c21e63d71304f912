import type { TenantState } from './tenant-state.js'

/** What a tick hook receives when it runs: the tenant, the time it runs at, randomness. */
export interface TickContext {
  readonly tenant: TenantState
  /** The virtual time of this run (unix seconds): the due time, not the target. */
  readonly now: number
  random(): number
}

/**
 * A domain's timed transitions (deliveries, agent programs, batch jobs, expiries). A
 * domain exports one hook; the engine's scheduler asks each hook when it is next due and
 * runs it at that time, in time order, whenever a tenant's clock moves forward.
 * Hooks keep their pending work in the tenant state, so snapshots carry it.
 */
export interface TickHook {
  readonly name: string
  /** The earliest unix second at which `run` has work, or null when nothing is pending. */
  nextDue(tenant: TenantState): number | null
  /** Perform every transition due at or before `ctx.now`. */
  run(ctx: TickContext): void
}
