import type { Scheduler } from './scheduler.js'
import type { TenantClock } from './clock.js'

/** The bounds of every clock (kept beside the clock, which stops a real one at the last). */
export { CLOCK_MAX, CLOCK_MIN } from './clock.js'

/** Virtual time moved per slice of a long advance before the event loop gets a turn. */
const SLICE_SECONDS = 7 * 86_400
/** Wall time a long advance may hold the event loop before it yields. */
const SLICE_BUDGET_MS = 8

const yieldToEventLoop = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0))

/**
 * Move a tenant's clock to `target`, running every due transition, in slices of virtual time;
 * whenever a slice took more than a few milliseconds of wall time, other requests are served
 * before the next one. Earlier times are a plain jump (nothing becomes due going back).
 */
export async function advanceInSlices(scheduler: Scheduler, clock: TenantClock, target: number): Promise<void> {
  let sliceStarted = performance.now()
  while (clock.now() + SLICE_SECONDS < target) {
    scheduler.advanceTo(clock.now() + SLICE_SECONDS)
    if (performance.now() - sliceStarted > SLICE_BUDGET_MS) {
      await yieldToEventLoop()
      sliceStarted = performance.now()
    }
  }
  scheduler.advanceTo(target)
}
