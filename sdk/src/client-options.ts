import type { OperationName } from './generated/operation-names.js'
import type { RetryOptions } from './retry-policy.js'

/** A `fetch`-compatible function (the global one, undici's, a test double, ...). */
export type FetchLike = (request: Request) => Promise<Response>

export interface RequestHookContext {
  operation: OperationName
  /** 0 for the first attempt, then 1, 2, ... for retries. */
  attempt: number
  request: Request
}

export interface ResponseHookContext extends RequestHookContext {
  response: Response
}

export interface KrsClientOptions {
  /** The environment ID: requests go to `https://krs.bz/{environmentId}/api/v1/...`. */
  environmentId?: string | undefined
  /** Any server that speaks the API, e.g. the mock `http://127.0.0.1:4010`. Wins over `environmentId`. */
  baseUrl?: string | undefined
  /** API token, sent as `Authorization: Bearer <token>`. Optional for `get_version`. */
  token?: string | undefined
  /** Extra headers sent with every request. */
  headers?: Record<string, string> | undefined
  /** Custom fetch. Defaults to `globalThis.fetch`, looked up at each call (so msw installed later still applies). */
  fetch?: FetchLike | undefined
  /** Timeout of one call in ms, retries and backoff included (default 60 000; 0 = none). */
  timeoutMs?: number | undefined
  /** Retry policy for connection errors, 429 and 503 (default 2 retries). */
  retry?: RetryOptions | undefined
  /** Called before each attempt; may return a replacement `Request` (e.g. with extra headers). */
  onRequest?: ((ctx: RequestHookContext) => Request | void | Promise<Request | void>) | undefined
  /** Called with each raw response (before it is decoded); may return a replacement `Response`. */
  onResponse?: ((ctx: ResponseHookContext) => Response | void | Promise<Response | void>) | undefined
  /** Sleep used between retries (tests inject a fake). */
  sleep?: ((ms: number, signal?: AbortSignal) => Promise<void>) | undefined
  /** Random source in [0, 1) for backoff jitter (tests inject a fixed one). */
  random?: (() => number) | undefined
}

/** Options of one call; they override the client's. */
export interface CallOptions {
  signal?: AbortSignal | undefined
  /** Timeout of this call in ms (retries included); 0 = none. */
  timeoutMs?: number | undefined
  /** Retries for this call (overrides `retry.maxRetries`). */
  maxRetries?: number | undefined
  /** Extra headers for this call. */
  headers?: Record<string, string> | undefined
}
