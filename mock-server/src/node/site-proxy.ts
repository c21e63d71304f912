import type http from 'node:http'
import { isLoopback } from './loopback.js'

/**
 * The site's proxy of one configured server (`--proxy-target`, e.g. the real service): the
 * playground page served by this server posts `/__proxy/api/v1/{name}` and gets the target's
 * answer to `{target}/api/v1/{name}`, so that a server that sends no CORS headers answers the
 * page too. It forwards only to the configured base URL (the page chooses the operation, never
 * the host), only for loopback clients, and only what the admin API's rules let through
 * (`check`: the Host, the Origin and a JSON body). `GET /__proxy` tells the page that krs-mock
 * serves it and where the proxy goes (`target` is null without `--proxy-target`).
 */
export const PROXY_PREFIX = '/__proxy'

const OPERATION = /^\/__proxy\/api\/v1\/([a-z][a-z0-9_]{0,99})$/
/** Request headers passed on to the target (the token, the body's type, the language). */
const FORWARDED_REQUEST = ['authorization', 'content-type', 'accept', 'accept-language'] as const
/** Answer headers passed back to the page. */
const FORWARDED_ANSWER = ['content-type', 'retry-after', 'x-krs-emulator'] as const
/** A target that does not answer within this time is reported as such (504). */
const PROXY_TIMEOUT_MS = 30_000

export interface ProxyRefusal {
  status: number
  error: string
  message: string
}

export interface SiteProxyOptions {
  /** The base URL requests are forwarded to (without /api/v1), or undefined: no forwarding. */
  target: string | undefined
  maxBodyBytes: number
  /** The admin API's rules (Host, Origin, JSON body): a refusal, or null. */
  check: (method: string, path: string, headers: http.IncomingHttpHeaders) => ProxyRefusal | null
}

function answerJson(res: http.ServerResponse, status: number, value: unknown): void {
  const body = JSON.stringify(value)
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'cache-control': 'no-store',
    'content-length': String(Buffer.byteLength(body)),
  })
  res.end(body)
}

function refuse(req: http.IncomingMessage, res: http.ServerResponse, r: ProxyRefusal): void {
  req.resume()
  answerJson(res, r.status, { error: r.error, message: r.message })
}

/** Reads a body of at most `max` bytes, or null when it is larger. */
function readBody(req: http.IncomingMessage, max: number): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    let size = 0
    req.on('data', (c: Buffer) => {
      size += c.length
      if (size > max) {
        req.removeAllListeners('data')
        req.resume()
        resolve(null)
        return
      }
      chunks.push(c)
    })
    req.once('end', () => resolve(size > max ? null : Buffer.concat(chunks)))
    req.once('error', reject)
  })
}

/** Handles a request under PROXY_PREFIX (the caller checks the prefix). */
export async function handleSiteProxy(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  path: string,
  opts: SiteProxyOptions,
): Promise<void> {
  const method = req.method ?? 'GET'
  if (!isLoopback(req.socket.remoteAddress))
    return refuse(req, res, {
      status: 403,
      error: 'not_loopback',
      message: 'the proxy answers clients on this machine (loopback) only',
    })
  const refusal = opts.check(method, path, req.headers)
  if (refusal) return refuse(req, res, refusal)
  if (path === PROXY_PREFIX && (method === 'GET' || method === 'HEAD')) {
    req.resume()
    return answerJson(res, 200, { server: 'krs-mock', target: opts.target ?? null })
  }
  const m = OPERATION.exec(path)
  if (!m || method !== 'POST')
    return refuse(req, res, {
      status: 404,
      error: 'not_found',
      message: `the proxy forwards POST ${PROXY_PREFIX}/api/v1/{operation} only`,
    })
  if (!opts.target)
    return refuse(req, res, {
      status: 503,
      error: 'no_proxy_target',
      message: 'no server to forward to: start krs-mock with --proxy-target <base URL>',
    })
  const body = await readBody(req, opts.maxBodyBytes)
  if (body === null)
    return answerJson(res, 413, {
      error: 'payload_too_large',
      message: `the body must be at most ${opts.maxBodyBytes} bytes`,
    })
  const headers: Record<string, string> = {}
  for (const name of FORWARDED_REQUEST) {
    const v = req.headers[name]
    if (typeof v === 'string') headers[name] = v
  }
  const url = `${opts.target}/api/v1/${m[1]}`
  let answer: Response
  try {
    answer = await fetch(url, {
      method: 'POST',
      headers,
      body: new Uint8Array(body),
      redirect: 'manual',
      signal: AbortSignal.timeout(PROXY_TIMEOUT_MS),
    })
  } catch (e) {
    const timedOut = (e as Error).name === 'TimeoutError'
    return answerJson(res, timedOut ? 504 : 502, {
      error: timedOut ? 'proxy_timeout' : 'proxy_unreachable',
      message: `${opts.target} ${timedOut ? `did not answer within ${PROXY_TIMEOUT_MS / 1000} s` : `could not be reached (${String((e as Error & { cause?: Error }).cause?.message ?? (e as Error).message)})`}`,
    })
  }
  const out = Buffer.from(await answer.arrayBuffer())
  const answerHeaders: Record<string, string> = {
    'cache-control': 'no-store',
    'x-krs-proxy-target': opts.target,
    'content-length': String(out.length),
  }
  for (const name of FORWARDED_ANSWER) {
    const v = answer.headers.get(name)
    if (v !== null) answerHeaders[name] = v
  }
  res.writeHead(answer.status, answerHeaders)
  res.end(out)
}
