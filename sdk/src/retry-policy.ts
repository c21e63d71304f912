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

/** Statuses that mean "try again later": 429 (rate limited) and 503 (high load). */
export function isRetryableStatus(status: number): boolean {
  return status === 429 || status === 503
}

/**
 * Exponential backoff with "equal jitter": half of the exponential delay is fixed, the
 * other half random, so that clients retrying at once spread out.
 */
export function backoffDelay(attempt: number, retry: Required<RetryOptions>, random: () => number): number {
  const exp = Math.min(retry.maxDelayMs, retry.baseDelayMs * 2 ** attempt)
  return exp / 2 + random() * (exp / 2)
}

/**
 * `Retry-After` as milliseconds: either delta-seconds or an HTTP date. Undefined when the
 * header is absent or unreadable.
 */
export function parseRetryAfter(value: string | null, now: number = Date.now()): number | undefined {
  if (value === null) return undefined
  const trimmed = value.trim()
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Number(trimmed) * 1000
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
