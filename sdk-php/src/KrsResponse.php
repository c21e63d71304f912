<?php

declare(strict_types=1);

namespace KrsKit\Sdk;

use Psr\Http\Message\ResponseInterface;

/**
 * A successful call with its answer: the decoded value (`data`, what the method returns
 * otherwise), the HTTP status, the headers and the request id. `$krs->withResponse()` gives a
 * client whose calls return this.
 *
 * @template T
 */
final class KrsResponse
{
    /**
     * @param T $data
     * @param string $requestId the server's `X-Request-Id`, else the one the SDK sent
     * @param int $attempts how many attempts the call took (1 without retries)
     */
    public function __construct(
        public readonly mixed $data,
        public readonly int $status,
        public readonly string $requestId,
        public readonly ResponseInterface $response,
        public readonly int $attempts = 1,
    ) {
    }

    /** One header of the answer (names are case-insensitive; several values joined by ", "). */
    public function header(string $name): string
    {
        return $this->response->getHeaderLine($name);
    }

    /** @return array<string, list<string>> every header of the answer */
    public function headers(): array
    {
        /** @var array<string, list<string>> */
        return $this->response->getHeaders();
    }
}
