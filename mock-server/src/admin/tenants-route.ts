import { tokensByName } from '../kernel/tenant-runtime.js'
import { onlyKeys, optionalInteger } from '../kernel/admin-request.js'
import { adminJson } from '../kernel/admin-response.js'
import { invalid } from '../kernel/domain-error.js'
import type { AdminRoutes } from '../kernel/admin-request.js'
import { parseClockBody } from './clock-route.js'
import { withInputErrors } from './scenario-errors.js'

/**
 * `POST /__mock/tenants` `{}` | `{ scenario?, seed?, members?, clock? }` →
 * 201 `{ tenant_id, tokens: { "krs-all": "<token>", ... }, base_url }`; `base_url` is
 * `<origin>/<tenant_id>` (the production shape with the tenant id as environment id), the
 * value the SDK's `baseUrl` takes, without `/api/v1`.
 * `GET` lists tenant ids; `DELETE` removes the caller's tenant (never the default one).
 */
export const tenantsRoutes: AdminRoutes = {
  POST: (r) => {
    const body = r.json()
    onlyKeys(body, ['scenario', 'seed', 'members', 'clock'])
    const opts: Parameters<typeof r.engine.createTenant>[0] = {}
    if (body.scenario !== undefined) opts.scenario = body.scenario
    const seed = optionalInteger(body, 'seed')
    if (seed !== undefined) opts.seed = seed
    const members = optionalInteger(body, 'members', 0)
    if (members !== undefined) opts.members = members
    if (body.clock !== undefined) {
      if (typeof body.clock !== 'object' || body.clock === null) throw invalid('/clock must be an object')
      const c = parseClockBody(body.clock as Record<string, unknown>, '/clock')
      opts.clock = {}
      if (c.mode !== undefined) opts.clock.mode = c.mode
      if (c.set !== undefined) opts.clock.now = c.set
      if (c.speed !== undefined) opts.clock.speed = c.speed
    }
    const t = withInputErrors(() => r.engine.createTenant(opts))
    // the base the SDK's `baseUrl` takes: calls go to `${base_url}/api/v1/{api_name}`
    const origin = r.engine.publicUrl ?? r.raw.origin ?? 'http://127.0.0.1:4010'
    return adminJson(201, { tenant_id: t.id, tokens: tokensByName(t), base_url: `${origin}/${t.id}` })
  },
  GET: (r) =>
    adminJson(200, {
      tenants: r.engine.tenants().map((t) => ({ tenant_id: t.id, default: t.isDefault })),
    }),
  DELETE: (r) => {
    if (r.tenant.isDefault)
      throw invalid('the default tenant cannot be deleted; send the token of a created tenant', 'default_tenant')
    r.engine.deleteTenant(r.tenant)
    return adminJson(200, { ok: true })
  },
}
