<?php

declare(strict_types=1);

namespace KrsKit\Sdk\Internal;

/**
 * When and how long to wait before repeating a failed attempt; the same rules as the
 * TypeScript SDK (sdk/src/retry-policy.ts). Times are in seconds.
 *
 * @internal
 */
final class RetryPolicy
{
    /**
     * Which failed attempts may be repeated: ALWAYS when the request certainly did not reach
     * the server (nothing can run twice), IDEMPOTENT when it may have (only operations that
     * a repetition cannot harm), NEVER for answers that will not change.
     */
    public const ALWAYS = 'always';
    public const IDEMPOTENT = 'idempotent';
    public const NEVER = 'never';

    /**
     * cURL errors of failures before a connection exists, so the request cannot have reached
     * the server: proxy or host not resolved, connection refused or unreachable. A timeout,
     * a reset or an empty reply may come after the request was written, so they are not here.
     */
    private const NOT_SENT_CURL_ERRORS = [5, 6, 7];

    /**
     * @param int $maxRetries retries after the first attempt (0 disables retries)
     * @param float $baseDelay first backoff delay; doubles on each retry
     * @param float $maxDelay upper bound of one wait; a longer Retry-After is not waited for
     * @param \Closure(): float $random a number in [0, 1)
     */
    public function __construct(
        public readonly int $maxRetries,
        public readonly float $baseDelay,
        public readonly float $maxDelay,
        private readonly \Closure $random,
    ) {
    }

    /**
     * 429 (rate limited), 502 and 504 (a gateway lost the service), 503 (high load): "not
     * done, try again later", retried for idempotent operations only.
     */
    public static function isRetryableStatus(int $status): bool
    {
        return $status === 429 || $status === 502 || $status === 503 || $status === 504;
    }

    /** True when a transport failure certainly happened before the request reached the server. */
    public static function failedBeforeSending(\Throwable $error): bool
    {
        for ($e = $error; $e !== null; $e = $e->getPrevious()) {
            if (method_exists($e, 'getHandlerContext')) {
                $context = $e->getHandlerContext();
                if (is_array($context) && in_array($context['errno'] ?? null, self::NOT_SENT_CURL_ERRORS, true)) {
                    return true;
                }
            }
        }
        return false;
    }

    /**
     * `Retry-After` in seconds: delta-seconds or an HTTP date; null when absent or unreadable.
     */
    public static function parseRetryAfter(string $value, ?float $now = null): ?float
    {
        $trimmed = trim($value);
        if ($trimmed === '') {
            return null;
        }
        if (preg_match('/^\d+(\.\d+)?$/', $trimmed) === 1) {
            return (float) $trimmed;
        }
        $date = strtotime($trimmed);
        if ($date === false) {
            return null;
        }
        return max(0.0, $date - ($now ?? microtime(true)));
    }

    /**
     * Exponential backoff with "equal jitter": half of the exponential delay is fixed, the
     * other half random, so that clients retrying at once spread out.
     */
    public function backoffDelay(int $attempt): float
    {
        $exp = min($this->maxDelay, $this->baseDelay * 2 ** $attempt);
        return $exp / 2 + ($this->random)() * ($exp / 2);
    }

    /**
     * The wait before the next attempt, or null when no retry should happen. A `Retry-After`
     * of the answer wins over the computed backoff.
     */
    public function nextDelay(int $attempt, ?float $retryAfter = null): ?float
    {
        if ($attempt >= $this->maxRetries) {
            return null;
        }
        if ($retryAfter !== null) {
            return $retryAfter <= $this->maxDelay ? $retryAfter : null;
        }
        return $this->backoffDelay($attempt);
    }
}
