import createClient from 'openapi-fetch'
import { apiErrorFromResponse } from './api-error-from-response.js'
import { abortableSleep, createCallScope, type CallScope } from './call-scope.js'
import type { CallOptions, KrsClientOptions } from './client-options.js'
import { KrsInvalidResponseError, KrsNetworkError, KrsSdkError } from './errors.js'
import { operationMeta } from './generated/operation-meta.js'
import type { OperationName } from './generated/operation-names.js'
import type { paths } from './generated/schema.js'
import { defaultRetry, isRetryableStatus, nextDelay, parseRetryAfter, type RetryOptions } from './retry-policy.js'
import { unwrapLegacy } from './tolerant-reader.js'

export type ParseAs = 'json' | 'text' | 'stream'

/** Sends one operation with retries, timeout and abort; returns the decoded success value. */
export type SendOperation = (
  name: OperationName,
  body: unknown,
  options: CallOptions | undefined,
  parseAs?: ParseAs,
) => Promise<unknown>

type Attempt =
  | { ok: true; data: unknown }
  | { ok: false; error: KrsSdkError; retryable: boolean; retryAfterMs?: number | undefined }

const defaultTimeoutMs = 60_000

/**
 * Takes the place of `Request` inside openapi-fetch: it keeps the URL and the init that
 * openapi-fetch prepared, so that they reach `fetch` without a Request being built twice
 * (fetch(new Request(...)) pipes the body through an extra stream in undici).
 */
class PendingRequest {
  constructor(
    readonly url: string,
    readonly init: RequestInit & { method: string },
  ) {}
  get method(): string {
    return this.init.method
  }
}

export function resolveBaseUrl(options: KrsClientOptions): string {
  if (options.baseUrl !== undefined) return options.baseUrl
  if (options.environmentId) return `https://krs.bz/${encodeURIComponent(options.environmentId)}`
  throw new KrsSdkError('createKrsClient: give environmentId or baseUrl')
}

export function createRequestEngine(options: KrsClientOptions): SendOperation {
  const headers: Record<string, string> = { ...options.headers }
  if (options.token) headers.Authorization = `Bearer ${options.token}`
  // The per-call `fetch` below always wins; this one only makes the lazy lookup explicit.
  const api = createClient<paths>({
    baseUrl: resolveBaseUrl(options),
    headers,
    fetch: (r) => (options.fetch ?? globalThis.fetch)(r),
  })
  // openapi-fetch's typed POST needs a literal path; the SDK's own types (OperationRequest/
  // OperationResponse) carry the typing at its public surface.
  const post = api.POST as unknown as (path: string, init: object) => Promise<{ data?: unknown; error?: unknown; response: Response }>
  const retry: Required<RetryOptions> = { ...defaultRetry, ...stripUndefined(options.retry) }
  const sleep = options.sleep ?? abortableSleep
  const random = options.random ?? Math.random
  const { onRequest, onResponse } = options

  async function attempt(
    name: OperationName,
    body: unknown,
    call: CallOptions | undefined,
    parseAs: ParseAs,
    scope: CallScope,
    n: number,
  ): Promise<Attempt> {
    let response: Response | undefined
    let hookFailure: { error: unknown } | undefined
    const send = async (pending: PendingRequest): Promise<Response> => {
      if (!onRequest && !onResponse && !options.fetch) {
        // Fast path: one Request built inside fetch, exactly as a raw fetch(url, init) call.
        response = await globalThis.fetch(pending.url, pending.init)
        return response
      }
      let request = new Request(pending.url, pending.init)
      if (onRequest) {
        try {
          request = (await onRequest({ operation: name, attempt: n, request })) || request
        } catch (error) {
          hookFailure = { error }
          throw error
        }
      }
      response = await (options.fetch ?? globalThis.fetch)(request)
      if (onResponse) {
        try {
          response = (await onResponse({ operation: name, attempt: n, request, response })) || response
        } catch (error) {
          hookFailure = { error }
          throw error
        }
      }
      return response
    }
    let result: { data?: unknown; error?: unknown; response: Response }
    try {
      result = await scope.race(
        post(`/api/v1/${name}`, {
          body,
          parseAs,
          fetch: send,
          Request: PendingRequest,
          signal: scope.signal,
          headers: call?.headers,
        }),
      )
    } catch (error) {
      if (hookFailure) throw hookFailure.error
      const failure = scope.failure()
      if (failure) return { ok: false, error: failure, retryable: false }
      if (error instanceof SyntaxError && response?.ok) {
        return { ok: false, error: new KrsInvalidResponseError(name, response, error), retryable: false }
      }
      return { ok: false, error: new KrsNetworkError(name, error), retryable: true }
    }
    const res = result.response
    if (res.ok) {
      if (result.data !== undefined) return { ok: true, data: result.data }
      // openapi-fetch gives no data for an empty body (Content-Length: 0)
      if (parseAs === 'text') return { ok: true, data: '' }
      if (parseAs === 'stream') return { ok: true, data: new ReadableStream({ start: (c) => c.close() }) }
      return { ok: false, error: new KrsInvalidResponseError(name, res, 'empty body'), retryable: false }
    }
    return {
      ok: false,
      error: apiErrorFromResponse(name, res, result.error),
      retryable: isRetryableStatus(res.status),
      retryAfterMs: parseRetryAfter(res.headers.get('retry-after')),
    }
  }

  return async function sendOperation(name, body, call, parseAs) {
    const meta = operationMeta[name]
    if (!meta) throw new KrsSdkError(`unknown operation: ${String(name)}`)
    const as: ParseAs = parseAs ?? (meta.responseType === 'text' ? 'text' : 'json')
    const scope = createCallScope(name, call?.signal, call?.timeoutMs ?? options.timeoutMs ?? defaultTimeoutMs)
    const policy = call?.maxRetries === undefined ? retry : { ...retry, maxRetries: call.maxRetries }
    let streaming = false
    try {
      const early = scope.failure()
      if (early) throw early
      for (let n = 0; ; n++) {
        const outcome = await attempt(name, body ?? {}, call, as, scope, n)
        if (outcome.ok) {
          streaming = as === 'stream'
          return as === 'json' ? unwrapLegacy(outcome.data, meta.legacyKey) : outcome.data
        }
        const delay = outcome.retryable ? nextDelay(n, policy, random, outcome.retryAfterMs) : undefined
        if (delay === undefined) throw outcome.error
        try {
          await sleep(delay, scope.signal)
        } catch (error) {
          throw scope.failure() ?? error
        }
        const failure = scope.failure()
        if (failure) throw failure
      }
    } finally {
      scope.dispose(streaming)
    }
  }
}

function stripUndefined<T extends object>(o: T | undefined): Partial<T> {
  const out: Partial<T> = {}
  if (o) for (const k in o) if (o[k] !== undefined) out[k] = o[k]
  return out
}
