import type { OperationName } from '@krs-kit/contract/operation-names'
import type { KrsSdkError } from './errors.js'
import type { KrsLogger, LogLevel } from './logger.js'
import type { RetryOptions } from './retry-policy.js'

/** A `fetch`-compatible function (the global one, undici's, a test double, ...). */
export type FetchLike = (request: Request) => Promise<Response>

/** One request as the SDK sends it: what a `Transport` gets. */
export interface TransportRequest {
  method: string
  url: string
  /** Header names in lower case. */
  headers: Record<string, string>
  /** The SDK's own requests send JSON text; a request an `onRequest` hook replaced, its bytes. */
  body?: string | Uint8Array<ArrayBuffer> | undefined
  /** Aborts the request (the call's timeout or the caller's signal). */
  signal?: AbortSignal | undefined
}

/**
 * Sends one request given as plain data, and resolves with its answer (an object that reads
 * like a `Response`). `@krs-kit/sdk/node` exports `nodeTransport`, on node:http(s).
 */
export type Transport = (request: TransportRequest) => Promise<Response>

export interface RequestHookContext {
  operation: OperationName
  /** 0 for the first attempt, then 1, 2, ... for retries. */
  attempt: number
  request: Request
}

export interface ResponseHookContext extends RequestHookContext {
  response: Response
}

export interface RetryHookContext {
  operation: OperationName
  /** The attempt that failed (0 = the first); the next one is `attempt + 1`. */
  attempt: number
  /** Why: the error the failed attempt would have thrown. */
  error: KrsSdkError
  /** The wait before the next attempt, in ms. */
  delayMs: number
  /** The failed attempt's request id. */
  requestId: string | undefined
}

export interface KrsClientOptions {
  /**
   * The environment ID: requests go to `https://krs.bz/{environmentId}/api/v1/...`.
   * In Node, defaults to `KRS_ENVIRONMENT_ID` (or the CLI's `KRS_ENV_ID`).
   */
  environmentId?: string | undefined
  /**
   * Any server that speaks the API, e.g. the mock `http://127.0.0.1:4010`. Wins over
   * `environmentId`. In Node, defaults to `KRS_BASE_URL` when neither is given.
   */
  baseUrl?: string | undefined
  /**
   * API token, sent as `Authorization: Bearer <token>`. In Node, defaults to `KRS_API_TOKEN`.
   * Every operation but `get_version` needs one: calling them without a token throws before sending.
   */
  token?: string | undefined
  /**
   * Allow a `token` in a browser page (it can be read by whoever opens the page). Not
   * needed when `baseUrl` is a local emulator (localhost, 127.0.0.1, ::1).
   */
  dangerouslyAllowBrowser?: boolean | undefined
  /** Extra headers sent with every request (they win over the SDK's, e.g. `User-Agent`). */
  headers?: Record<string, string> | undefined
  /** Custom fetch. Defaults to `globalThis.fetch`, looked up at each call (so msw installed later still applies). */
  fetch?: FetchLike | undefined
  /**
   * Sends the requests instead of the global fetch when no `fetch` is given. In Node,
   * `nodeTransport` from `@krs-kit/sdk/node` never loads Node's fetch, which saves tens of
   * milliseconds at the start of a short-lived process (a CLI command, a cron job).
   */
  transport?: Transport | undefined
  /** Timeout of one call in ms, retries and backoff included (default 60 000; 0 = none). */
  timeoutMs?: number | undefined
  /** Retry policy (default 2 retries); what is retried depends on the operation, see the README. */
  retry?: RetryOptions | undefined
  /** Send an `X-Request-Id` with each attempt (default true); the server's id wins when it answers with one. */
  sendRequestId?: boolean | undefined
  /** Called before each attempt; may return a replacement `Request` (e.g. with extra headers). */
  // biome-ignore lint/suspicious/noConfusingVoidType: a hook may return nothing; `void` lets callers pass existing `() => void` functions
  onRequest?: ((ctx: RequestHookContext) => Request | void | Promise<Request | void>) | undefined
  /** Called with each raw response (before it is decoded); may return a replacement `Response`. */
  // biome-ignore lint/suspicious/noConfusingVoidType: a hook may return nothing; `void` lets callers pass existing `() => void` functions
  onResponse?: ((ctx: ResponseHookContext) => Response | void | Promise<Response | void>) | undefined
  /** Called before each retry is waited for (logging, metrics). */
  onRetry?: ((ctx: RetryHookContext) => void) | undefined
  /** Log threshold (default `warn`; in Node `KRS_LOG` sets it, e.g. `KRS_LOG=debug`). */
  logLevel?: LogLevel | undefined
  /** Where log lines go (default `console`). */
  logger?: KrsLogger | undefined
  /** Also log request and response bodies at `debug` (they may hold personal data; default false). */
  logBodies?: boolean | undefined
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
  /**
   * Treat this call as idempotent (retried on 429/502/503/504 and broken connections) or not
   * (retried only when the request certainly did not reach the server). Default: the
   * contract's `x-krs-idempotent` of the operation.
   */
  idempotent?: boolean | undefined
  /** The `X-Request-Id` of the first attempt (retries get `<id>.1`, `<id>.2`, ...). */
  requestId?: string | undefined
  /** Extra headers for this call. */
  headers?: Record<string, string> | undefined
}
