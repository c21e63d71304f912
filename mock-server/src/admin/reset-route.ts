import { adminJson } from '../kernel/admin-response.js'
import type { AdminRoutes } from '../kernel/admin-request.js'
import { withInputErrors } from './scenario-errors.js'

/**
 * `POST /__mock/reset` `{}` | `{ scenario?, seed?, members?, keep_clock? }` → `{ "ok": true }`.
 * Rebuilds the caller's tenant from its scenario (or the one given). Its token values stay;
 * its clock goes back to the tenant's creation clock (mode, time, speed) unless
 * `keep_clock`; journal and faults are cleared.
 */
export const resetRoutes: AdminRoutes = {
  POST: (r) => {
    const { scenario, seed, members, keep_clock } = r.body('mock_reset')
    const opts: { scenario?: unknown; seed?: number; members?: number; keepClock?: boolean } = {}
    if (keep_clock !== undefined) opts.keepClock = keep_clock
    if (scenario !== undefined) opts.scenario = scenario
    if (seed !== undefined) opts.seed = seed
    if (members !== undefined) opts.members = members
    withInputErrors(() => r.engine.resetTenant(r.tenant, opts))
    return adminJson(200, { ok: true })
  },
}
