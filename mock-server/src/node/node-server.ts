import http from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Duplex } from 'node:stream'
import type { Engine } from '../kernel/create-engine.js'
import { errorResponse } from '../kernel/error-response.js'
import { contentLengthValue, type ParsedBody, type RawRequest, type RawResponse } from '../kernel/raw-http.js'
import { admitRequest } from './admit.js'
import { type AnswerObserver, createAnswerBatch, LAST_ANSWER, type Send, type TrackedSocket } from './answer-batch.js'
import { loadBodyBounds, loadedBodyBound, WHITESPACE_ALLOWANCE } from './body-bound.js'
import { type BodyReader, createBodyReader, type DoorRequest, type LargeBodyOptions } from './body-reader.js'
import { createHttpGuard } from './http-guard.js'
import { workerBodyParser } from './json-worker.js'
import { isLoopback } from './loopback.js'
import { handleSiteProxy, PROXY_PREFIX } from './site-proxy.js'
import { answerStatic } from './static-door.js'

export type { AnswerObserver }

export interface NodeServerOptions {
  host?: string
  /** 0 picks a free port. Default 4010. */
  port?: number
  /** Answer admin calls from non-loopback addresses too (default false). */
  adminRemote?: boolean
  /** Serve files of this folder for GET/HEAD outside `/api` and `/__mock` (the docs site). */
  staticDir?: string
  /** Told of every answer as it is sent (krs-mock's request log); default: nobody. */
  onAnswer?: AnswerObserver
  maxBodyBytes?: number
  /**
   * API bodies over `threshold` bytes (default 1 MiB) are parsed by `parser` (default: a
   * worker thread, json-worker.ts) instead of on the event loop.
   */
  largeBody?: Partial<LargeBodyOptions>
  /** Origins allowed to call the product API from a browser (`--cors`; `*` for any). */
  corsOrigins?: readonly string[]
  /** Names accepted in `Host` by the admin API besides loopback names (`--allowed-host`). */
  allowedHosts?: readonly string[]
  /**
   * The one server `POST /__proxy/api/v1/{name}` forwards to (`--proxy-target`, e.g. the real
   * service), for the site's playground; loopback clients only (site-proxy.ts). Default: none.
   */
  proxyTarget?: string
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

/**
 * The Node door: node:http → the engine's raw pipeline, without building Fetch objects. A
 * request goes through the one admission step (admit.ts), then the body reader
 * (body-reader.ts), then the engine; answers leave in batches (answer-batch.ts). Bodies over
 * 60 MB are refused with 413 without being read further.
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
  const send = createAnswerBatch(onAnswer)
  /** Connections that close after an answer already under way: what follows on them is not executed. */
  const closing = new WeakSet<object>()
  const body = createBodyReader(max, send, closing, {
    threshold: opts.largeBody?.threshold ?? LARGE_BODY_BYTES,
    parser: opts.largeBody?.parser ?? workerBodyParser(),
  })
  const admitOptions = { engine, guard, max, staticDir }
  const proxyTarget = opts.proxyTarget?.replace(/\/+$/, '')
  // The site's pages read this (PerformanceNavigationTiming.serverTiming): krs-mock serves them,
  // and where its proxy goes, without a request that other hosts would answer 404.
  const siteTiming = `krs-mock${proxyTarget ? `, krs-proxy;desc="${encodeURIComponent(proxyTarget)}"` : ''}`
  const proxy = { target: proxyTarget, maxBodyBytes: max }

