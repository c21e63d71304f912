<?php

declare(strict_types=1);

namespace KrsKit\Sdk\Internal;

use KrsKit\Sdk\Exception\KrsApiException;
use KrsKit\Sdk\Exception\KrsAuthenticationException;
use KrsKit\Sdk\Exception\KrsBadRequestException;
use KrsKit\Sdk\Exception\KrsConflictException;
use KrsKit\Sdk\Exception\KrsConfigurationException;
use KrsKit\Sdk\Exception\KrsException;
use KrsKit\Sdk\Exception\KrsInvalidArgumentException;
use KrsKit\Sdk\Exception\KrsInvalidResponseException;
use KrsKit\Sdk\Exception\KrsNetworkException;
use KrsKit\Sdk\Exception\KrsNotFoundException;
use KrsKit\Sdk\Exception\KrsPermissionDeniedException;
use KrsKit\Sdk\Exception\KrsRateLimitException;
use KrsKit\Sdk\Exception\KrsServerException;
use KrsKit\Sdk\Exception\KrsTimeoutException;
use KrsKit\Sdk\Generated\Operations;
use KrsKit\Sdk\KrsResponse;
use Psr\Http\Client\ClientExceptionInterface;
use Psr\Http\Client\ClientInterface;
use Psr\Http\Message\RequestFactoryInterface;
use Psr\Http\Message\RequestInterface;
use Psr\Http\Message\ResponseInterface;
use Psr\Http\Message\StreamFactoryInterface;

/**
 * Sends one operation: JSON body, headers, request ids, retries by the contract's
 * `x-krs-idempotent`, the overall timeout, and the mapping of answers to values or
 * exceptions.
 *
 * @internal
 */
final class Transport
{
    /** cURL's "operation timed out". */
    private const CURL_TIMEOUT = 28;

    private int $counter = 0;
    private readonly string $idPrefix;

    /**
     * @param array<string, string> $headers sent with every attempt (lower-case names): the
     *   SDK's own, the token's `authorization`, then the caller's `headers` over them
     * @param \Closure(float): void $retrySleep waits between attempts
     * @param string|null $requestId the id of the first attempt (retries get `<id>.1`, ...)
     * @param object|null $logger a PSR-3 logger: one debug line per attempt, one info line per retry
     * @param (\Closure(RequestInterface, array{operation: string, attempt: int}): mixed)|null $onRequest
     * @param (\Closure(ResponseInterface, array{operation: string, attempt: int, request: RequestInterface}): mixed)|null $onResponse
     */
    public function __construct(
        private readonly string $baseUrl,
        private readonly ?string $token,
        private readonly ClientInterface $http,
        private readonly RequestFactoryInterface $requests,
        private readonly StreamFactoryInterface $streams,
        private readonly array $headers,
        private readonly ?float $timeout,
        private readonly RetryPolicy $retry,
        private readonly \Closure $retrySleep,
        private readonly ?string $requestId = null,
        private readonly ?object $logger = null,
        private readonly ?\Closure $onRequest = null,
        private readonly ?\Closure $onResponse = null,
        ?string $idPrefix = null,
    ) {
        if ($idPrefix === null) {
            $alphabet = '0123456789abcdefghijklmnopqrstuvwxyz';
            $idPrefix = 'sdk-';
            for ($i = 0; $i < 8; $i++) {
                $idPrefix .= $alphabet[random_int(0, 35)];
            }
            $idPrefix .= '-';
        }
        $this->idPrefix = $idPrefix;
    }

    /** The same transport with other settings (what `KrsClient::withOptions()` builds); request ids keep their prefix. */
    public function with(
        ?float $timeout,
        RetryPolicy $retry,
        \Closure $retrySleep,
        array $headers,
        ?string $requestId,
        ?object $logger,
        ?\Closure $onRequest,
        ?\Closure $onResponse,
    ): self {
        return new self(
            $this->baseUrl,
            $this->token,
            $this->http,
            $this->requests,
            $this->streams,
            $headers,
            $timeout,
            $retry,
            $retrySleep,
            $requestId,
            $logger,
            $onRequest,
            $onResponse,
            $this->idPrefix,
        );
    }

