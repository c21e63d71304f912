import { tokensByName } from '../kernel/tenant-runtime.js'
import { adminJson } from '../kernel/admin-response.js'
import { invalid } from '../kernel/domain-error.js'
import type { AdminRoutes } from '../kernel/admin-request.js'
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
    const { scenario, seed, members, clock: c } = r.body('mock_create_tenant')
    const opts: Parameters<typeof r.engine.createTenant>[0] = {}
    if (scenario !== undefined) opts.scenario = scenario
    if (seed !== undefined) opts.seed = seed
    if (members !== undefined) opts.members = members
    if (c !== undefined) {
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
