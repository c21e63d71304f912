<?php

declare(strict_types=1);

namespace KrsKit\Sdk;

use KrsKit\Sdk\Exception\KrsConfigurationException;
use KrsKit\Sdk\Exception\KrsException;
use KrsKit\Sdk\Exception\KrsFileTooLargeException;
use KrsKit\Sdk\Exception\KrsInvalidArgumentException;
use KrsKit\Sdk\Exception\KrsTimeoutException;
use KrsKit\Sdk\Exception\KrsWaitStalledException;
use KrsKit\Sdk\Generated\KrsClientInterface;
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
 * Results are plain PHP arrays (or ints, strings, bools) as the service sends them;
 * `withResponse()` gives a client whose calls return a `KrsResponse` (status, headers, request
 * id) instead, `withOptions()` one with other timeout, retries, headers or request id.
 * Code that takes a `KrsClientInterface` can be given a test double instead.
 */
final class KrsClient implements KrsClientInterface
{
    use OperationMethods;

    public const VERSION = '0.1.0';

    /** `upload_stored_files` takes bodies under 50 MB. */
    public const STORED_FILE_LIMIT_BYTES = 50 * 1024 * 1024;

    /** The documented minimum interval between two status reads, in seconds (the waits' default). */
    public const DEFAULT_POLL_INTERVAL = 30;

    /** The interval against the krs-kit emulator with a real clock, which answers at once. */
    public const EMULATOR_POLL_INTERVAL = 0.25;

    /** The shortest interval a wait accepts, in seconds. */
    public const MIN_POLL_INTERVAL = 1;

    /** How long a wait lasts when `timeout` is not given: one hour. */
    public const DEFAULT_WAIT_TIMEOUT = 3600;

    /** With `advanceClock`, how much emulator time a wait may move when `timeout` is not given: 7 days. */
    public const ADVANCE_CLOCK_LIMIT = 7 * 86400;

    private const OPTIONS = [
        'baseUrl', 'environmentId', 'token', 'timeout', 'maxRetries', 'retryBaseDelay', 'retryMaxDelay',
        'headers', 'httpClient', 'requestFactory', 'streamFactory', 'retrySleep', 'logger', 'onRequest',
        'onResponse',
    ];

    /** What `withOptions()` may change. */
    private const CALL_OPTIONS = [
        'timeout', 'maxRetries', 'retryBaseDelay', 'retryMaxDelay', 'headers', 'requestId', 'retrySleep',
        'logger', 'onRequest', 'onResponse',
    ];

    private const WAIT_OPTIONS = ['timeout', 'interval', 'sleep', 'onProgress', 'advanceClock'];

    /** A header name (RFC 9110 token). */
    private const HEADER_NAME = "/^[!#$%&'*+.^_`|~0-9A-Za-z-]+\\z/";

