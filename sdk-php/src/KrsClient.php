<?php

declare(strict_types=1);

namespace KrsKit\Sdk;

use KrsKit\Sdk\Exception\KrsConfigurationException;
use KrsKit\Sdk\Exception\KrsException;
use KrsKit\Sdk\Exception\KrsFileTooLargeException;
use KrsKit\Sdk\Exception\KrsInvalidArgumentException;
use KrsKit\Sdk\Exception\KrsTimeoutException;
use KrsKit\Sdk\Generated\OperationMethods;
use KrsKit\Sdk\Generated\Operations;
use KrsKit\Sdk\Internal\RetryPolicy;
use KrsKit\Sdk\Internal\Transport;
use Psr\Http\Client\ClientInterface;
use Psr\Http\Message\RequestFactoryInterface;
use Psr\Http\Message\StreamFactoryInterface;

/**
 * The KREISEL JSON API client: one method per operation (generated from the contract),
 * `call()` for any operation by name, and helpers for paging, waiting and files.
 * Results are plain PHP arrays (or ints, strings, bools) as the service sends them.
 */
final class KrsClient
{
    use OperationMethods;

    public const VERSION = '0.1.0';

    /** `upload_stored_files` takes bodies under 50 MB. */
    public const STORED_FILE_LIMIT_BYTES = 50 * 1024 * 1024;

    /** The documented minimum interval between two status reads, in seconds. */
    public const DEFAULT_POLL_INTERVAL = 30;

    private const OPTIONS = [
        'baseUrl', 'environmentId', 'token', 'timeout', 'maxRetries', 'retryBaseDelay', 'retryMaxDelay',
        'headers', 'httpClient', 'requestFactory', 'streamFactory', 'retrySleep',
    ];

    private function __construct(private readonly Transport $transport, public readonly string $baseUrl)
    {
    }

    /**
     * @param array{
     *   baseUrl?: string,
     *   environmentId?: string,
     *   token?: string|null,
     *   timeout?: int|float|null,
     *   maxRetries?: int,
     *   retryBaseDelay?: int|float,
     *   retryMaxDelay?: int|float,
     *   headers?: array<string, string>,
     *   httpClient?: ClientInterface,
     *   requestFactory?: RequestFactoryInterface,
     *   streamFactory?: StreamFactoryInterface,
     *   retrySleep?: callable(float): void,
     * } $options `baseUrl` (any server that speaks the API, e.g. krs-mock) or `environmentId`
     *   (https://krs.bz/{environmentId}); else KRS_BASE_URL or KRS_ENVIRONMENT_ID. `token`
     *   defaults to KRS_API_TOKEN. `timeout` in seconds for one call, retries included
     *   (default 60, null for none). `maxRetries` (default 2), `retryBaseDelay` (0.5 s) and
     *   `retryMaxDelay` (30 s) shape the retries.
     * @throws KrsConfigurationException
     */
    public static function create(array $options = []): self
    {
        foreach (array_keys($options) as $key) {
            if (!in_array($key, self::OPTIONS, true)) {
                throw new KrsConfigurationException(
                    "KrsClient::create: unknown option '{$key}' (known: " . implode(', ', self::OPTIONS) . ')',
                );
            }
        }
        $baseUrl = self::baseUrl($options);
        $token = $options['token'] ?? self::env('KRS_API_TOKEN');
        $timeout = array_key_exists('timeout', $options) ? $options['timeout'] : 60;
        if ($timeout !== null && (!is_int($timeout) && !is_float($timeout) || $timeout <= 0)) {
            throw new KrsConfigurationException('KrsClient::create: timeout must be a positive number of seconds or null');
        }
        $maxRetries = $options['maxRetries'] ?? 2;
        if (!is_int($maxRetries) || $maxRetries < 0) {
            throw new KrsConfigurationException('KrsClient::create: maxRetries must be an integer >= 0');
        }
        [$http, $requests, $streams] = self::httpStack($options, $timeout);
        $headers = [
            'content-type' => 'application/json',
            'accept' => 'application/json',
            'user-agent' => 'krs-kit-sdk-php/' . self::VERSION . ' php/' . PHP_VERSION,
        ];
        if (!is_array($options['headers'] ?? [])) {
            throw new KrsConfigurationException('KrsClient::create: headers must be an array of name => value');
        }
        foreach ($options['headers'] ?? [] as $name => $value) {
            $headers[strtolower((string) $name)] = (string) $value;
        }
        $retry = new RetryPolicy(
            $maxRetries,
            (float) ($options['retryBaseDelay'] ?? 0.5),
            (float) ($options['retryMaxDelay'] ?? 30),
            static fn (): float => mt_rand() / (mt_getrandmax() + 1),
        );
        $sleep = isset($options['retrySleep'])
            ? \Closure::fromCallable($options['retrySleep'])
            : static function (float $seconds): void {
                usleep((int) round($seconds * 1_000_000));
            };
        $transport = new Transport(
            $baseUrl,
            is_string($token) && $token !== '' ? $token : null,
            $http,
            $requests,
            $streams,
            $headers,
            $timeout === null ? null : (float) $timeout,
            $retry,
            $sleep,
        );
        return new self($transport, $baseUrl);
    }

