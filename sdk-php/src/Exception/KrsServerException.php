<?php

declare(strict_types=1);

namespace KrsKit\Sdk\Exception;

/**
 * 5xx: the service failed or is overloaded; reads answered 502, 503 or 504 are retried.
 */
final class KrsServerException extends KrsApiException
{
}
