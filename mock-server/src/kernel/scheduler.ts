import type { TenantState } from './tenant-state.js'
import type { TenantClock } from './clock.js'
import type { RandomSource } from './random.js'
import type { TickHook } from './tick-hook.js'

/** Upper bound of hook runs in one catch-up, so a hook that never settles cannot hang. */
const MAX_RUNS = 100_000

/**
 * A tenant's scheduler: runs every due transition, in time order, with the clock set to
 * each due time, then leaves the clock at the target.
 */
export interface Scheduler {
  /** Run what is due up to the clock's current time (real mode: before each request). */
  catchUp(): void
  /** Move the clock to `target` (unix seconds), running every transition due on the way. */
  advanceTo(target: number): void
}

/** The earliest time at or before `target` at which some hook has work, or null. */
function earliestDue(hooks: readonly TickHook[], state: TenantState, target: number): number | null {
  let due: number | null = null
  for (const h of hooks) {
    const d = h.nextDue(state)
    if (d !== null && d <= target && (due === null || d < due)) due = d
  }
  return due
}

export function createScheduler(
  tenant: () => TenantState,
  clock: TenantClock,
  random: RandomSource,
  hooks: readonly TickHook[],
): Scheduler {
  return new TenantScheduler(tenant, clock, random, hooks)
}

// A class, not a closure per method: a tenant (a thousand idle forks) carries one small object.
class TenantScheduler implements Scheduler {
  constructor(
    private readonly tenant: () => TenantState,
    private readonly clock: TenantClock,
    private readonly random: RandomSource,
    private readonly hooks: readonly TickHook[],
  ) {}

  private runDue(target: number): void {
    const hooks = this.hooks
    if (hooks.length === 0) return
    for (let runs = 0; runs < MAX_RUNS; runs++) {
      const state = this.tenant()
      const due = earliestDue(hooks, state, target)
      if (due === null) return
      const at = Math.max(due, 0)
      for (const h of hooks) {
        const d = h.nextDue(state)
        if (d !== null && d <= at) {
          runs++
          h.run({ tenant: state, now: Math.max(at, d), random: this.random.next })
        }
      }
    }
    throw new Error(`scheduler: more than ${MAX_RUNS} transitions in one step; a tick hook does not settle`)
  }

  catchUp(): void {
    this.runDue(this.clock.now())
  }

  advanceTo(target: number): void {
    const { clock, hooks } = this
    if (hooks.length === 0) {
      clock.set(target)
      return
    }
    // Step through the due times so each transition sees its own time on the clock.
    const wasManual = clock.mode() === 'manual'
    if (!wasManual) clock.setMode('manual')
    try {
      for (let runs = 0; runs < MAX_RUNS; runs++) {
        const due = earliestDue(hooks, this.tenant(), target)
        if (due === null) break
        if (due > clock.now()) clock.set(due)
        this.runDue(clock.now())
      }
      clock.set(target)
    } finally {
      if (!wasManual) clock.setMode('real')
    }
  }
}