    /**
     * @param array<string, mixed> $body
     * @throws KrsException
     */
    public function send(string $operation, array $body): KrsResponse
    {
        $meta = Operations::ALL[$operation] ?? null;
        if ($meta === null) {
            throw new KrsInvalidArgumentException("unknown operation: {$operation}");
        }
        if ($meta['security'] && ($this->token === null || $this->token === '') && !isset($this->headers['authorization'])) {
            throw new KrsConfigurationException(
                "{$operation}: no API token: pass ['token' => ...] to KrsClient::create or set KRS_API_TOKEN",
            );
        }
        try {
            $json = $body === [] ? '{}' : json_encode(
                $body,
                JSON_THROW_ON_ERROR | JSON_UNESCAPED_UNICODE | JSON_UNESCAPED_SLASHES | JSON_PRESERVE_ZERO_FRACTION,
            );
        } catch (\JsonException $e) {
            throw new KrsInvalidArgumentException("{$operation}: the body cannot be encoded as JSON: {$e->getMessage()}", 0, $e);
        }
        $deadline = $this->timeout === null ? null : microtime(true) + $this->timeout;
        for ($attempt = 0; ; $attempt++) {
            $requestId = $this->requestId === null
                ? $this->idPrefix . base_convert((string) ++$this->counter, 10, 36)
                : ($attempt === 0 ? $this->requestId : "{$this->requestId}.{$attempt}");
            $started = $this->logger === null ? 0.0 : microtime(true);
            [$error, $retryWhen, $retryAfter] = $this->attempt($operation, $json, $requestId, $meta, $deadline, $attempt, $result);
            if ($this->logger !== null) {
                $this->logger->debug(sprintf(
                    'krs: POST /api/v1/%s %s %.1f ms attempt %d request id %s',
                    $operation,
                    $error === null ? (string) $result->status : ($error instanceof KrsApiException ? (string) $error->status : $error::class),
                    (microtime(true) - $started) * 1000,
                    $attempt,
                    $error === null ? $result->requestId : $requestId,
                ));
            }
            if ($error === null) {
                return $result;
            }
            // A retry must not run a write twice: writes only when nothing was sent.
            $mayRetry = $retryWhen === RetryPolicy::ALWAYS || ($retryWhen === RetryPolicy::IDEMPOTENT && $meta['idempotent']);
            $delay = $mayRetry ? $this->retry->nextDelay($attempt, $retryAfter) : null;
            if ($delay === null) {
                throw $error;
            }
            if ($deadline !== null && microtime(true) + $delay >= $deadline) {
                throw new KrsTimeoutException(
                    "{$operation}: timed out after {$this->timeout} s (the next retry would end after it)",
                    $operation,
                    $requestId,
                    $error,
                );
            }
            $this->logger?->info(sprintf('krs: %s retry %d/%d in %d ms after %s (request id %s)', $operation, $attempt + 1, $this->retry->maxRetries, (int) round($delay * 1000), $error->getMessage(), $requestId));
            ($this->retrySleep)($delay);
        }
    }

    /**
     * An admin call of the krs-kit emulator at the base URL's origin (`GET /__mock/clock`,
     * ...) with the client's headers and HTTP client: what the waits need of the emulator.
     *
     * @param array<string, mixed>|null $body
     * @return array<string, mixed>
     * @throws KrsException
     */
    public function emulatorAdmin(string $method, string $path, ?array $body, string $operation): array
    {
        $parts = parse_url($this->baseUrl);
        $origin = ($parts['scheme'] ?? 'http') . '://' . ($parts['host'] ?? '') . (isset($parts['port']) ? ":{$parts['port']}" : '');
        $request = $this->requests->createRequest($method, $origin . $path);
        foreach ($this->headers as $name => $value) {
            $request = $request->withHeader($name, $value);
        }
        if ($body !== null) {
            $request = $request->withBody($this->streams->createStream((string) json_encode($body)));
        }
        try {
            $response = $this->dispatch($request, $this->timeout === null ? null : microtime(true) + $this->timeout);
            $text = (string) $response->getBody();
        } catch (\Throwable $e) {
            throw new KrsNetworkException("{$operation}: {$method} {$path} failed: {$e->getMessage()}", $operation, null, $e);
        }
        $data = json_decode($text, true);
        if ($response->getStatusCode() !== 200 || !is_array($data)) {
            throw new KrsNetworkException("{$operation}: {$method} {$path} answered {$response->getStatusCode()}: " . substr($text, 0, 200), $operation);
        }
        return $data;
    }

