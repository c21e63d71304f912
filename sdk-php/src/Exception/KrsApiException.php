<?php

declare(strict_types=1);

namespace KrsKit\Sdk\Exception;

use KrsKit\Sdk\Generated\ErrorCode;

/**
 * The service answered with a 4xx or 5xx status. The status classes have their own
 * subclasses (bad request 400, authentication 401, permission 403, not found 404, conflict 409,
 * rate limit 429, server 5xx).
 */
class KrsApiException extends \RuntimeException implements KrsException
{
    /**
     * @param string $operation the API name of the call
     * @param int $status HTTP status code
     * @param string $errorCode `error_code` of the answer (for example `KR_API_F0117`)
     * @param string $errorDesc `error_desc`, spelled as the service sends it
     * @param string|null $detail `message` of the answer, when it gave one
     * @param string|null $requestId the server's `X-Request-Id` (else the one the SDK sent)
     * @param mixed $body the decoded error body (a string when it was not JSON)
     */
    public function __construct(
        public readonly string $operation,
        public readonly int $status,
        public readonly string $errorCode,
        public readonly string $errorDesc,
        public readonly ?string $detail,
        public readonly ?string $requestId,
        public readonly mixed $body,
    ) {
        parent::__construct(
            "{$operation}: {$status} {$errorCode} {$errorDesc}" . ($detail !== null && $detail !== '' ? " ({$detail})" : ''),
            $status,
        );
    }

    /** The code as the generated enum; null for a code this SDK version does not know. */
    public function errorCodeEnum(): ?ErrorCode
    {
        return ErrorCode::tryFrom($this->errorCode);
    }
}