    /**
     * @param array<string, mixed> $settings the validated settings `withOptions()` starts from
     */
    private function __construct(
        private readonly Transport $transport,
        public readonly string $baseUrl,
        private readonly array $settings,
        private readonly bool $returnResponse = false,
    ) {
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
     *   logger?: \Psr\Log\LoggerInterface,
     *   onRequest?: callable(\Psr\Http\Message\RequestInterface, array{operation: string, attempt: int}): (\Psr\Http\Message\RequestInterface|null),
     *   onResponse?: callable(\Psr\Http\Message\ResponseInterface, array{operation: string, attempt: int, request: \Psr\Http\Message\RequestInterface}): (\Psr\Http\Message\ResponseInterface|null),
     * } $options `baseUrl` (any server that speaks the API, e.g. krs-mock) or `environmentId`
     *   (https://krs.bz/{environmentId}); else KRS_BASE_URL or KRS_ENVIRONMENT_ID. `token`
     *   defaults to KRS_API_TOKEN. `timeout` in seconds for one call, retries included
     *   (default 60, null for none). `maxRetries` (default 2), `retryBaseDelay` (0.5 s) and
     *   `retryMaxDelay` (30 s) shape the retries. `headers` are sent with every request and win
     *   over the SDK's own (`Authorization`, `User-Agent`, `Content-Type`, `Accept`,
     *   `X-Request-Id`). `logger` (PSR-3) gets a debug line per attempt and an info line per
     *   retry; `onRequest` may return a replacement request, `onResponse` a replacement response.
     * @throws KrsConfigurationException for any option it cannot use; nothing is sent
     */
    public static function create(array $options = []): self
    {
        self::refuseUnknown($options, self::OPTIONS, 'KrsClient::create');
        $baseUrl = self::baseUrl($options);
        $token = array_key_exists('token', $options) && $options['token'] !== null ? $options['token'] : self::env('KRS_API_TOKEN');
        if ($token !== null && (!is_string($token) || preg_match('/[\x00-\x1f\x7f]/', $token) === 1)) {
            throw new KrsConfigurationException('KrsClient::create: token must be a string without control characters (a line break in a token would end the header)');
        }
        $settings = self::callSettings($options, [
            'timeout' => 60,
            'maxRetries' => 2,
            'retryBaseDelay' => 0.5,
            'retryMaxDelay' => 30,
            'headers' => [],
            'requestId' => null,
            'retrySleep' => null,
            'logger' => null,
            'onRequest' => null,
            'onResponse' => null,
        ], 'KrsClient::create');
        [$http, $requests, $streams] = self::httpStack($options, $settings['timeout']);
        $own = [
            'content-type' => 'application/json',
            'accept' => 'application/json',
            'user-agent' => 'krs-kit-sdk-php/' . self::VERSION . ' php/' . PHP_VERSION,
        ];
        if (is_string($token) && $token !== '') {
            $own['authorization'] = "Bearer {$token}";
        }
        $settings['ownHeaders'] = $own;
        $transport = new Transport(
            $baseUrl,
            is_string($token) && $token !== '' ? $token : null,
            $http,
            $requests,
            $streams,
            $settings['headers'] + $own,
            $settings['timeout'] === null ? null : (float) $settings['timeout'],
            self::retryPolicy($settings),
            self::retrySleep($settings),
            $settings['requestId'],
            $settings['logger'],
            $settings['onRequest'],
            $settings['onResponse'],
        );
        return new self($transport, $baseUrl, $settings);
    }

    /**
     * The same client with other settings for the calls made through it: `timeout`,
     * `maxRetries`, `retryBaseDelay`, `retryMaxDelay`, `headers` (added to the client's),
     * `requestId` (the `X-Request-Id` of a call's first attempt; retries get `<id>.1`, ...),
     * `retrySleep`, `logger`, `onRequest`, `onResponse`. This client is not changed.
     *
     * @param array<string, mixed> $options
     * @throws KrsConfigurationException
     */
    public function withOptions(array $options): static
    {
        self::refuseUnknown($options, self::CALL_OPTIONS, 'KrsClient::withOptions');
        $headers = $options['headers'] ?? [];
        unset($options['headers']);
        $settings = self::callSettings($options, $this->settings, 'KrsClient::withOptions');
        $settings['headers'] = self::headers($headers, 'KrsClient::withOptions') + $this->settings['headers'];
        $transport = $this->transport->with(
            $settings['timeout'] === null ? null : (float) $settings['timeout'],
            self::retryPolicy($settings),
            self::retrySleep($settings),
            $settings['headers'] + $this->settings['ownHeaders'],
            $settings['requestId'],
            $settings['logger'],
            $settings['onRequest'],
            $settings['onResponse'],
        );
        return new static($transport, $this->baseUrl, $settings, $this->returnResponse);
    }

