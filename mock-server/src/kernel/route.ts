/**
 * The one routing decision every door and the engine take from a path, and the one reading of
 * a bearer token: the admin API lives under `/__mock` (`/__mock` itself and `/__mock/...`),
 * the product API under `/api/v1/` or `/{environmentId}/api/v1/`, and everything else is
 * neither (a door may serve files there).
 */
const ADMIN_PREFIX = '/__mock'

export type Route =
  /** `route`: the part after `/__mock/` without trailing slashes ('' for `/__mock` itself). */
  | { kind: 'admin'; route: string }
  /** `name`: the API name, or null when the path is under the API prefix but names none. */
  | { kind: 'api'; name: string | null }
  | { kind: 'other' }

const ADMIN_ROOT: Route = { kind: 'admin', route: '' }
const OTHER: Route = { kind: 'other' }

function isAdminPath(path: string): boolean {
  return path.startsWith(ADMIN_PREFIX) && (path.length === ADMIN_PREFIX.length || path[ADMIN_PREFIX.length] === '/')
}

/**
 * The routes of API paths already seen, by path: a request is routed by the door and again by
 * the engine (admission, then the answer), and the same few paths come again and again. Route
 * objects are never changed, so one serves every request of its path; bounded, so that a
 * client sending endless distinct paths only empties it.
 */
const apiRoutes = new Map<string, Route>()
const API_ROUTES_KEPT = 1024

/**
 * The last API path routed and its route: the door and the engine route the same path string
 * one after the other (three times a request), which is then the same string, found without
 * a map lookup.
 */
let lastApiPath: string | undefined
let lastApiRoute: Route = OTHER

/** Where a path goes: the admin API, the product API or neither. */
export function routeOf(path: string): Route {
  if (path === lastApiPath) return lastApiRoute
  if (isAdminPath(path)) {
    if (path.length === ADMIN_PREFIX.length) return ADMIN_ROOT
    return { kind: 'admin', route: path.slice(ADMIN_PREFIX.length + 1).replace(/\/+$/, '') }
  }
  let route = apiRoutes.get(path)
  if (route === undefined) {
    const start = apiStart(path)
    if (start < 0) return OTHER
    const name = path.slice(start)
    route = { kind: 'api', name: name === '' || name.includes('/') ? null : name }
    if (apiRoutes.size >= API_ROUTES_KEPT) apiRoutes.clear()
    apiRoutes.set(path, route)
  }
  lastApiPath = path
  lastApiRoute = route
  return route
}

/** Index of the API name in `/api/v1/{name}` or `/{environmentId}/api/v1/{name}`, or -1. */
function apiStart(path: string): number {
  if (path.startsWith('/api/v1/')) return 8
  const slash = path.indexOf('/', 1)
  if (slash < 2 || !path.startsWith('/api/v1/', slash)) return -1
  return slash + 8
}

/**
 * `/api/v1/{name}` or `/{environmentId}/api/v1/{name}` → `name`, else null.
 * The environment id is accepted and ignored: the bearer token selects the tenant.
 */
export function apiNameOf(path: string): string | null {
  const route = routeOf(path)
  return route.kind === 'api' ? route.name : null
}

const BEARER = /^Bearer[ \t]+(\S+)[ \t]*$/i

/** The last header read and its token: a client sends the same header on every call. */
let lastAuthorization: string | undefined
let lastToken: string | undefined

/** The token of an `Authorization: Bearer <token>` header, or undefined. */
export function bearerToken(authorization: string | undefined): string | undefined {
  if (authorization === undefined) return undefined
  if (authorization === lastAuthorization) return lastToken
  const token = BEARER.exec(authorization)?.[1]
  lastAuthorization = authorization
  lastToken = token
  return token
}
