import type { AdminHandler } from '../kernel/admin-handler.js'
import { parseAdminJson, validateAdminBody } from '../kernel/admin-body.js'
import type { AdminRequest, AdminRoutes } from '../kernel/admin-request.js'
import { adminError } from '../kernel/admin-response.js'
import { DomainError, type DomainErrorKind } from '../kernel/domain-error.js'
import { bearerToken, routeOf } from '../kernel/route.js'
import { clockRoutes } from './clock-route.js'
import { faultsRoutes } from './faults-route.js'
import { healthRoutes, shutdownRoutes } from './host-routes.js'
import { journalRoutes } from './journal-route.js'
import { resetRoutes } from './reset-route.js'
import { scenarioRoutes } from './scenario-route.js'
import { snapshotRoutes } from './snapshot-route.js'
import { templatesRoutes, tenantsRoutes } from './tenants-route.js'

export type { AdminRoutes }

/** The kernel's own routes: tenants, templates, clock, journal, faults, reset, snapshot. */
const kernelRoutes: Record<string, AdminRoutes> = {
  reset: resetRoutes,
  tenants: tenantsRoutes,
  templates: templatesRoutes,
  clock: clockRoutes,
  journal: journalRoutes,
  faults: faultsRoutes,
  snapshot: snapshotRoutes,
  scenario: scenarioRoutes,
  health: healthRoutes,
  shutdown: shutdownRoutes,
}

/** A route key with `{n}` segments (e.g. `click/{n}/{n}`) matches those segments as integers. */
function routeMatcher(key: string): RegExp {
  const escaped = key.split('/').map((seg) => (seg === '{n}' ? '\\d+' : seg.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
  return new RegExp(`^${escaped.join('/')}$`)
}

export type { AdminHandler }

/** The one place where a refusal's kind becomes an HTTP status and a default slug. */
const kindStatus: Record<DomainErrorKind, number> = { invalid: 400, not_found: 404, conflict: 409 }
const kindSlug: Record<DomainErrorKind, string> = {
  invalid: 'bad_request',
  not_found: 'not_found',
  conflict: 'conflict',
}

/**
 * `/__mock/{route}` → the kernel's routes plus those the modules bring. Documented in
 * spec/admin.openapi.yaml.
 */
export function createAdminRouter(moduleRoutes: readonly Readonly<Record<string, AdminRoutes>>[]): AdminHandler {
  const exact = new Map<string, AdminRoutes>(Object.entries(kernelRoutes))
  const patterns: [RegExp, AdminRoutes][] = []
  for (const routes of moduleRoutes) {
    for (const [key, methods] of Object.entries(routes)) {
      if (exact.has(key)) throw new Error(`two modules define the admin route /__mock/${key}`)
      if (key.includes('{n}')) patterns.push([routeMatcher(key), methods])
      else exact.set(key, methods)
    }
  }
  const routesOf = (route: string): AdminRoutes | undefined =>
    exact.get(route) ?? patterns.find(([re]) => re.test(route))?.[1]

  return async function handleAdmin(engine, internals, raw) {
    const routed = routeOf(raw.path)
    const route = routed.kind === 'admin' ? routed.route : ''
    const methods = routesOf(route)
    if (!methods) {
      const known = [...exact.keys()].sort().join(', ')
      return adminError(404, 'not_found', `no admin route /__mock/${route}; the routes are ${known}`)
    }
    const handler = methods[raw.method as keyof AdminRoutes]
    if (!handler) {
      const allow = Object.keys(methods).join(', ')
      return adminError(405, 'method_not_allowed', `/__mock/${route} accepts ${allow}`, { Allow: allow })
    }
    if (raw.bodyNotUtf8) return adminError(400, 'bad_request', 'the body is not valid UTF-8')

    let tenant = internals.registry.default
    const auth = raw.header('authorization')
    if (auth !== undefined) {
      const token = bearerToken(auth)
      const caller = token === undefined ? null : internals.registry.resolve(token)
      if (!caller) return adminError(401, 'unknown_token', 'the bearer token belongs to no tenant')
      tenant = caller.tenant
    }

    let body: { json: unknown } | undefined
    const req: AdminRequest = {
      engine,
      raw,
      tenant,
      route,
      query: new URLSearchParams(raw.query),
      body: (name, options = {}) => {
        body ??= { json: parseAdminJson(raw.bodyText) }
        return validateAdminBody(name, body.json, options.slug, options.prefix)
      },
      changed: internals.markChanged,
      host: {
        startedAt: internals.startedAt,
        now: internals.wall,
        tenants: () => internals.registry.all().length,
        shutdown: internals.shutdown,
      },
    }
    try {
      const res = await handler(req)
      res.tenantId = tenant.id
      return res
    } catch (e) {
      if (e instanceof DomainError) return adminError(kindStatus[e.kind], e.slug ?? kindSlug[e.kind], e.message)
      internals.logger.error(`admin ${raw.method} /__mock/${route} failed`, e)
      return adminError(500, 'internal_error', `unexpected error: ${String((e as Error)?.message ?? e)}`)
    }
  }
}
