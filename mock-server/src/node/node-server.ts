import { createHash, type Hash } from 'node:crypto'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { setImmediate } from 'node:timers'
import type { Engine } from '../kernel/create-engine.js'
import { errorResponse } from '../kernel/error-response.js'
import { JOURNAL_TEXT_LIMIT } from '../kernel/journal-body.js'
import { JsonShapeScan } from '../kernel/json-shape.js'
import { decodeUtf8Strict, type RawRequest, type RawResponse } from '../kernel/raw-http.js'
import { createHttpGuard } from './http-guard.js'
import { isLoopback } from './loopback.js'
import { handleSiteProxy, PROXY_PREFIX } from './site-proxy.js'
import { serveNotFoundPage, serveStatic } from './static-files.js'

export interface NodeServerOptions {
  host?: string
  /** 0 picks a free port. Default 4010. */
  port?: number
  /** Answer admin calls from non-loopback addresses too (default false). */
  adminRemote?: boolean
  /** Serve files of this folder for GET/HEAD outside `/api` and `/__mock` (the docs site). */
  staticDir?: string
  /** Base URL `POST /__proxy/api/v1/{name}` forwards to, for loopback clients (`--proxy-target`). */
  proxyTarget?: string
  /** Told of every answer as it is sent (krs-mock's request log); default: nobody. */
  onAnswer?: AnswerObserver
  maxBodyBytes?: number
  /** Origins allowed to call the product API from a browser (`--cors`; `*` for any). */
  corsOrigins?: readonly string[]
  /** Names accepted in `Host` by the admin API besides loopback names (`--allowed-host`). */
  allowedHosts?: readonly string[]
  /**
   * Milliseconds a client has to send a whole request, headers and body (408 and close
   * after). Default 60 s, the same bound as for the headers alone: a body dribbled one byte
   * at a time is cut like dribbled headers. Checked every `timeoutCheckMs` (default 5 s).
   */
  requestTimeoutMs?: number
  timeoutCheckMs?: number
}

export interface RunningServer {
  readonly server: http.Server
  readonly host: string
  readonly port: number
  /** `http://127.0.0.1:4010` */
  readonly url: string
  close(): Promise<void>
}

/** Method, path, the answer and the milliseconds it took (measured only when someone listens). */
export type AnswerObserver = (method: string, path: string, response: RawResponse, ms: number) => void

const API_PATH = /^\/(?:[^/]+\/)?api\/v1\//
/** Bytes of a refused body read (and dropped) beyond the largest body before the connection is closed. */
const DRAIN_EXTRA_BYTES = 16 * 1024 * 1024

/**
 * The Node door: node:http → the engine's raw pipeline, without building Fetch objects.
 * Bodies over 60 MB are refused with 413 without being read further.
 */
