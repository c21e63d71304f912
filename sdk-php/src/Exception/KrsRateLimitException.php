<?php

declare(strict_types=1);

namespace KrsKit\Sdk\Exception;

/**
 * 429: too many calls; reads are retried, honouring Retry-After.
 */
final class KrsRateLimitException extends KrsApiException
{
}
