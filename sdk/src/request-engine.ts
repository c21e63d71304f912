import { apiErrorFromResponse } from './api-error-from-response.js'
import { abortableSleep, createCallScope, type CallScope } from './call-scope.js'
import type { CallOptions, KrsClientOptions, TransportRequest } from './client-options.js'
import { checkBrowserToken, envVar, userAgent } from './environment.js'
import { KrsInvalidResponseError, KrsNetworkError, KrsSdkError } from './errors.js'
import { operationMeta } from '@krs-kit/contract/operation-meta'
import type { OperationName } from '@krs-kit/contract/operation-names'
import { rememberText, type WithResponse } from './krs-promise.js'
import { enabled, isLogLevel, type KrsLogger, type LogLevel } from './logger.js'
import {
  defaultRetry,
  failedBeforeSending,
  isRetryableStatus,
  nextDelay,
  parseRetryAfter,
  type RetryOptions,
} from './retry-policy.js'
import { unwrapLegacy } from './tolerant-reader.js'
import type { EmulatorClockAccess } from './poll-until.js'

export type ParseAs = 'json' | 'text' | 'stream'

/** Sends one operation with retries, timeout and abort; resolves with the decoded value, the response and the request id. */
export type SendWithResponse = (
  name: OperationName,
  body: unknown,
  options: CallOptions | undefined,
  parseAs?: ParseAs,
) => Promise<WithResponse<unknown>>

/** The same, resolving with the decoded value only (what the helpers use). */
export type SendOperation = (
  name: OperationName,
  body: unknown,
  options: CallOptions | undefined,
  parseAs?: ParseAs,
) => Promise<unknown>

type Attempt =
  | { ok: true; data: unknown; response: Response; requestId: string | undefined }
  | { ok: false; error: KrsSdkError; retry: RetryWhen; retryAfterMs?: number | undefined }

/**
 * Which failed attempts may be repeated: `always` when the request certainly did not reach
 * the server (nothing can run twice), `idempotent` when it may have (only operations that
 * a repetition cannot harm), `never` for answers that will not change.
 */
type RetryWhen = 'always' | 'idempotent' | 'never'

const defaultTimeoutMs = 60_000

/** The client's settings once defaults and the environment (Node) are applied. */
export interface ResolvedConfig {
  baseUrl: string
  token: string | undefined
}

export function resolveConfig(options: KrsClientOptions): ResolvedConfig {
  const token = options.token || envVar('KRS_API_TOKEN')
  let baseUrl: string
  if (options.baseUrl !== undefined) baseUrl = options.baseUrl
  else if (options.environmentId) baseUrl = environmentUrl(options.environmentId)
  else {
    const fromEnv = envVar('KRS_BASE_URL')
    const envId = envVar('KRS_ENVIRONMENT_ID') ?? envVar('KRS_ENV_ID')
    if (fromEnv !== undefined) baseUrl = fromEnv
    else if (envId !== undefined) baseUrl = environmentUrl(envId)
    else
      throw new KrsSdkError(
        'createKrsClient: give environmentId or baseUrl (in Node, or set KRS_ENVIRONMENT_ID or KRS_BASE_URL)',
      )
  }
  return { baseUrl: checkedBaseUrl(baseUrl), token }
}

/**
 * The base URL without its trailing slashes, refused before any call when it cannot be one:
 * a missing scheme (`127.0.0.1:4010`) would otherwise fail only at the first call, after
 * its retries, as an "Invalid URL" network error. A path (`/krs`) is accepted where the
 * platform resolves it against the page (browsers).
 */
function checkedBaseUrl(value: string): string {
  const trimmed = value.replace(/\/+$/, '')
  if (
    trimmed.startsWith('/') &&
    !trimmed.startsWith('//') &&
    typeof (globalThis as { location?: unknown }).location === 'object'
  )
    return trimmed
  let url: URL | undefined
  try {
    url = new URL(trimmed)
  } catch {
    url = undefined
  }
  if (url !== undefined && (url.protocol === 'http:' || url.protocol === 'https:') && url.host !== '') return trimmed
  const hint = /^[\w.-]+(:\d+)?(\/|$)/.test(trimmed) ? ` (did you mean 'http://${trimmed}'?)` : ''
  throw new KrsSdkError(`createKrsClient: baseUrl ${JSON.stringify(value)} is not an http:// or https:// URL${hint}`)
}