export function createNodeHandler(engine: Engine, opts: NodeServerOptions = {}): http.RequestListener {
  const max = opts.maxBodyBytes ?? engine.maxBodyBytes
  const onAnswer = opts.onAnswer ?? null
  const staticDir = opts.staticDir
  const guard = createHttpGuard({
    ...(opts.allowedHosts ? { allowedHosts: opts.allowedHosts } : {}),
    ...(opts.corsOrigins ? { corsOrigins: opts.corsOrigins } : {}),
    ...(opts.host ? { listenHost: opts.host } : {}),
  })

  const proxyTarget = opts.proxyTarget?.replace(/\/+$/, '')
  const siteTiming = `krs-mock${proxyTarget ? `, krs-proxy;desc="${encodeURIComponent(proxyTarget)}"` : ''}`

  const batch = createAnswerBatch()
  /** Connections that close after an answer already under way: what follows on them is not executed. */
  const closing = new WeakSet<object>()

  const send = (
    req: http.IncomingMessage,
    res: http.ServerResponse,
    out: RawResponse,
    path: string,
    started: number,
  ): void => {
    // X-Krs-Emulator tells clients (krs) that they talk to the emulator, not the real service.
    // One flat list for writeHead (node takes [name, value, name, value, ...] as they are):
    // no copy of the answer's header object, which cost several microseconds per request.
    const headers = out.headers
    const list: string[] = []
    for (const name in headers) list.push(name, headers[name]!)
    list.push('X-Krs-Emulator', 'krs-mock')
    // Without a length an HTTP/1.0 answer can only end by closing the connection, and a
    // request pipelined behind it was executed and never answered.
    const body = out.body
    list.push('Content-Length', String(typeof body === 'string' ? Buffer.byteLength(body) : body.byteLength))
    batch.add(res, out.status, list, out.body)
    if (onAnswer) onAnswer(req.method ?? '', path, out, performance.now() - started)
  }

  /**
   * Answer `out` now and read the rest of the body, dropping it: a client that writes its
   * whole body before it reads the answer (Node's fetch) then sees the answer instead of a
   * reset, and the connection stays usable. Past `drainMax` bytes the connection is closed.
   */
  const answerAndDrain = (
    req: http.IncomingMessage,
    res: http.ServerResponse,
    out: RawResponse,
    path: string,
    started: number,
  ): void => {
    req.removeAllListeners('data')
    req.removeAllListeners('end')
    let seen = 0
    let answered = false
    let cut = false
    res.once('finish', () => {
      answered = true
      if (cut) req.socket.destroy()
    })
    if (!req.complete) {
      req.on('data', (chunk: Buffer) => {
        seen += chunk.length
        if (seen <= drainMax) return
        req.removeAllListeners('data')
        req.pause()
        cut = true
        closing.add(req.socket)
        if (answered) req.socket.destroy()
      })
      req.resume()
    }
    send(req, res, out, path, started)
  }
  const drainMax = max + DRAIN_EXTRA_BYTES

  const tooLarge = (req: http.IncomingMessage, res: http.ServerResponse, path: string, started: number): void => {
    const out = errorResponse('KRSKIT_PAYLOAD_TOO_LARGE', `the body must be at most ${max} bytes`)
    // A body declared far over the bound is not worth reading: answer and close at once.
    if (Number(req.headers['content-length']) > drainMax) {
      req.pause()
      closing.add(req.socket)
      out.headers.connection = 'close'
      res.on('finish', () => req.socket.destroy())
      send(req, res, out, path, started)
      return
    }
    answerAndDrain(req, res, out, path, started)
  }

  return (req, res) => {
    // A request pipelined behind one whose answer closes the connection (HTTP/1.0 without
    // keep-alive, `Connection: close`, a refusal that closes) could never be answered: it
    // is not executed either.
    if (closing.has(req.socket)) {
      req.resume()
      return
    }
    if (!res.shouldKeepAlive) closing.add(req.socket)
    // Only an answer observer reads the time.
    const started = onAnswer ? performance.now() : 0
    const url = req.url ?? '/'
    const q = url.indexOf('?')
    const path = q < 0 ? url : url.slice(0, q)
    const query = q < 0 ? '' : url.slice(q + 1)
    const method = req.method ?? 'GET'

    if (path === PROXY_PREFIX || path.startsWith(`${PROXY_PREFIX}/`)) {
      handleSiteProxy(req, res, path, {
        target: proxyTarget,
        maxBodyBytes: max,
        check: (m, p, h) => guard.checkAdmin(m, p, h),
      }).catch((e: unknown) => {
        if (!res.headersSent)
          send(
            req,
            res,
            errorResponse('KRSKIT_INTERNAL_ERROR', `proxy: ${String((e as Error)?.message ?? e)}`),
            path,
            started,
          )
        else res.destroy(e as Error)
      })
      return
    }
    if (staticDir && (method === 'GET' || method === 'HEAD') && !API_PATH.test(path) && !path.startsWith('/__mock')) {
      // The site's pages read this (PerformanceNavigationTiming.serverTiming): krs-mock serves
      // them, and where its proxy goes, without a request that other hosts would answer 404.
      res.setHeader('server-timing', siteTiming)
      serveStatic(staticDir, path, method, res, req.headers)
        .then(async (served) => {
          if (served) return
          // A browser gets the site's not-found page; other clients the API's error body.
          if (
            (req.headers.accept ?? '').includes('text/html') &&
            (await serveNotFoundPage(staticDir, method, res, req.headers))
          )
            return
          send(req, res, errorResponse('KR_API_F0012', `no file or API at ${path}`), path, started)
        })
        .catch((e: unknown) => {
          // never a crash: answer 500 when nothing was sent yet
          if (!res.headersSent)
            send(
              req,
              res,
              errorResponse('KRSKIT_INTERNAL_ERROR', `static file: ${String((e as Error)?.message ?? e)}`),
              path,
              started,
            )
          else res.destroy(e as Error)
        })
      return
    }

    const isAdminPath = path === '/__mock' || path.startsWith('/__mock/')
    if (isAdminPath) {
      const refusal = guard.checkAdmin(method, path, req.headers)
      if (refusal) {
        req.resume()
        const body = JSON.stringify({ error: refusal.error, message: refusal.message })
        return send(
          req,
          res,
          {
            status: refusal.status,
            headers: { 'content-type': 'application/json; charset=utf-8' },
            body,
            operation: 'admin',
            errorCode: null,
            tenantId: null,
          },
          path,
          started,
        )
      }
    } else if (API_PATH.test(path)) {
      const origin = req.headers.origin
      if (method === 'OPTIONS' && req.headers['access-control-request-method'] !== undefined) {
        const headers = guard.preflight(origin)
        if (headers) {
          req.resume()
          return send(
            req,
            res,
            { status: 204, headers, body: '', operation: null, errorCode: null, tenantId: null },
            path,
            started,
          )
        }
      }
      const cors = guard.corsHeaders(origin)
      if (cors['access-control-allow-origin']) for (const [k, v] of Object.entries(cors)) res.setHeader(k, v)
    }

    const headers = req.headers
    const header = (name: string): string | undefined => {
      const v = headers[name]
      return Array.isArray(v) ? v.join(', ') : v
    }
    const declared = Number(headers['content-length'])
    if (declared > max) return tooLarge(req, res, path, started)

    // Method, API name, content type and token are checked before the body is read: a body
    // sent with an unknown token is read and dropped, never parsed nor kept. The same request
    // object gets its body below, so the engine does not check them again.
    const raw: RawRequest = { method, path, query, header, bodyText: '' }
    if (!isAdminPath) {
      const early = engine.refuseBeforeBody(raw)
      if (early) return answerAndDrain(req, res, early, path, started)
    }

    let chunks: Buffer[] = []
    let size = 0
    let refused = false
    // The shape of the body is scanned as it arrives (json-shape.ts), so a hostile one is
    // refused without ever being parsed and without holding the event loop.
    const scan = isAdminPath ? null : new JsonShapeScan()
    let digest: Hash | null = null
    req.on('data', (chunk: Buffer) => {
      size += chunk.length
      if (size > max) {
        refused = true
        tooLarge(req, res, path, started)
        return
      }
      if (scan) {
        if (scan.problem !== null) return
        scan.feed(chunk)
        if (scan.problem !== null) {
          chunks = []
          return
        }
        if (size > JOURNAL_TEXT_LIMIT) {
          if (!digest) {
            digest = createHash('sha256')
            for (const c of chunks) digest.update(c)
          }
          digest.update(chunk)
        }
      }
      chunks.push(chunk)
    })
    req.on('end', () => {
      if (refused) return
      const problem = scan?.problem ?? null
      const bodyText =
        chunks.length === 0 || problem !== null
          ? ''
          : decodeUtf8Strict(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, size))
      chunks = []
      const headers = req.headers
      if (bodyText !== null) raw.bodyText = bodyText
      else raw.bodyNotUtf8 = true
      if (scan) raw.bodyShapeProblem = problem
      if (digest) raw.bodySha256 = (digest as Hash).digest('hex')
      // Only the admin API looks at these: the API path does not compute them.
      if (isAdminPath) {
        raw.fromLoopback = isLoopback(req.socket.remoteAddress)
        raw.adminAllowed = opts.adminRemote === true || raw.fromLoopback
        raw.origin = `http://${headers.host ?? `${opts.host ?? '127.0.0.1'}:${opts.port ?? 4010}`}`
      }
      const failed = (e: unknown): void => {
        // A contract violation or a bug outside the handlers: loud, and a 500 body.
        console.error('[krs-mock] request failed:', e)
        send(req, res, errorResponse('KRSKIT_INTERNAL_ERROR', String((e as Error)?.message ?? e)), path, started)
      }
      let out: RawResponse | Promise<RawResponse>
      try {
        out = engine.respond(raw)
      } catch (e) {
        failed(e)
        return
      }
      // The common case answers in this tick; fault delays and admin calls come later.
      if (out instanceof Promise) out.then((o) => send(req, res, o, path, started), failed)
      else send(req, res, out, path, started)
    })
  }
}

