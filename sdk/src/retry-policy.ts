/** How failed attempts are retried. Every field has a default. */
export interface RetryOptions {
  /** Retries after the first attempt (default 2; 0 disables retries). */
  maxRetries?: number
  /** First backoff delay in ms (default 500); doubles on each retry. */
  baseDelayMs?: number
  /** Upper bound of one wait in ms (default 30 000). A longer `Retry-After` is not waited for: the error is thrown. */
  maxDelayMs?: number
}

export const defaultRetry: Required<RetryOptions> = { maxRetries: 2, baseDelayMs: 500, maxDelayMs: 30_000 }

/**
 * Statuses that mean "not done, try again later", retried for idempotent operations only:
 * 429 (rate limited), 502 and 504 (a gateway lost the service), 503 (high load).
 */
export function isRetryableStatus(status: number): boolean {
  return status === 429 || status === 502 || status === 503 || status === 504
}

/**
 * Error codes (Node, undici) of failures that happen before a connection exists, so the
 * request cannot have reached the server: refused, no route, DNS, connect timeout.
 * A reset, "other side closed" or a browser's bare `TypeError` may come after the request
 * was written, so they are not here.
 */
const notSentCodes = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EAI_NONAME',
  'ENETUNREACH',
  'EHOSTUNREACH',
  'EADDRNOTAVAIL',
  'UND_ERR_CONNECT_TIMEOUT',
])

/** True when a fetch failure certainly happened before the request reached the server. */
export function failedBeforeSending(error: unknown): boolean {
  const seen = new Set<unknown>()
  const stack: unknown[] = [error]
  while (stack.length > 0) {
    const e = stack.pop()
    if (typeof e !== 'object' || e === null || seen.has(e)) continue
    seen.add(e)
    const code = (e as { code?: unknown }).code
    if (typeof code === 'string' && notSentCodes.has(code)) return true
    stack.push((e as { cause?: unknown }).cause)
    // Happy eyeballs: an AggregateError of the failed addresses; all must be "not sent".
    const errors = (e as { errors?: unknown }).errors
    if (Array.isArray(errors) && errors.length > 0 && errors.every((x) => failedBeforeSending(x))) return true
  }
  return false
}

/**
 * Exponential backoff with "equal jitter": half of the exponential delay is fixed, the
 * other half random, so that clients retrying at once spread out.
 */
export function backoffDelay(attempt: number, retry: Required<RetryOptions>, random: () => number): number {
  const exp = Math.min(retry.maxDelayMs, retry.baseDelayMs * 2 ** attempt)
  // Whole milliseconds: timers have no finer grain, and onRetry reports the figure as is.
  return Math.round(exp / 2 + random() * (exp / 2))
}

/**
 * `Retry-After` as milliseconds: either delta-seconds or an HTTP date. Undefined when the
 * header is absent or unreadable.
 */
export function parseRetryAfter(value: string | null, now: number = Date.now()): number | undefined {
  if (value === null) return undefined
  const trimmed = value.trim()
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Math.round(Number(trimmed) * 1000)
  const date = Date.parse(trimmed)
  if (Number.isNaN(date)) return undefined
  return Math.max(0, date - now)
}

/**
 * The wait before the next attempt, or undefined when no retry should happen.
 * `retryAfterMs` (from the response) wins over the computed backoff.
 */
export function nextDelay(
  attempt: number,
  retry: Required<RetryOptions>,
  random: () => number,
  retryAfterMs?: number,
): number | undefined {
  if (attempt >= retry.maxRetries) return undefined
  if (retryAfterMs !== undefined) return retryAfterMs <= retry.maxDelayMs ? retryAfterMs : undefined
  return backoffDelay(attempt, retry, random)
}