function environmentUrl(environmentId: string): string {
  return `https://krs.bz/${encodeURIComponent(environmentId)}`
}

/** Per-client request ids: a random prefix and a counter (cheap, and unique enough to find a call in a log). */
function requestIdSource(): () => string {
  let prefix = ''
  for (let i = 0; i < 8; i++) prefix += Math.floor(Math.random() * 36).toString(36)
  let n = 0
  return () => `sdk-${prefix}-${(++n).toString(36)}`
}

function lowerCaseKeys(
  headers: Record<string, string> | undefined,
  into: Record<string, string>,
): Record<string, string> {
  if (headers) for (const k in headers) into[k.toLowerCase()] = headers[k] as string
  return into
}

export function createRequestEngine(options: KrsClientOptions): {
  baseUrl: string
  send: SendWithResponse
  emulatorClock: EmulatorClockAccess
} {
  const { baseUrl, token } = resolveConfig(options)
  checkBrowserToken(options.token, baseUrl, options.dangerouslyAllowBrowser)
  const baseHeaders: Record<string, string> = { 'content-type': 'application/json' }
  const agent = userAgent()
  if (agent) baseHeaders['user-agent'] = agent
  if (token) baseHeaders.authorization = `Bearer ${token}`
  lowerCaseKeys(options.headers, baseHeaders)
  const retry: Required<RetryOptions> = { ...defaultRetry, ...stripUndefined(options.retry) }
  const sleep = options.sleep ?? abortableSleep
  const random = options.random ?? Math.random
  const { onRequest, onResponse, onRetry, transport } = options

  /** A `Request` (one a hook may have replaced) through the client's fetch, or its transport. */
  async function fetchRequest(request: Request): Promise<Response> {
    if (options.fetch) return options.fetch(request)
    if (!transport) return globalThis.fetch(request)
    return transport({
      method: request.method,
      url: request.url,
      headers: Object.fromEntries(request.headers),
      body: request.body === null ? undefined : new Uint8Array(await request.arrayBuffer()),
      signal: request.signal,
    })
  }
  const sendIds = options.sendRequestId !== false
  const nextId = requestIdSource()
  const envLevel = envVar('KRS_LOG')
  const level: LogLevel = options.logLevel ?? (isLogLevel(envLevel) ? envLevel : 'warn')
  const logger: KrsLogger = options.logger ?? console
  const logDebug = enabled(level, 'debug')
  const logInfo = enabled(level, 'info')
  const logBodies = options.logBodies === true

  async function attempt(
    name: OperationName,
    bodyText: string,
    call: CallOptions | undefined,
    parseAs: ParseAs,
    scope: CallScope,
    n: number,
    sentId: string | undefined,
  ): Promise<Attempt> {
    const url = `${baseUrl}/api/v1/${name}`
    const headers = call?.headers ? lowerCaseKeys(call.headers, { ...baseHeaders }) : { ...baseHeaders }
    // A caller's own X-Request-Id (the headers option) wins, as its other headers do.
    if (sentId !== undefined && headers['x-request-id'] === undefined) headers['x-request-id'] = sentId
    const shownId = headers['x-request-id']
    const request: TransportRequest = { method: 'POST', url, headers, body: bodyText, signal: scope.signal }
    let response: Response
    try {
      response = await scope.race(send(name, request, n))
    } catch (error) {
      if (error instanceof HookFailure) throw error.error
      const failure = scope.failure()
      if (failure) return { ok: false, error: failure, retry: 'never' }
      return {
        ok: false,
        error: new KrsNetworkError(name, error),
        retry: failedBeforeSending(error) ? 'always' : 'idempotent',
      }
    }
    const requestId = response.headers.get('x-request-id') ?? shownId
    try {
      if (response.ok) {
        if (parseAs === 'stream') return { ok: true, data: response.body ?? emptyStream(), response, requestId }
        const text = await scope.race(response.text())
        rememberText(response, text)
        if (parseAs === 'text') return { ok: true, data: text, response, requestId }
        if (text === '')
          return { ok: false, error: new KrsInvalidResponseError(name, response, 'empty body'), retry: 'never' }
        try {
          return { ok: true, data: JSON.parse(text), response, requestId }
        } catch (error) {
          return { ok: false, error: new KrsInvalidResponseError(name, response, error), retry: 'never' }
        }
      }
      const text = await scope.race(response.text())
      let body: unknown = text
      try {
        if (text !== '') body = JSON.parse(text)
      } catch {
        // not JSON: keep the text (a proxy's page)
      }
      const error = apiErrorFromResponse(name, response, body, requestId ?? bodyRequestId(body))
      return {
        ok: false,
        error,
        retry: isRetryableStatus(response.status) ? 'idempotent' : 'never',
        retryAfterMs: parseRetryAfter(response.headers.get('retry-after')),
      }
    } catch (error) {
      // The connection broke while the body was read.
      const failure = scope.failure()
      if (failure) return { ok: false, error: failure, retry: 'never' }
      const e = new KrsNetworkError(name, error)
      e.requestId = requestId
      return { ok: false, error: e, retry: 'idempotent' }
    }
  }

  function send(name: OperationName, sent: TransportRequest, n: number): Promise<Response> {
    if (!onRequest && !onResponse && !options.fetch) {
      if (transport) return transport(sent)
      // Fast path: the URL and init go straight to the global fetch, as a hand-written call does.
      return globalThis.fetch(sent.url, requestInit(sent))
    }
    return sendWithHooks(name, sent, n)
  }

  async function sendWithHooks(name: OperationName, sent: TransportRequest, n: number): Promise<Response> {
    let request = new Request(sent.url, requestInit(sent))
    if (onRequest) {
      try {
        request = (await onRequest({ operation: name, attempt: n, request })) || request
      } catch (error) {
        throw new HookFailure(error)
      }
    }
    let response = await fetchRequest(request)
    if (onResponse) {
      try {
        response = (await onResponse({ operation: name, attempt: n, request, response })) || response
      } catch (error) {
        throw new HookFailure(error)
      }
    }
    return response
  }

  const sendOperation: SendWithResponse = async (name, body, call, parseAs) => {
    const meta = operationMeta[name]
    if (!meta) throw new KrsSdkError(`unknown operation: ${String(name)}`)
    if (meta.security && !token) {
      throw new KrsSdkError(`${name}: no API token: pass { token } to createKrsClient or set KRS_API_TOKEN`, name)
    }
    const as: ParseAs = parseAs ?? (meta.responseType === 'text' ? 'text' : 'json')
    const idempotent = call?.idempotent ?? meta.idempotent
    const scope = createCallScope(name, call?.signal, call?.timeoutMs ?? options.timeoutMs ?? defaultTimeoutMs)
    const policy = call?.maxRetries === undefined ? retry : { ...retry, maxRetries: call.maxRetries }
    const bodyText = JSON.stringify(body ?? {})
    let streaming = false
    let sentId: string | undefined
    try {
      const early = scope.failure()
      if (early) throw early
      for (let n = 0; ; n++) {
        sentId = !sendIds
          ? undefined
          : call?.requestId === undefined
            ? nextId()
            : n === 0
              ? call.requestId
              : `${call.requestId}.${n}`
        const started = logDebug ? performance.now() : 0
        const outcome = await attempt(name, bodyText, call, as, scope, n, sentId)
        if (logDebug) logAttempt(name, n, outcome, performance.now() - started, bodyText)
        if (outcome.ok) {
          streaming = as === 'stream'
          const data = as === 'json' ? unwrapLegacy(outcome.data, meta.legacyKey) : outcome.data
          return { data, response: outcome.response, requestId: outcome.requestId }
        }
        const error = outcome.error
        if (error.requestId === undefined) error.requestId = sentId
        // A retry must not run a write twice: non-idempotent calls only when nothing was sent.
        const mayRetry = outcome.retry === 'always' || (outcome.retry === 'idempotent' && idempotent)
        const delay = mayRetry ? nextDelay(n, policy, random, outcome.retryAfterMs) : undefined
        if (delay === undefined) throw error
        onRetry?.({ operation: name, attempt: n, error, delayMs: delay, requestId: error.requestId })
        if (logInfo)
          logger.info(
            `krs: ${name} retry ${n + 1}/${policy.maxRetries} in ${Math.round(delay)} ms after ${error.message} (request id ${error.requestId ?? '-'})`,
          )
        try {
          await sleep(delay, scope.signal)
        } catch (e) {
          throw scope.failure() ?? e
        }
        const failure = scope.failure()
        if (failure) throw failure
      }
    } catch (error) {
      if (error instanceof KrsSdkError && error.requestId === undefined) error.requestId = sentId
      throw error
    } finally {
      scope.dispose(streaming)
    }
  }
  /** The emulator's `/__mock/clock` at the base URL's origin, with the client's token and fetch. */
  async function clockRequest(body: unknown, signal: AbortSignal | undefined): Promise<unknown> {
    const headers: Record<string, string> = { ...baseHeaders }
    const url = `${new URL(baseUrl, (globalThis as { location?: { href?: string } }).location?.href).origin}/__mock/clock`
    const sent: TransportRequest = { method: body === undefined ? 'GET' : 'POST', url, headers, signal }
    if (body !== undefined) sent.body = JSON.stringify(body)
    else delete headers['content-type']
    const response =
      !options.fetch && transport ? await transport(sent) : await fetchRequest(new Request(url, requestInit(sent)))
    if (!response.ok) {
      const text = await response.text().catch(() => '')
      throw new KrsSdkError(`${sent.method} /__mock/clock answered ${response.status}: ${text.slice(0, 200)}`)
    }
    return response.json()
  }
  const emulatorClock: EmulatorClockAccess = {
    clock: async (signal) => (await clockRequest(undefined, signal)) as { mode: string; now: number },
    advance: async (seconds, signal) => void (await clockRequest({ advance_seconds: seconds }, signal)),
  }
  return { baseUrl, send: sendOperation, emulatorClock }

  function logAttempt(name: OperationName, n: number, outcome: Attempt, ms: number, bodyText: string): void {
    const status = outcome.ok
      ? outcome.response.status
      : ((outcome.error as { status?: number }).status ?? outcome.error.name)
    const id = outcome.ok ? outcome.requestId : outcome.error.requestId
    let line = `krs: POST /api/v1/${name} ${status} ${ms.toFixed(1)} ms attempt ${n} request id ${id ?? '-'}`
    if (logBodies) {
      line += ` request ${bodyText}`
      if (outcome.ok && typeof outcome.data === 'string') line += ` response ${outcome.data}`
      else if (outcome.ok && !(outcome.data instanceof ReadableStream))
        line += ` response ${JSON.stringify(outcome.data)}`
    }
    logger.debug(line)
  }
}

function requestInit(sent: TransportRequest): RequestInit {
  const init: RequestInit = { method: sent.method, headers: sent.headers }
  if (sent.body !== undefined) init.body = sent.body
  if (sent.signal) init.signal = sent.signal
  return init
}

/** Wraps an error thrown by a hook so that it reaches the caller as it is. */
class HookFailure {
  constructor(readonly error: unknown) {}
}

/** The `request_id` an error body may carry (the emulator's 5xx answers). */
function bodyRequestId(body: unknown): string | undefined {
  const id = typeof body === 'object' && body !== null ? (body as { request_id?: unknown }).request_id : undefined
  return typeof id === 'string' ? id : undefined
}

function emptyStream(): ReadableStream<Uint8Array> {
  return new ReadableStream({ start: (c) => c.close() })
}

function stripUndefined<T extends object>(o: T | undefined): Partial<T> {
  const out: Partial<T> = {}
  if (o) for (const k in o) if (o[k] !== undefined) out[k] = o[k]
  return out
}
