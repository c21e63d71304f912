import type { ClockMode } from '../kernel/clock.js'
import type { TenantRuntime } from '../kernel/tenant-runtime.js'
import { onlyKeys } from '../kernel/admin-request.js'
import { adminJson } from '../kernel/admin-response.js'
import { invalid } from '../kernel/domain-error.js'
import type { AdminRoutes } from '../kernel/admin-request.js'

export interface ClockChange {
  mode?: ClockMode
  speed?: number
  set?: number
  advance_seconds?: number
}

export function parseClockBody(body: Record<string, unknown>, at = ''): ClockChange {
  onlyKeys(body, ['mode', 'speed', 'set', 'advance_seconds'])
  const out: ClockChange = {}
  if (body.mode !== undefined) {
    if (body.mode !== 'real' && body.mode !== 'manual') throw invalid(`${at}/mode must be "real" or "manual"`)
    out.mode = body.mode
  }
  if (body.speed !== undefined) {
    if (typeof body.speed !== 'number' || !(body.speed > 0) || !Number.isFinite(body.speed)) throw invalid(`${at}/speed must be a positive number`)
    out.speed = body.speed
  }
  if (body.set !== undefined) {
    if (typeof body.set !== 'number' || !Number.isInteger(body.set) || body.set < 0) throw invalid(`${at}/set must be unix seconds (an integer >= 0)`)
    out.set = body.set
  }
  if (body.advance_seconds !== undefined) {
    const a = body.advance_seconds
    if (typeof a !== 'number' || !Number.isInteger(a) || a < 0) throw invalid(`${at}/advance_seconds must be an integer >= 0`)
    out.advance_seconds = a
  }
  return out
}

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
  POST: (r) => {
    const c = parseClockBody(r.json())
    const t = r.tenant
    if (c.mode !== undefined) t.clock.setMode(c.mode)
    if (c.speed !== undefined) t.clock.setSpeed(c.speed)
    if (c.set !== undefined) t.scheduler.advanceTo(c.set)
    if (c.advance_seconds !== undefined) t.scheduler.advanceTo(t.clock.now() + c.advance_seconds)
    r.changed()
    return adminJson(200, clockJson(t))
  },
}