  /** An API request whose body is read: the engine's answer. */
  const answerApi = (call: DoorCall): void => answer(engine, call, send)
  /** An admin request whose body is read: the fields only the admin API looks at, then the answer. */
  const answerAdmin = (call: DoorCall): void => {
    const req = call.req
    call.fromLoopback = isLoopback(req.socket.remoteAddress)
    call.adminAllowed = opts.adminRemote === true || call.fromLoopback
    call.origin = `http://${req.headers.host ?? `${opts.host ?? '127.0.0.1'}:${opts.port ?? 4010}`}`
    answer(engine, call, send)
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
    const call = new DoorCall(req, res, onAnswer ? performance.now() : 0)
    const path = call.path
    if (path.startsWith(PROXY_PREFIX) && (path.length === PROXY_PREFIX.length || path[PROXY_PREFIX.length] === '/')) {
      const check = (m: string, p: string, h: http.IncomingHttpHeaders) =>
        guard.checkAdmin(m, p, h, req.socket.localPort)
      return void handleSiteProxy(req, res, path, { ...proxy, check }).catch((e: unknown) => {
        if (res.headersSent) return res.destroy(e as Error)
        send(
          req,
          res,
          errorResponse('KRSKIT_INTERNAL_ERROR', `proxy: ${String((e as Error)?.message ?? e)}`),
          path,
          call.started,
        )
      })
    }
    const admission = admitRequest(admitOptions, req, res, call, call.declared)
    switch (admission.kind) {
      case 'static':
        res.setHeader('server-timing', siteTiming)
        return answerStatic(staticDir!, req, res, path, (out) => send(req, res, out, path, call.started))
      case 'answer':
        return body.refuse(call, admission.out)
      case 'too-large':
        return body.tooLarge(call)
    }
    if (admission.route.kind === 'admin') return body.read(call, call, null, answerAdmin)
    readApiBody(body, call, admission.route.kind === 'api' ? (admission.route.name ?? '') : '', max, answerApi)
  }
}

/**
 * An API request's body, read within its operation's bound (body-bound.ts): no valid body is
 * longer, so a longer one is refused with 413 before it is parsed, from Content-Length or as
 * soon as it passes. The bounds are computed on the first body that could pass one (or of
 * unknown length).
 */
function readApiBody(body: BodyReader, call: DoorCall, op: string, max: number, done: (call: DoorCall) => void) {
  const declared = call.declared
  if (loadedBodyBound(op) !== undefined || declared <= WHITESPACE_ALLOWANCE)
    return readApi(body, call, op, max, declared, done)
  loadBodyBounds().then(
    () => readApi(body, call, op, max, declared, done),
    (e: unknown) => {
      console.error('[krs-mock] the body bounds could not be computed:', e)
      readApi(body, call, op, max, declared, done)
    },
  )
}

function readApi(
  body: BodyReader,
  call: DoorCall,
  op: string,
  max: number,
  declared: number,
  done: (call: DoorCall) => void,
): void {
  const limit = Math.min(max, loadedBodyBound(op) ?? max)
  if (declared > limit) body.tooLarge(call, limit, op)
  else body.read(call, call, { op, limit }, done)
}

/** API bodies over this many bytes are parsed off the event loop (json-worker.ts). */
const LARGE_BODY_BYTES = 1024 * 1024

/**
 * One request as the door carries it from admission to its answer, and as the engine reads it
 * (the request line and headers; the body comes later): one object per request, its fields
 * all set in the constructor so that every request has the same shape, its header lookup a
 * method (no closure per request).
 */
class DoorCall implements RawRequest, DoorRequest {
  readonly method: string
  readonly path: string
  readonly query: string
  /** The declared `Content-Length` (NaN without one), read once. */
  readonly declared: number
  bodyText = ''
  bodyNotUtf8: boolean | undefined = undefined
  bodyShapeProblem: string | null | undefined = undefined
  parsedBody: ParsedBody | undefined = undefined
  bodySha256: string | undefined = undefined
  adminAllowed: boolean | undefined = undefined
  fromLoopback: boolean | undefined = undefined
  origin: string | undefined = undefined
  admission: unknown = undefined

  constructor(
    readonly req: http.IncomingMessage,
    readonly res: http.ServerResponse,
    readonly started: number,
  ) {
    const url = req.url ?? '/'
    const q = url.indexOf('?')
    this.method = req.method ?? 'GET'
    this.path = q < 0 ? url : url.slice(0, q)
    this.query = q < 0 ? '' : url.slice(q + 1)
    this.declared = contentLengthValue(req.headers['content-length'])
  }

  header(name: string): string | undefined {
    const h = this.req.headers
    // The headers the engine reads on every call, each by its own property read: one keyed
    // read for many names is a slow lookup on every call.
    switch (name) {
      case 'authorization':
        return h.authorization
      case 'content-type':
        return h['content-type']
      case 'content-length':
        return h['content-length']
      case 'x-request-id':
        return h['x-request-id'] as string | undefined
    }
    const v = h[name]
    return Array.isArray(v) ? v.join(', ') : v
  }
}

