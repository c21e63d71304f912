import type { Engine } from '../engine/create-engine.js'
import type { EngineInternals } from '../engine/engine-internals.js'
import type { RawRequest, RawResponse } from '../engine/raw-http.js'
import { parseAdminBody, type AdminRequest } from './admin-request.js'
import { AdminBadRequest, adminError } from './admin-response.js'
import { clockRoutes } from './clock-route.js'
import { faultsRoutes } from './faults-route.js'
import { journalRoutes } from './journal-route.js'
import { resetRoutes } from './reset-route.js'
import { snapshotRoutes } from './snapshot-route.js'
import { tenantsRoutes } from './tenants-route.js'

/** Handlers of one admin path, by method. */
export type AdminRoutes = Partial<Record<'GET' | 'POST' | 'PUT' | 'DELETE', (r: AdminRequest) => RawResponse | Promise<RawResponse>>>

/**
 * `/__mock/{route}` → routes. Part 2 adds `outbox` and `events` here; part 3 may add its
 * own. Documented in spec/admin.openapi.yaml.
 */
const routes: Record<string, AdminRoutes> = {
  reset: resetRoutes,
  tenants: tenantsRoutes,
  clock: clockRoutes,
  journal: journalRoutes,
  faults: faultsRoutes,
  snapshot: snapshotRoutes,
}

const BEARER = /^Bearer[ \t]+(\S+)[ \t]*$/i

export async function handleAdmin(engine: Engine, internals: EngineInternals, raw: RawRequest): Promise<RawResponse> {
  const route = raw.path.slice('/__mock/'.length).replace(/\/+$/, '')
  const methods = Object.hasOwn(routes, route) ? routes[route] : undefined
  if (!methods) return adminError(404, 'not_found', `no admin route /__mock/${route}; see spec/admin.openapi.yaml`)
  const handler = methods[raw.method as keyof AdminRoutes]
  if (!handler) {
    const allow = Object.keys(methods).join(', ')
    return adminError(405, 'method_not_allowed', `/__mock/${route} accepts ${allow}`, { Allow: allow })
  }

  let tenant = internals.registry.default
  const auth = raw.header('authorization')
  if (auth !== undefined) {
    const token = BEARER.exec(auth)?.[1]
    const caller = token === undefined ? null : internals.registry.resolve(token)
    if (!caller) return adminError(401, 'unknown_token', 'the bearer token belongs to no tenant')
    tenant = caller.tenant
  }

  let body: Record<string, unknown> | undefined
  const req: AdminRequest = {
    engine,
    raw,
    tenant,
    route,
    query: new URLSearchParams(raw.query),
    json: () => (body ??= parseAdminBody(raw.bodyText)),
    changed: internals.markChanged,
  }
  try {
    const res = await handler(req)
    res.tenantId = tenant.id
    return res
  } catch (e) {
    if (e instanceof AdminBadRequest) return adminError(e.status, e.slug, e.message)
    internals.logger.error(`admin ${raw.method} /__mock/${route} failed`, e)
    return adminError(500, 'internal_error', `unexpected error: ${String((e as Error)?.message ?? e)}`)
  }
}
