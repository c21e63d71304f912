import type { IncomingHttpHeaders } from 'node:http'

/**
 * The Node door's browser-facing rules (a web page the user visits must not reach the emulator):
 * - the admin API (`/__mock/`) answers only requests whose `Host` is a loopback name or a
 *   configured host (421 otherwise: DNS rebinding), whose `Origin`, when present, is the
 *   server's own (403: another web page), and whose body, when there is one, is JSON (415:
 *   a no-cors `fetch` can only send text/plain and forms);
 * - the product API gets CORS only when `--cors` lists the page's origin (or `*`), with the
 *   preflight answered; the admin API never gets CORS headers.
 * The tracking links of rendered mails (`/__mock/click|open|unsubscribe/…`) are followed by
 * mail clients and providers (RFC 8058 one-click POSTs a form): they keep only the Host rule.
 * These rules belong to the HTTP door: the MSW door runs inside the page that calls it, where
 * there is no other origin and no Host to forge.
 */
export interface HttpGuardOptions {
  /** Extra names accepted in `Host` (besides loopback names and the listen address). */
  allowedHosts?: readonly string[]
  /** Origins allowed to call the product API from a browser (`*` for any); empty: no CORS. */
  corsOrigins?: readonly string[]
  /** The address the server listens on (accepted in `Host` unless it is a wildcard). */
  listenHost?: string
}

export interface GuardRefusal {
  status: number
  error: string
  message: string
}

const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i
const TRACKING = /^\/__mock\/(?:click|open|unsubscribe)\//

/** `example.com:4010` → `example.com`; `[::1]:4010` → `::1`. */
export function hostName(host: string): string {
  const h = host.trim().toLowerCase()
  if (h.startsWith('[')) return h.slice(1, h.indexOf(']') < 0 ? undefined : h.indexOf(']'))
  const colon = h.lastIndexOf(':')
  return colon < 0 ? h : h.slice(0, colon)
}

/**
 * A `Host` value read as an authority (RFC 9110 §7.2): a bracketed IPv6 address or a name of
 * letters, digits, `-` and `.` (no trailing dot), then an optional `:port`. Userinfo, spaces,
 * a path or anything else make it null.
 */
const AUTHORITY = /^(?:\[([0-9a-f:.]+)\]|([a-z0-9](?:[a-z0-9.-]*[a-z0-9])?))(?::(\d{1,5}))?$/

function parseAuthority(host: string): { name: string; port: number | null } | null {
  const m = AUTHORITY.exec(host.toLowerCase())
  if (!m) return null
  return { name: (m[1] ?? m[2])!, port: m[3] === undefined ? null : Number(m[3]) }
}

export function isLoopbackName(name: string): boolean {
  return name === 'localhost' || name.endsWith('.localhost') || name === '::1' || /^127(?:\.\d{1,3}){3}$/.test(name)
}

/** 415 for an admin request body that is not JSON (what a no-cors page can send), else null. */
function bodyTypeRefusal(method: string, headers: IncomingHttpHeaders): GuardRefusal | null {
  const hasBody =
    (headers['content-length'] !== undefined && headers['content-length'] !== '0') ||
    headers['transfer-encoding'] !== undefined
  if (!hasBody || method === 'GET' || method === 'HEAD' || JSON_TYPE.test(headers['content-type'] ?? '')) return null
  return {
    status: 415,
    error: 'unsupported_media_type',
    message: `an admin request body must be application/json (got ${headers['content-type'] ?? 'no Content-Type'})`,
  }
}

/** The headers of an answer without CORS: one shared object, not a new one per request. */
const NO_CORS: Readonly<Record<string, string>> = Object.freeze({})

export function createHttpGuard(opts: HttpGuardOptions = {}) {
  const hosts = new Set((opts.allowedHosts ?? []).map((h) => hostName(h)))
  if (opts.listenHost && opts.listenHost !== '0.0.0.0' && opts.listenHost !== '::')
    hosts.add(opts.listenHost.toLowerCase())
  const cors = new Set(opts.corsOrigins ?? [])
  const anyOrigin = cors.has('*')

  /**
   * A loopback name must come with the server's own port (`localPort`; no port means 80); a
   * configured host (a proxy in front) with any port.
   */
  const hostAllowed = (host: string | undefined, localPort: number | undefined): boolean => {
    const authority = host === undefined ? null : parseAuthority(host)
    if (!authority) return false
    if (hosts.has(authority.name)) return true
    if (!isLoopbackName(authority.name)) return false
    return localPort === undefined || (authority.port ?? 80) === localPort
  }

  return {
    /** A refusal for an admin request, or null when it may go on. */
    checkAdmin(method: string, path: string, headers: IncomingHttpHeaders, localPort?: number): GuardRefusal | null {
      if (!hostAllowed(headers.host, localPort)) {
        return {
          status: 421,
          error: 'misdirected_request',
          message: `the admin API answers requests for a loopback name with this server's port or a configured host (--allowed-host), not ${JSON.stringify(headers.host ?? '')}`,
        }
      }
      if (TRACKING.test(path)) return null
      const origin = headers.origin
      if (origin !== undefined && origin !== `http://${headers.host}` && origin !== `https://${headers.host}`) {
        return {
          status: 403,
          error: 'cross_origin',
          message: `the admin API answers its own origin only, not ${origin}`,
        }
      }
      return bodyTypeRefusal(method, headers)
    },

    /** CORS headers for a product-API answer to `origin` ({} when CORS is off or it is not allowed). */
    corsHeaders(origin: string | undefined): Readonly<Record<string, string>> {
      if (origin === undefined || cors.size === 0) return NO_CORS
      if (!anyOrigin && !cors.has(origin)) return NO_CORS
      return {
        'access-control-allow-origin': anyOrigin ? '*' : origin,
        'access-control-expose-headers': 'retry-after',
        ...(anyOrigin ? {} : { vary: 'Origin' }),
      }
    },

    /** Headers of a preflight answer (204), or null when CORS is off (the API answers 405 as before). */
    preflight(origin: string | undefined): Record<string, string> | null {
      if (cors.size === 0) return null
      const allow = this.corsHeaders(origin)
      if (Object.keys(allow).length === 0) return { vary: 'Origin' }
      return {
        ...allow,
        'access-control-allow-methods': 'POST',
        'access-control-allow-headers': 'authorization, content-type',
        'access-control-max-age': '600',
      }
    },
  }
}
