import type http from 'node:http'
import type { Engine } from '../kernel/create-engine.js'
import type { RawRequest, RawResponse } from '../kernel/raw-http.js'
import { type Route, routeOf } from '../kernel/route.js'
import type { createHttpGuard } from './http-guard.js'

/** What the door does with a request once its head is read. */
export type Admission =
  /** Answer this now (the body, if any, is read and dropped). */
  | { kind: 'answer'; out: RawResponse }
  /** A GET or HEAD for the static folder. */
  | { kind: 'static' }
  /** The declared body is over the bound. */
  | { kind: 'too-large' }
  /** Read the body and hand the request to the engine. */
  | { kind: 'read'; route: Route }

export interface AdmitOptions {
  engine: Engine
  guard: ReturnType<typeof createHttpGuard>
  max: number
  staticDir: string | undefined
}

/**
 * The one admission step of the Node door, before any body byte is read: the route (from the
 * kernel's one routing decision), the static folder, the admin guard (Host, Origin, body type)
 * for every `/__mock` path, CORS for the product API, the declared size (`declared`: the
 * `Content-Length`, NaN without one), and the engine's own checks that need no body (method,
 * API name, content type, token). CORS headers of an allowed page are set on `res` here.
 */
export function admitRequest(
  opts: AdmitOptions,
  req: http.IncomingMessage,
  res: http.ServerResponse,
  raw: RawRequest,
  declared: number,
): Admission {
  const route = routeOf(raw.path)
  const { method } = raw
  if (opts.staticDir && (method === 'GET' || method === 'HEAD') && route.kind === 'other') return { kind: 'static' }
  if (route.kind === 'admin') {
    const refusal = opts.guard.checkAdmin(method, raw.path, req.headers, req.socket.localPort)
    if (refusal) return { kind: 'answer', out: adminRefusal(refusal) }
  } else if (route.kind === 'api') {
    const origin = req.headers.origin
    if (method === 'OPTIONS' && req.headers['access-control-request-method'] !== undefined) {
      const headers = opts.guard.preflight(origin)
      if (headers)
        return {
          kind: 'answer',
          out: { status: 204, headers, body: '', operation: null, errorCode: null, tenantId: null },
        }
    }
    const cors = opts.guard.corsHeaders(origin)
    if (cors['access-control-allow-origin']) for (const [k, v] of Object.entries(cors)) res.setHeader(k, v)
  }
  if (declared > opts.max) return { kind: 'too-large' }
  // A body sent with an unknown token is read and dropped, never parsed nor kept. The same
  // request object gets its body later, so the engine does not check these again.
  const early = opts.engine.admit(raw)
  if (early) return { kind: 'answer', out: early }
  return { kind: 'read', route }
}

function adminRefusal(refusal: { status: number; error: string; message: string }): RawResponse {
  return {
    status: refusal.status,
    headers: { 'content-type': 'application/json; charset=utf-8' },
    body: JSON.stringify({ error: refusal.error, message: refusal.message }),
    operation: 'admin',
    errorCode: null,
    tenantId: null,
  }
}
