import type { Engine } from '../engine/create-engine.js'
import type { EngineInternals } from '../engine/engine-internals.js'
import type { RawRequest, RawResponse } from '../engine/raw-http.js'
import { parseAdminBody, type AdminRequest } from './admin-request.js'
import { AdminBadRequest, adminError } from './admin-response.js'
import { clockRoutes } from './clock-route.js'
import { eventsRoutes } from './events-route.js'
import { faultsRoutes } from './faults-route.js'
import { formOutboxRoutes } from './form-outbox-route.js'
import { journalRoutes } from './journal-route.js'
import { oneclickRoutes } from './oneclick-route.js'
import { outboxRoutes } from './outbox-route.js'
import { resetRoutes } from './reset-route.js'
import { snapshotRoutes } from './snapshot-route.js'
import { tenantsRoutes } from './tenants-route.js'
import { clickRoutes, openRoutes, unsubscribeRoutes } from './tracking-route.js'

/** Handlers of one admin path, by method. */
export type AdminRoutes = Partial<Record<'GET' | 'POST' | 'PUT' | 'DELETE', (r: AdminRequest) => RawResponse | Promise<RawResponse>>>

/**
 * `/__mock/{route}` → routes (engine, part 2 mail and delivery, part 3 forms). Documented in
 * spec/admin.openapi.yaml.
 */
const routes: Record<string, AdminRoutes> = {
  reset: resetRoutes,
  tenants: tenantsRoutes,
  clock: clockRoutes,
  journal: journalRoutes,
  faults: faultsRoutes,
  snapshot: snapshotRoutes,
  outbox: outboxRoutes,
  events: eventsRoutes,
  oneclick: oneclickRoutes,
  'forms/outbox': formOutboxRoutes,
}

/** `/__mock/{prefix}/{a}/{b}`: the tracking links of rendered mails. */
const TRACKING = /^(click|open|unsubscribe)\/\d+\/\d+$/
const trackingRoutes: Record<string, AdminRoutes> = { click: clickRoutes, open: openRoutes, unsubscribe: unsubscribeRoutes }

function routesOf(route: string): AdminRoutes | undefined {
  if (Object.hasOwn(routes, route)) return routes[route]
  const m = TRACKING.exec(route)
  return m ? trackingRoutes[m[1]!] : undefined
}

const BEARER = /^Bearer[ \t]+(\S+)[ \t]*$/i

export async function handleAdmin(engine: Engine, internals: EngineInternals, raw: RawRequest): Promise<RawResponse> {
  const route = raw.path.slice('/__mock/'.length).replace(/\/+$/, '')
  const methods = routesOf(route)
  if (!methods) return adminError(404, 'not_found', `no admin route /__mock/${route}; see spec/admin.openapi.yaml`)
  const handler = methods[raw.method as keyof AdminRoutes]
  if (!handler) {
    const allow = Object.keys(methods).join(', ')
    return adminError(405, 'method_not_allowed', `/__mock/${route} accepts ${allow}`, { Allow: allow })
  }

  if (raw.bodyNotUtf8) return adminError(400, 'bad_request', 'the body is not valid UTF-8')
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