    /**
     * Calls any operation by its API name (`get_member_tables`, ...). JSON objects in the
     * answer are associative arrays; send an empty JSON object inside a body as `new \stdClass()`.
     *
     * @param array<string, mixed> $body
     * @throws KrsException
     */
    public function call(string $apiName, array $body = []): mixed
    {
        return $this->transport->send($apiName, $body);
    }

    /**
     * Every item of every page of a paged operation, from `$body['offset']` (default 0) on,
     * moving the offset by the operation's step from the contract. A list page ends the
     * walk when it is shorter than the step; an object page (member ID => images) only when
     * it is empty, and its items keep their keys.
     *
     * @param array<string, mixed> $body
     * @return \Generator<int|string, mixed>
     * @throws KrsException
     */
    public function paginate(string $apiName, array $body = []): \Generator
    {
        $step = Operations::ALL[$apiName]['pageStep'] ?? null;
        if ($step === null) {
            throw new KrsInvalidArgumentException("{$apiName} is not a paged operation");
        }
        $offset = (int) ($body['offset'] ?? 0);
        while (true) {
            $page = $this->call($apiName, ['offset' => $offset] + $body);
            if (!is_array($page) || $page === []) {
                return;
            }
            if (array_is_list($page)) {
                yield from $page;
                if (count($page) < $step) {
                    return;
                }
            } else {
                foreach ($page as $key => $item) {
                    yield $key => $item;
                }
            }
            $offset += $step;
        }
    }

    /**
     * Reads `get_delivery_status` until the delivery reaches `phase` (default 3, hand-over
     * finished) and returns that status (`[phase, info]`).
     *
     * @param array{phase?: int, timeout?: int|null, interval?: int, sleep?: callable(int): void, onProgress?: callable(mixed, int): void} $options
     *   `interval` seconds between reads (default 30); `timeout` the most seconds to wait in
     *   total (default: as long as it takes); `sleep` waits between reads (default PHP's
     *   sleep; a test passes one that advances the emulator's clock).
     * @return array{0: int, 1: string}
     * @throws KrsException
     */
    public function waitForDelivery(int $deliveryId, array $options = []): array
    {
        $phase = $options['phase'] ?? 3;
        unset($options['phase']);
        /** @var array{0: int, 1: string} */
        return $this->pollUntil(
            'get_delivery_status',
            ['delivery_id' => $deliveryId],
            static fn (mixed $status): bool => is_array($status) && ($status[0] ?? -1) >= $phase,
            $options,
        );
    }

    /**
     * Reads `get_batch_job_status` until `progress` reaches 100 and returns that status.
     *
     * @param array{timeout?: int|null, interval?: int, sleep?: callable(int): void, onProgress?: callable(mixed, int): void} $options
     * @return array<string, mixed>
     * @throws KrsException
     */
    public function waitForBatchJob(int $batchJobId, array $options = []): array
    {
        /** @var array<string, mixed> */
        return $this->pollUntil(
            'get_batch_job_status',
            ['batch_job_id' => $batchJobId],
            static fn (mixed $status): bool => is_array($status) && ($status['progress'] ?? 0) >= 100,
            $options,
        );
    }

    /**
     * Sends a CSV/TSV file with `upload_stored_files` as UTF-8 text with LF line endings
     * (unless `keepLineEndings`) and returns its `stored_file_id`. Refuses a body of 50 MB or
     * more, or one that is not UTF-8, before sending anything.
     *
     * @param array{keepLineEndings?: bool} $options
     * @throws KrsException
     */
    public function uploadStoredFile(string $fileName, string $content, array $options = []): int
    {
        if (preg_match('//u', $content) !== 1) {
            throw new KrsInvalidArgumentException('upload_stored_files: the file is not UTF-8 text');
        }
        if (($options['keepLineEndings'] ?? false) !== true) {
            $content = str_replace("\r\n", "\n", $content);
        }
        if (strlen($content) >= self::STORED_FILE_LIMIT_BYTES) {
            throw new KrsFileTooLargeException(strlen($content), self::STORED_FILE_LIMIT_BYTES);
        }
        return $this->uploadStoredFiles(['file_name' => $fileName, 'body' => $content]);
    }