    /**
     * The same client, whose calls return a `KrsResponse` (the value as `data`, with the
     * status, the headers and the request id) instead of the value alone:
     * `$krs->withResponse()->addMember([...])->requestId`.
     */
    public function withResponse(): static
    {
        return new static($this->transport, $this->baseUrl, $this->settings, true);
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
        $response = $this->transport->send($apiName, $body);
        return $this->returnResponse ? $response : $response->data;
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
        $offset = $body['offset'] ?? 0;
        if (!is_int($offset) || $offset < 0) {
            throw new KrsInvalidArgumentException("{$apiName}: offset must be an integer >= 0");
        }
        while (true) {
            $page = $this->transport->send($apiName, ['offset' => $offset] + $body)->data;
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
     * @param array{phase?: int, timeout?: int|float, interval?: int|float, sleep?: callable(int|float): void, onProgress?: callable(mixed, int): void, advanceClock?: bool} $options
     *   `interval` seconds between reads (at least 1; default 30, or 0.25 against the krs-kit
     *   emulator with a real clock); `timeout` the most seconds to wait in total (default 3600;
     *   `INF` waits as long as it takes); `sleep` waits between reads (default `usleep`).
     *   Against the emulator with a manual clock the wait fails at once with
     *   `KrsWaitStalledException`, unless `advanceClock` is true: then it moves the emulator's
     *   clock by the interval before each read instead of sleeping (`timeout` then bounds the
     *   emulator time moved; default 7 days).
     * @return array{0: int, 1: string}
     * @throws KrsException
     */
    public function waitForDelivery(int $deliveryId, array $options = []): array
    {
        $phase = $options['phase'] ?? 3;
        if (!is_int($phase) || $phase < 0 || $phase > 3) {
            throw new KrsInvalidArgumentException('get_delivery_status: phase must be 0, 1, 2 or 3');
        }
        unset($options['phase']);
        /** @var array{0: int, 1: string} */
        return $this->pollUntil(
            'get_delivery_status',
            ['delivery_id' => $deliveryId],
            static fn (mixed $status): bool => is_array($status) && ($status[0] ?? -1) >= $phase,
            "delivery {$deliveryId} did not reach phase {$phase}",
            static fn (mixed $status): string => 'last seen at phase ' . (is_array($status) ? json_encode($status[0] ?? null) : '?'),
            $options,
        );
    }

    /**
     * Reads `get_batch_job_status` until `progress` reaches 100 and returns that status; the
     * same options and rules as `waitForDelivery()`.
     *
     * @param array{timeout?: int|float, interval?: int|float, sleep?: callable(int|float): void, onProgress?: callable(mixed, int): void, advanceClock?: bool} $options
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
            "batch job {$batchJobId} did not finish",
            static fn (mixed $status): string => 'last progress ' . (is_array($status) ? json_encode($status['progress'] ?? null) : '?') . '%',
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
     * One read at once, then one per interval, until `$done`. The same rules as the
     * TypeScript SDK's waits (sdk/src/poll-until.ts) and the rows of spec/sdk-behaviour.json.
     *
     * @param array<string, mixed> $body
     * @param callable(mixed): bool $done
     * @param callable(mixed): string $last
     * @param array<string, mixed> $options
     */
    private function pollUntil(string $operation, array $body, callable $done, string $notReached, callable $last, array $options): mixed
    {
        [$interval, $timeout, $sleep, $onProgress, $advanceClock] = self::waitOptions($operation, $options);
        $deadline = microtime(true) + $timeout;
        $poll = 0;
        $read = function () use ($operation, $body, $onProgress, &$poll): KrsResponse {
            $response = $this->transport->send($operation, $body);
            if ($onProgress !== null) {
                $onProgress($response->data, $poll);
            }
            $poll++;
            return $response;
        };
        $first = $read();
        if ($done($first->data)) {
            return $first->data;
        }
        $status = $first->data;
        $emulator = $first->header('x-krs-emulator') !== '';
        $manual = $emulator && ($this->transport->emulatorAdmin('GET', '/__mock/clock', null, $operation)['mode'] ?? null) === 'manual';
        if ($manual && !$advanceClock) {
            throw new KrsWaitStalledException(
                "{$operation}: {$notReached} and never will: the krs-kit emulator's clock is manual ({$last($status)}). "
                . 'Advance it (POST /__mock/clock {"advance_seconds": 600}, or krs mock clock advance 10m) or pass \'advanceClock\' => true.',
                $operation,
            );
        }
        $interval ??= $emulator && !$manual ? self::EMULATOR_POLL_INTERVAL : self::DEFAULT_POLL_INTERVAL;
        $step = max(1, (int) round($interval));
        $emulatedLimit = $options['timeout'] ?? self::ADVANCE_CLOCK_LIMIT;
        $timedOut = static function (int|float $limit, string $what) use ($operation, $notReached, $last, &$status): KrsTimeoutException {
            return new KrsTimeoutException("{$operation}: {$notReached} within {$limit} s of {$what} ({$last($status)})", $operation);
        };
        for ($moved = 0, $waited = 0; ;) {
            if ($manual) {
                if ($moved >= $emulatedLimit) {
                    throw $timedOut($emulatedLimit, 'emulator time');
                }
                $this->transport->emulatorAdmin('POST', '/__mock/clock', ['advance_seconds' => $step], $operation);
                $moved += $step;
            } else {
                // Both the intervals slept (a test's sleep takes no time) and the wall clock count.
                if ($waited + $interval > $timeout || microtime(true) + $interval > $deadline) {
                    throw $timedOut($timeout, 'waiting');
                }
                $sleep($interval);
                $waited += $interval;
            }
            $status = $read()->data;
            if ($done($status)) {
                return $status;
            }
        }
    }

    /**
     * @param array<string, mixed> $options
     * @return array{0: int|float|null, 1: int|float, 2: callable(int|float): void, 3: (callable(mixed, int): void)|null, 4: bool}
     */
    private static function waitOptions(string $operation, array $options): array
    {
        foreach (array_keys($options) as $key) {
            if (!in_array($key, self::WAIT_OPTIONS, true)) {
                throw new KrsInvalidArgumentException("{$operation}: unknown wait option '{$key}' (known: phase, " . implode(', ', self::WAIT_OPTIONS) . ')');
            }
        }
        $interval = $options['interval'] ?? null;
        if ($interval !== null && (!self::isNumber($interval) || $interval < self::MIN_POLL_INTERVAL)) {
            throw new KrsInvalidArgumentException("{$operation}: interval must be a number of seconds >= " . self::MIN_POLL_INTERVAL);
        }
        $timeout = $options['timeout'] ?? self::DEFAULT_WAIT_TIMEOUT;
        if (!(is_int($timeout) || is_float($timeout)) || is_nan((float) $timeout) || $timeout <= 0) {
            throw new KrsInvalidArgumentException("{$operation}: timeout must be a positive number of seconds (INF for no limit)");
        }
        $sleep = $options['sleep'] ?? static function (int|float $seconds): void {
            usleep((int) round($seconds * 1_000_000));
        };
        if (!is_callable($sleep)) {
            throw new KrsInvalidArgumentException("{$operation}: sleep must be callable");
        }
        $onProgress = $options['onProgress'] ?? null;
        if ($onProgress !== null && !is_callable($onProgress)) {
            throw new KrsInvalidArgumentException("{$operation}: onProgress must be callable");
        }
        $advanceClock = $options['advanceClock'] ?? false;
        if (!is_bool($advanceClock)) {
            throw new KrsInvalidArgumentException("{$operation}: advanceClock must be true or false");
        }
        return [$interval, $timeout, $sleep, $onProgress, $advanceClock];
    }

    /** A finite int or float. */
    private static function isNumber(mixed $value): bool
    {
        return is_int($value) || (is_float($value) && is_finite($value));
    }

    /**
     * @param array<string, mixed> $options
     * @param list<string> $known
     */
    private static function refuseUnknown(array $options, array $known, string $where): void
    {
        foreach (array_keys($options) as $key) {
            if (!in_array($key, $known, true)) {
                throw new KrsConfigurationException("{$where}: unknown option '{$key}' (known: " . implode(', ', $known) . ')');
            }
        }
    }

    /**
     * The settings of the calls (timeout, retries, headers, hooks), validated, over `$base`.
     *
     * @param array<string, mixed> $options
     * @param array<string, mixed> $base
     * @return array<string, mixed>
     */
    private static function callSettings(array $options, array $base, string $where): array
    {
        $s = $base;
        if (array_key_exists('timeout', $options)) {
            $timeout = $options['timeout'];
            if ($timeout !== null && (!self::isNumber($timeout) || $timeout <= 0)) {
                throw new KrsConfigurationException("{$where}: timeout must be a positive number of seconds or null");
            }
            $s['timeout'] = $timeout;
        }
        if (array_key_exists('maxRetries', $options)) {
            if (!is_int($options['maxRetries']) || $options['maxRetries'] < 0) {
                throw new KrsConfigurationException("{$where}: maxRetries must be an integer >= 0");
            }
            $s['maxRetries'] = $options['maxRetries'];
        }
        foreach (['retryBaseDelay', 'retryMaxDelay'] as $key) {
            if (array_key_exists($key, $options)) {
                if (!self::isNumber($options[$key]) || $options[$key] < 0) {
                    throw new KrsConfigurationException("{$where}: {$key} must be a number of seconds >= 0");
                }
                $s[$key] = $options[$key];
            }
        }
        if (array_key_exists('headers', $options)) {
            $s['headers'] = self::headers($options['headers'], $where);
        }
        if (array_key_exists('requestId', $options)) {
            $id = $options['requestId'];
            if ($id !== null && (!is_string($id) || preg_match('/^[\x21-\x7e]{1,200}$/', $id) !== 1)) {
                throw new KrsConfigurationException("{$where}: requestId must be 1 to 200 visible ASCII characters");
            }
            $s['requestId'] = $id;
        }
        foreach (['retrySleep', 'onRequest', 'onResponse'] as $key) {
            if (array_key_exists($key, $options)) {
                if ($options[$key] !== null && !is_callable($options[$key])) {
                    throw new KrsConfigurationException("{$where}: {$key} must be callable");
                }
                $s[$key] = $options[$key] === null ? null : \Closure::fromCallable($options[$key]);
            }
        }
        if (array_key_exists('logger', $options)) {
            $logger = $options['logger'];
            $psr = interface_exists(\Psr\Log\LoggerInterface::class) && $logger instanceof \Psr\Log\LoggerInterface;
            if ($logger !== null && !$psr) {
                throw new KrsConfigurationException("{$where}: logger must implement Psr\\Log\\LoggerInterface");
            }
            $s['logger'] = $logger;
        }
        return $s;
    }

    /**
     * Header names and values as they can be sent: names are tokens, values strings or
     * numbers without line breaks. Lower-case names.
     *
     * @return array<string, string>
     */
    private static function headers(mixed $headers, string $where): array
    {
        if (!is_array($headers)) {
            throw new KrsConfigurationException("{$where}: headers must be an array of name => value");
        }
        $out = [];
        foreach ($headers as $name => $value) {
            if (!is_string($name) || preg_match(self::HEADER_NAME, $name) !== 1) {
                throw new KrsConfigurationException("{$where}: header name " . json_encode($name) . ' is not a valid HTTP header name');
            }
            if (!is_string($value) && !is_int($value) && !is_float($value)) {
                throw new KrsConfigurationException("{$where}: the value of header '{$name}' must be a string, not " . get_debug_type($value));
            }
            $value = (string) $value;
            if (preg_match('/[\x00-\x08\x0a-\x1f\x7f]/', $value) === 1) {
                throw new KrsConfigurationException("{$where}: the value of header '{$name}' contains a line break or control character");
            }
            $out[strtolower($name)] = $value;
        }
        return $out;
    }

    /** @param array<string, mixed> $s */
    private static function retryPolicy(array $s): RetryPolicy
    {
        return new RetryPolicy(
            $s['maxRetries'],
            (float) $s['retryBaseDelay'],
            (float) $s['retryMaxDelay'],
            static fn (): float => mt_rand() / (mt_getrandmax() + 1),
        );
    }

    /** @param array<string, mixed> $s */
    private static function retrySleep(array $s): \Closure
    {
        return $s['retrySleep'] ?? static function (float $seconds): void {
            usleep((int) round($seconds * 1_000_000));
        };
    }

    /** @param array<string, mixed> $options */
    private static function baseUrl(array $options): string
    {
        if (isset($options['baseUrl'])) {
            $url = $options['baseUrl'];
        } elseif (isset($options['environmentId'])) {
            if (!is_string($options['environmentId']) || $options['environmentId'] === '') {
                throw new KrsConfigurationException('KrsClient::create: environmentId must be a non-empty string');
            }
            $url = 'https://krs.bz/' . rawurlencode($options['environmentId']);
        } elseif (($fromEnv = self::env('KRS_BASE_URL')) !== null) {
            $url = $fromEnv;
        } elseif (($envId = self::env('KRS_ENVIRONMENT_ID')) !== null) {
            $url = 'https://krs.bz/' . rawurlencode($envId);
        } else {
            throw new KrsConfigurationException(
                'KrsClient::create: give environmentId or baseUrl (or set KRS_ENVIRONMENT_ID or KRS_BASE_URL)',
            );
        }
        $parts = is_string($url) ? parse_url($url) : false;
        if (
            !is_string($url) || preg_match('#^https?://#i', $url) !== 1 || $parts === false
            || ($parts['host'] ?? '') === '' || preg_match('/[\x00-\x20\x7f]/', $url) === 1
        ) {
            throw new KrsConfigurationException('KrsClient::create: baseUrl must be an http:// or https:// URL with a host, e.g. http://127.0.0.1:4010, not ' . json_encode($url));
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
