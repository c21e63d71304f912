import { tokensByName } from '../kernel/tenant-runtime.js'
import { adminJson } from '../kernel/admin-response.js'
import { DomainError, invalid } from '../kernel/domain-error.js'
import { TemplateError, UnknownSourceError } from '../kernel/create-engine.js'
import type { AdminRoutes } from '../kernel/admin-request.js'
import { withInputErrors } from './scenario-errors.js'

/**
 * `POST /__mock/tenants` `{}` | `{ scenario?, seed?, members?, clock? }` →
 * 201 `{ tenant_id, tokens: { "krs-all": "<token>", ... }, base_url }`; `base_url` is
 * `<origin>/<tenant_id>` (the production shape with the tenant id as environment id), the
 * value the SDK's `baseUrl` takes, without `/api/v1`.
 * With `from` (a tenant id or a template name) the tenant is a fork of that state, which it
 * shares until it writes; `from` takes no scenario, seed or members.
 * `GET` lists tenant ids; `DELETE` removes the caller's tenant (never the default one).
 */
export const tenantsRoutes: AdminRoutes = {
  POST: (r) => {
    const { scenario, seed, members, clock: c, from } = r.body('mock_create_tenant')
    if (from !== undefined && (scenario !== undefined || seed !== undefined || members !== undefined))
      throw invalid(
        '/from: a fork copies its source as it is; send no scenario, seed or members with it',
        'from_conflict',
      )
    const opts: Parameters<typeof r.engine.createTenant>[0] = {}
    if (from !== undefined) opts.from = from
    if (scenario !== undefined) opts.scenario = scenario
    if (seed !== undefined) opts.seed = seed
    if (members !== undefined) opts.members = members
    if (c !== undefined) {
      opts.clock = {}
      if (c.mode !== undefined) opts.clock.mode = c.mode
      if (c.set !== undefined) opts.clock.now = c.set
      if (c.speed !== undefined) opts.clock.speed = c.speed
    }
    const t = withInputErrors(() => {
      try {
        return r.engine.createTenant(opts)
      } catch (e) {
        if (e instanceof UnknownSourceError) throw new DomainError('not_found', e.message, 'unknown_source')
        throw e
      }
    })
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

/**
 * `POST /__mock/templates` `{ name, scenario?, seed?, members? }` → 201 `{ name }`: a state
 * built once and frozen, to fork with `POST /__mock/tenants {"from": name}`. `GET` lists them.
 */
export const templatesRoutes: AdminRoutes = {
  POST: (r) => {
    const { name, scenario, seed, members } = r.body('mock_create_template')
    const opts: Parameters<typeof r.engine.createTemplate>[1] = {}
    if (scenario !== undefined) opts.scenario = scenario
    if (seed !== undefined) opts.seed = seed
    if (members !== undefined) opts.members = members
    withInputErrors(() => {
      try {
        r.engine.createTemplate(name, opts)
      } catch (e) {
        if (e instanceof TemplateError)
          throw e.reason === 'exists'
            ? new DomainError('conflict', e.message, 'template_exists')
            : invalid(`/name: ${e.message}`, 'bad_request')
        throw e
      }
    })
    return adminJson(201, { name })
  },
  GET: (r) => adminJson(200, { templates: r.engine.templates() }),
}