    /**
     * One attempt. Returns [null, '', null] and sets $result (a KrsResponse) on success, else the exception
     * it would throw, whether it may be retried and the answer's Retry-After.
     *
     * @param array{method: string, idempotent: bool, pageStep: int|null, legacyKey: string|null, responseType: 'json'|'text', security: bool, errors: list<string>} $meta
     * @return array{0: (KrsException&\Throwable)|null, 1: string, 2: float|null}
     */
    private function attempt(
        string $operation,
        string $json,
        string $requestId,
        array $meta,
        ?float $deadline,
        int $attempt,
        mixed &$result,
    ): array {
        try {
            $request = $this->requests->createRequest('POST', "{$this->baseUrl}/api/v1/{$operation}")
                ->withBody($this->streams->createStream($json))
                ->withHeader('x-request-id', $requestId);
            foreach ($this->headers as $name => $value) {
                $request = $request->withHeader($name, $value);
            }
        } catch (\Throwable $e) {
            return [new KrsNetworkException("{$operation}: the request could not be built: {$e->getMessage()}", $operation, $requestId, $e), RetryPolicy::NEVER, null];
        }
        $context = ['operation' => $operation, 'attempt' => $attempt];
        if ($this->onRequest !== null) {
            $replaced = ($this->onRequest)($request, $context);
            if ($replaced instanceof RequestInterface) {
                $request = $replaced;
            }
        }
        try {
            $response = $this->dispatch($request, $deadline);
        } catch (ClientExceptionInterface $e) {
            if (self::curlErrno($e) === self::CURL_TIMEOUT) {
                return [new KrsTimeoutException("{$operation}: timed out after {$this->timeout} s", $operation, $requestId, $e), RetryPolicy::NEVER, null];
            }
            $error = new KrsNetworkException("{$operation}: network error: {$e->getMessage()}", $operation, $requestId, $e);
            return [$error, RetryPolicy::failedBeforeSending($e) ? RetryPolicy::ALWAYS : RetryPolicy::IDEMPOTENT, null];
        } catch (\RuntimeException $e) {
            return [new KrsNetworkException("{$operation}: network error: {$e->getMessage()}", $operation, $requestId, $e), RetryPolicy::IDEMPOTENT, null];
        } catch (\Throwable $e) {
            // Whatever else the HTTP client throws (a PSR-7 refusal, a TypeError of a custom client): not the SDK's to retry.
            return [new KrsNetworkException("{$operation}: the HTTP client failed: {$e->getMessage()}", $operation, $requestId, $e), RetryPolicy::NEVER, null];
        }
        if ($this->onResponse !== null) {
            $replaced = ($this->onResponse)($response, $context + ['request' => $request]);
            if ($replaced instanceof ResponseInterface) {
                $response = $replaced;
            }
        }
        try {
            $text = (string) $response->getBody();
        } catch (\Throwable $e) {
            // The connection broke while the body was read.
            return [new KrsNetworkException("{$operation}: network error: {$e->getMessage()}", $operation, $requestId, $e), RetryPolicy::IDEMPOTENT, null];
        }
        $answeredId = $response->getHeaderLine('x-request-id');
        $status = $response->getStatusCode();
        if ($status >= 200 && $status < 300) {
            $id = $answeredId !== '' ? $answeredId : $requestId;
            if ($meta['responseType'] === 'text') {
                $result = new KrsResponse($text, $status, $id, $response, $attempt + 1);
                return [null, '', null];
            }
            try {
                $data = json_decode($text, true, 512, JSON_THROW_ON_ERROR);
            } catch (\JsonException $e) {
                $why = $text === '' ? 'empty body' : $e->getMessage();
                return [new KrsInvalidResponseException("{$operation}: the {$status} response body is not valid: {$why}", $operation, $status, $id, $e), RetryPolicy::NEVER, null];
            }
            $result = new KrsResponse(self::unwrapLegacy($data, $meta['legacyKey']), $status, $id, $response, $attempt + 1);
            return [null, '', null];
        }
        try {
            $decoded = $text === '' ? '' : json_decode($text, true, 512, JSON_THROW_ON_ERROR);
        } catch (\JsonException) {
            $decoded = $text; // not JSON: a proxy's page
        }
        $bodyId = is_array($decoded) && is_string($decoded['request_id'] ?? null) ? $decoded['request_id'] : null;
        $id = $answeredId !== '' ? $answeredId : ($bodyId ?? $requestId);
        $error = self::apiException($operation, $response, $decoded, $id);
        $retryAfterHeader = $response->getHeaderLine('retry-after');
        return [
            $error,
            RetryPolicy::isRetryableStatus($status) ? RetryPolicy::IDEMPOTENT : RetryPolicy::NEVER,
            $retryAfterHeader === '' ? null : RetryPolicy::parseRetryAfter($retryAfterHeader),
        ];
    }

