import { onlyKeys, optionalInteger } from '../kernel/admin-request.js'
import { adminJson } from '../kernel/admin-response.js'
import type { AdminRoutes } from '../kernel/admin-request.js'
import { withInputErrors } from './scenario-errors.js'

/**
 * `POST /__mock/reset` `{}` | `{ scenario?, seed?, members? }` → `{ "ok": true }`.
 * Rebuilds the caller's tenant from its scenario (or the one given). Its token values and
 * clock stay; journal and faults are cleared.
 */
export const resetRoutes: AdminRoutes = {
  POST: (r) => {
    const body = r.json()
    onlyKeys(body, ['scenario', 'seed', 'members'])
    const opts: { scenario?: unknown; seed?: number; members?: number } = {}
    if (body.scenario !== undefined) opts.scenario = body.scenario
    const seed = optionalInteger(body, 'seed')
    if (seed !== undefined) opts.seed = seed
    const members = optionalInteger(body, 'members', 0)
    if (members !== undefined) opts.members = members
    withInputErrors(() => r.engine.resetTenant(r.tenant, opts))
    return adminJson(200, { ok: true })
  },
}