interface AnswerBatch {
  add(res: http.ServerResponse, status: number, headers: string[], body: RawResponse['body']): void
}

interface Answer {
  res: http.ServerResponse
  status: number
  headers: string[]
  body: RawResponse['body']
}

/**
 * Answers are written at the end of the event-loop turn that computed them, all together
 * (setImmediate, after every request that arrived in the turn was handled), not one by one.
 * A client on another core is then woken once for the batch rather than once per answer:
 * under 50 connections on a 2-core machine, a bare node:http server doing the same answers
 * about 1.6x the requests per second with 40 % less CPU per request (bench/README.md).
 * The state an answer shows is fixed when it is computed; only the socket write waits, for
 * the rest of the turn (microseconds). One failed write never stops the others.
 */
function createAnswerBatch(): AnswerBatch {
  let pending: Answer[] = []
  const flush = (): void => {
    const answers = pending
    pending = []
    for (const a of answers) {
      try {
        a.res.writeHead(a.status, a.headers)
        a.res.end(a.body)
      } catch (e) {
        console.error('[krs-mock] an answer could not be written:', e)
        a.res.destroy(e as Error)
      }
    }
  }
  return {
    add(res, status, headers, body) {
      if (pending.length === 0) setImmediate(flush)
      pending.push({ res, status, headers, body })
    },
  }
}