    /** Guzzle takes the time left of the call per request; any other PSR-18 client its own. */
    private function dispatch(RequestInterface $request, ?float $deadline): ResponseInterface
    {
        if ($this->http instanceof \GuzzleHttp\ClientInterface) {
            $options = ['http_errors' => false, 'allow_redirects' => false];
            if ($deadline !== null) {
                $options['timeout'] = max(0.001, $deadline - microtime(true));
            }
            return $this->http->send($request, $options);
        }
        return $this->http->sendRequest($request);
    }

    private static function curlErrno(\Throwable $error): ?int
    {
        for ($e = $error; $e !== null; $e = $e->getPrevious()) {
            if (method_exists($e, 'getHandlerContext')) {
                $errno = $e->getHandlerContext()['errno'] ?? null;
                if (is_int($errno)) {
                    return $errno;
                }
            }
        }
        return null;
    }

    /**
     * Older builds of the service wrapped some answers in one named key
     * (`{"member_tables": [...]}` instead of `[...]`); the contract records that key as the
     * operation's legacy key. Returns the bare value for both shapes.
     */
    public static function unwrapLegacy(mixed $data, ?string $legacyKey): mixed
    {
        if ($legacyKey === null || !is_array($data) || count($data) !== 1 || array_is_list($data)) {
            return $data;
        }
        return array_key_exists($legacyKey, $data) ? $data[$legacyKey] : $data;
    }

    /**
     * The exception for a 4xx/5xx answer. An answer without a KREISEL error body (a proxy's
     * page, an empty 503) gets the code that stands for its status, else KRSKIT_INTERNAL_ERROR.
     */
    private static function apiException(string $operation, ResponseInterface $response, mixed $body, ?string $requestId): KrsApiException
    {
        $status = $response->getStatusCode();
        $envelope = is_array($body) && is_string($body['error_code'] ?? null) ? $body : null;
        $code = $envelope['error_code'] ?? Operations::CODE_FOR_STATUS[$status] ?? 'KRSKIT_INTERNAL_ERROR';
        $desc = is_string($envelope['error_desc'] ?? null) ? $envelope['error_desc'] : $response->getReasonPhrase();
        $detail = null;
        if (is_string($envelope['message'] ?? null)) {
            $detail = $envelope['message'];
        } elseif ($envelope === null && is_string($body) && $body !== '') {
            // The first 500 characters, cut on a character boundary when the text is UTF-8.
            $detail = preg_match('/^.{0,500}/su', $body, $m) === 1 ? $m[0] : substr($body, 0, 500);
        }
        $class = match (true) {
            $status === 400 => KrsBadRequestException::class,
            $status === 401 => KrsAuthenticationException::class,
            $status === 403 => KrsPermissionDeniedException::class,
            $status === 404 => KrsNotFoundException::class,
            $status === 409 => KrsConflictException::class,
            $status === 429 => KrsRateLimitException::class,
            $status >= 500 => KrsServerException::class,
            default => KrsApiException::class,
        };
        return new $class($operation, $status, $code, $desc, $detail, $requestId, $body);
    }
}