    /**
     * The result file of a finished batch job (`get_batch_job_result`): the CSV text.
     *
     * @throws KrsException
     */
    public function downloadBatchJobResult(int $batchJobId): string
    {
        return $this->getBatchJobResult(['batch_job_id' => $batchJobId]);
    }

    /**
     * @param array<string, mixed> $body
     * @param callable(mixed): bool $done
     * @param array<string, mixed> $options
     */
    private function pollUntil(string $operation, array $body, callable $done, array $options): mixed
    {
        foreach (array_keys($options) as $key) {
            if (!in_array($key, ['timeout', 'interval', 'sleep', 'onProgress'], true)) {
                throw new KrsInvalidArgumentException("{$operation}: unknown wait option '{$key}'");
            }
        }
        $interval = $options['interval'] ?? self::DEFAULT_POLL_INTERVAL;
        $timeout = $options['timeout'] ?? null;
        $sleep = $options['sleep'] ?? static function (int $seconds): void {
            sleep($seconds);
        };
        $onProgress = $options['onProgress'] ?? null;
        $waited = 0;
        for ($poll = 0; ; $poll++) {
            $status = $this->call($operation, $body);
            if ($onProgress !== null) {
                $onProgress($status, $poll);
            }
            if ($done($status)) {
                return $status;
            }
            if ($timeout !== null && $waited + $interval > $timeout) {
                throw new KrsTimeoutException("{$operation}: not done after waiting {$waited} s (timeout {$timeout} s)", $operation);
            }
            $sleep($interval);
            $waited += $interval;
        }
    }

    /** @param array<string, mixed> $options */
    private static function baseUrl(array $options): string
    {
        if (isset($options['baseUrl'])) {
            $url = $options['baseUrl'];
        } elseif (isset($options['environmentId'])) {
            $url = 'https://krs.bz/' . rawurlencode((string) $options['environmentId']);
        } elseif (($fromEnv = self::env('KRS_BASE_URL')) !== null) {
            $url = $fromEnv;
        } elseif (($envId = self::env('KRS_ENVIRONMENT_ID')) !== null) {
            $url = 'https://krs.bz/' . rawurlencode($envId);
        } else {
            throw new KrsConfigurationException(
                'KrsClient::create: give environmentId or baseUrl (or set KRS_ENVIRONMENT_ID or KRS_BASE_URL)',
            );
        }
        if (!is_string($url) || preg_match('#^https?://#', $url) !== 1) {
            throw new KrsConfigurationException('KrsClient::create: baseUrl must be an http:// or https:// URL');
        }
        return rtrim($url, '/');
    }

    private static function env(string $name): ?string
    {
        $value = getenv($name);
        return $value === false || $value === '' ? null : $value;
    }

    /**
     * The PSR-18 client and PSR-17 factories: the given ones, else Guzzle's.
     *
     * @param array<string, mixed> $options
     * @return array{ClientInterface, RequestFactoryInterface, StreamFactoryInterface}
     */
    private static function httpStack(array $options, int|float|null $timeout): array
    {
        $guzzle = class_exists(\GuzzleHttp\Client::class) && class_exists(\GuzzleHttp\Psr7\HttpFactory::class);
        $factory = $guzzle ? new \GuzzleHttp\Psr7\HttpFactory() : null;
        $http = $options['httpClient'] ?? ($guzzle ? new \GuzzleHttp\Client([
            'timeout' => $timeout ?? 0,
            'connect_timeout' => $timeout === null ? 10 : min(10, $timeout),
            'http_errors' => false,
        ]) : null);
        $requests = $options['requestFactory'] ?? $factory;
        $streams = $options['streamFactory'] ?? $factory;
        if ($http === null || $requests === null || $streams === null) {
            throw new KrsConfigurationException(
                'KrsClient::create: no HTTP client: install Guzzle (composer require guzzlehttp/guzzle) or pass '
                . 'httpClient (PSR-18), requestFactory and streamFactory (PSR-17)',
            );
        }
        if (!$http instanceof ClientInterface) {
            throw new KrsConfigurationException('KrsClient::create: httpClient must implement Psr\Http\Client\ClientInterface');
        }
        if (!$requests instanceof RequestFactoryInterface || !$streams instanceof StreamFactoryInterface) {
            throw new KrsConfigurationException('KrsClient::create: requestFactory and streamFactory must be PSR-17 factories');
        }
        return [$http, $requests, $streams];
    }
}