/** Start the Node door; resolves once it listens. */
export function startNodeServer(engine: Engine, opts: NodeServerOptions = {}): Promise<RunningServer> {
  const requestTimeout = opts.requestTimeoutMs ?? 60_000
  const server = http.createServer(
    {
      keepAliveTimeout: 10_000,
      requestTimeout,
      headersTimeout: requestTimeout,
      connectionsCheckingInterval: opts.timeoutCheckMs ?? 5_000,
    },
    createNodeHandler(engine, opts),
  )
  answerParseErrorsInOrder(server)
  const host = opts.host ?? '127.0.0.1'
  return new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(opts.port ?? 4010, host, () => {
      server.off('error', reject)
      const port = (server.address() as AddressInfo).port
      const urlHost = host.includes(':') ? `[${host}]` : host
      resolve({
        server,
        host,
        port,
        url: `http://${urlHost}:${port}`,
        close: () =>
          new Promise<void>((done) => {
            server.close(() => done())
            server.closeIdleConnections()
            setTimeout(() => server.closeAllConnections(), 1000).unref()
          }),
      })
    })
  })
}

function rawAnswer(status: string, text: string): string {
  return `HTTP/1.1 ${status}\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(text)}\r\nConnection: close\r\n\r\n${text}`
}
const BAD_REQUEST = rawAnswer('400 Bad Request', 'the request could not be read (HTTP)\n')
const TIMED_OUT = rawAnswer('408 Request Timeout', 'the request was not sent in time\n')

/**
 * A request that fails to parse after valid ones on the same connection (pipelined in one
 * write) is answered 400 only after the answers of those: Node's own handler writes the 400
 * and closes at once, and the valid request, already executed, lost its answer (answers are
 * written at the end of the turn, createAnswerBatch). The connection is closed after the 400.
 */
function answerParseErrorsInOrder(server: http.Server): void {
  const last = new WeakMap<object, http.ServerResponse>()
  server.on('request', (req: http.IncomingMessage, res: http.ServerResponse) => {
    last.set(req.socket, res)
  })
  server.on('clientError', (err: NodeJS.ErrnoException, socket) => {
    const timeout = err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
    let replied = false
    const reply = (): void => {
      if (replied) return
      replied = true
      if (!socket.writable || err.code === 'ECONNRESET') socket.destroy()
      else socket.end(timeout ? TIMED_OUT : BAD_REQUEST)
    }
    const pending = last.get(socket)
    // A request still being received when its time ran out has no answer to wait for.
    if (pending && !pending.writableFinished && !timeout) {
      pending.once('finish', reply)
      pending.once('close', reply)
    } else reply()
  })
}
