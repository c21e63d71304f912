import type { ClockMode } from '../kernel/clock.js'
import { advanceInSlices, CLOCK_MAX } from '../kernel/clock-bounds.js'
import type { TenantRuntime } from '../kernel/tenant-runtime.js'
import { adminJson } from '../kernel/admin-response.js'
import { DomainError, invalid } from '../kernel/domain-error.js'
import type { AdminRoutes } from '../kernel/admin-request.js'

/** Tenants whose clock a call is moving right now (a long advance yields to other calls). */
const advancing = new WeakSet<TenantRuntime>()

function clockJson(t: TenantRuntime): { now: number; mode: ClockMode; speed: number } {
  const s = t.clock.state()
  return { now: s.now, mode: s.mode, speed: s.speed }
}

/**
 * `GET /__mock/clock` → `{ now, mode, speed }`.
 * `POST /__mock/clock` `{ mode?, speed?, set?, advance_seconds? }` (applied in that order)
 * → the same object after the change. Moving forward runs every due transition first.
 */
export const clockRoutes: AdminRoutes = {
  GET: (r) => adminJson(200, clockJson(r.tenant)),
  POST: async (r) => {
    const c = r.body('mock_set_clock')
    const t = r.tenant
    if (advancing.has(t))
      throw new DomainError(
        'conflict',
        'the clock of this tenant is being moved by another call; try again when it answers',
      )
    const from = c.set ?? t.clock.now()
    if (c.advance_seconds !== undefined && from + c.advance_seconds > CLOCK_MAX) {
      throw invalid(`/advance_seconds would move the clock past ${CLOCK_MAX} (9999-12-31 23:59:59 JST)`)
    }
    if (c.mode !== undefined) t.clock.setMode(c.mode)
    if (c.speed !== undefined) t.clock.setSpeed(c.speed)
    advancing.add(t)
    try {
      if (c.set !== undefined) await advanceInSlices(t.scheduler, t.clock, c.set)
      if (c.advance_seconds !== undefined)
        await advanceInSlices(t.scheduler, t.clock, t.clock.now() + c.advance_seconds)
    } finally {
      advancing.delete(t)
      r.changed()
    }
    return adminJson(200, clockJson(t))
  },
}
