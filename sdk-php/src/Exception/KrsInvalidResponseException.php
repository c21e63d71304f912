<?php

declare(strict_types=1);

namespace KrsKit\Sdk\Exception;

/**
 * A 2xx answer whose body could not be decoded as the contract says (empty, not JSON).
 */
final class KrsInvalidResponseException extends \RuntimeException implements KrsException
{
    public function __construct(
        string $message,
        public readonly string $operation,
        public readonly int $status,
        public readonly ?string $requestId,
        ?\Throwable $previous = null,
    ) {
        parent::__construct($message, 0, $previous);
    }
}
