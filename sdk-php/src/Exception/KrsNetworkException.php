<?php

declare(strict_types=1);

namespace KrsKit\Sdk\Exception;

/**
 * The request could not reach the service or the connection broke (DNS, refused, reset),
 * or the call timed out (`KrsTimeoutException`).
 */
class KrsNetworkException extends \RuntimeException implements KrsException
{
    /**
     * @param string|null $operation the API name, when the failure belongs to a call
     * @param string|null $requestId the id the SDK sent with the failed attempt
     */
    public function __construct(
        string $message,
        public readonly ?string $operation = null,
        public readonly ?string $requestId = null,
        ?\Throwable $previous = null,
    ) {
        parent::__construct($message, 0, $previous);
    }
}