/** The engine's answer, now when it has one (the common case), else when it settles. */
function answer(engine: Engine, call: DoorCall, send: Send): void {
  let out: RawResponse | Promise<RawResponse>
  try {
    out = engine.respond(call)
  } catch (e) {
    failed(call, send, e)
    return
  }
  if (out instanceof Promise)
    out.then(
      (r) => send(call.req, call.res, r, call.path, call.started),
      (e: unknown) => failed(call, send, e),
    )
  else send(call.req, call.res, out, call.path, call.started)
}

/** A contract violation or a bug outside the handlers: loud, and a 500 body. */
function failed(call: DoorCall, send: Send, e: unknown): void {
  console.error('[krs-mock] request failed:', e)
  send(
    call.req,
    call.res,
    errorResponse('KRSKIT_INTERNAL_ERROR', String((e as Error)?.message ?? e)),
    call.path,
    call.started,
  )
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
    trackLastAnswer(createNodeHandler(engine, opts)),
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
const HEADERS_TOO_LARGE = rawAnswer(
  '431 Request Header Fields Too Large',
  'the request headers are over the size limit (16 KB in all)\n',
)
/** Bytes read and dropped after a refused head, so the client reads the answer instead of a reset. */
const DRAIN_AFTER_REFUSAL = 64 * 1024 * 1024
const DRAIN_AFTER_REFUSAL_MS = 10_000

/**
 * The handler, noting each request's answer on its connection first: one listener and a
 * property of the socket, not a second 'request' listener (node copies the listener list on
 * every event that has more than one) and a WeakMap entry per request. The batch lets go of
 * it once it is written (answer-batch.ts forgetWritten).
 */
function trackLastAnswer(handler: http.RequestListener): http.RequestListener {
  return (req, res) => {
    ;(req.socket as TrackedSocket)[LAST_ANSWER] = res
    handler(req, res)
  }
}

/**
 * A request that fails to parse after valid ones on the same connection (pipelined in one
 * write) is answered 400 only after the answers of those: Node's own handler writes the 400
 * and closes at once, and the valid request, already executed, lost its answer (answers are
 * written at the end of the turn, createAnswerBatch). The connection is closed after the 400.
 * Headers over the limit get 431, whatever their size: what the client still sends is read
 * and dropped (up to a bound), since closing a socket with unread bytes resets it and the
 * client would never see the answer.
 */
function answerParseErrorsInOrder(server: http.Server): void {
  const refused = new WeakSet<Duplex>()
  server.on('clientError', (err: NodeJS.ErrnoException, socket: Duplex) => {
    // the parser reports again for every later chunk: one answer per connection
    if (refused.has(socket)) return
    refused.add(socket)
    const timeout = err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
    let replied = false
    const reply = (): void => {
      if (replied) return
      replied = true
      if (!socket.writable || err.code === 'ECONNRESET') socket.destroy()
      else if (err.code === 'HPE_HEADER_OVERFLOW') endDraining(socket, HEADERS_TOO_LARGE)
      else socket.end(timeout ? TIMED_OUT : BAD_REQUEST)
    }
    const pending = (socket as TrackedSocket)[LAST_ANSWER]
    // A request still being received when its time ran out has no answer to wait for.
    if (pending && !pending.writableFinished && !timeout) {
      pending.once('finish', reply)
      pending.once('close', reply)
    } else reply()
  })
}

/** Answer, then read and drop what the client still sends (bounded in bytes and time) before closing. */
function endDraining(socket: Duplex, answer: string): void {
  let seen = 0
  const timer = setTimeout(() => socket.destroy(), DRAIN_AFTER_REFUSAL_MS)
  timer.unref()
  socket.on('data', (chunk: Buffer) => {
    seen += chunk.length
    if (seen > DRAIN_AFTER_REFUSAL) socket.destroy()
  })
  socket.once('close', () => clearTimeout(timer))
  socket.end(answer)
  socket.resume()
}
