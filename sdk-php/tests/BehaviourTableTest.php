<?php

declare(strict_types=1);

namespace KrsKit\Sdk\Tests;

use KrsKit\Sdk\KrsClient;
use KrsKit\Sdk\Tests\Support\MockProcess;
use KrsKit\Sdk\Tests\Support\Tenant;
use PHPUnit\Framework\TestCase;
use Psr\Http\Client\ClientInterface;
use Psr\Http\Message\RequestInterface;
use Psr\Http\Message\ResponseInterface;

/**
 * The PHP half of the SDK behaviour table (spec/sdk-behaviour.json): every row against the
 * emulator; test/sdk-behaviour.test.ts runs the same rows with the TypeScript SDK. A section
 * or key this runner does not know fails, so a row cannot be skipped by accident.
 */
final class BehaviourTableTest extends TestCase
{
    private const KNOWN = [
        'calls' => ['name', 'operation', 'faults', 'attempts', 'maxRetries', 'error', 'sleeps', 'duplicate'],
        'waits' => ['name', 'clock', 'deliveryIn', 'options', 'polls', 'error', 'phase'],
        'paging' => ['name', 'operation', 'body', 'countOperation', 'countBody', 'firstOffset'],
        'headers' => ['name', 'operation', 'faults', 'attempts', 'expect', 'distinctRequestIds', 'requestId', 'expectRequestIds', 'token', 'headers'],
    ];
    private const WAIT_OPTIONS = ['advanceClock', 'interval', 'timeout'];

    private static ?Tenant $tenant = null;
    private static int $unique = 0;

    /** @return array<string, mixed> */
    private static function table(): array
    {
        return json_decode((string) file_get_contents(MockProcess::repoRoot() . '/spec/sdk-behaviour.json'), true, 512, JSON_THROW_ON_ERROR);
    }

    private static function tenant(): Tenant
    {
        return self::$tenant ??= Tenant::create();
    }

    /** @return array<string, array{array<string, mixed>}> */
    private static function rows(string $section): array
    {
        $out = [];
        foreach (self::table()[$section] as $row) {
            $out[$row['name']] = [$row];
        }
        return $out;
    }

    /** @return array<string, array{array<string, mixed>}> */
    public static function calls(): array
    {
        return self::rows('calls');
    }

    /** @return array<string, array{array<string, mixed>}> */
    public static function waits(): array
    {
        return self::rows('waits');
    }

    /** @return array<string, array{array<string, mixed>}> */
    public static function paging(): array
    {
        return self::rows('paging');
    }

    /** @return array<string, array{array<string, mixed>}> */
    public static function headers(): array
    {
        return self::rows('headers');
    }

    public function testTheTableHasOnlyTheSectionsAndKeysThisRunnerKnows(): void
    {
        $table = self::table();
        unset($table['$comment']);
        self::assertSame(['constants', ...array_keys(self::KNOWN)], array_keys($table));
        foreach (self::KNOWN as $section => $keys) {
            foreach ($table[$section] as $row) {
                self::assertSame([], array_values(array_diff(array_keys($row), $keys)), "{$section}: {$row['name']}");
            }
        }
    }

    public function testTheWaitConstants(): void
    {
        $c = self::table()['constants'];
        $keys = array_keys($c);
        sort($keys);
        self::assertSame(['pageStep', 'waitIntervalSeconds', 'waitMinIntervalSeconds', 'waitTimeoutSeconds'], $keys);
        self::assertSame($c['waitTimeoutSeconds'], KrsClient::DEFAULT_WAIT_TIMEOUT);
        self::assertSame($c['waitIntervalSeconds'], KrsClient::DEFAULT_POLL_INTERVAL);
        self::assertSame($c['waitMinIntervalSeconds'], KrsClient::MIN_POLL_INTERVAL);
    }

    /** @return array<string, mixed> */
    private static function body(string $operation): array
    {
        return match ($operation) {
            'get_member_tables' => [],
            'add_member' => ['member_table_id' => 1, 'member_info' => ['e_4' => 'behaviour-php-' . ++self::$unique . '@example.com', 'e_5' => 'abcd1234', 'e_6' => '表 太郎']],
            default => throw new \LogicException("the PHP runner has no body for {$operation}"),
        };
    }

    /** @param list<array<string, mixed>>|null $faults */
    private static function prepare(string $operation, ?array $faults): void
    {
        $t = self::tenant();
        $t->clearFaults();
        $t->clearJournal();
        foreach ($faults ?? [] as $fault) {
            $t->addFault(['operation' => $operation] + $fault);
        }
    }

    /** @param array{ts: string, php: string, status?: int, code?: string} $want */
    private static function assertError(?\Throwable $e, array $want): void
    {
        self::assertNotNull($e, 'an exception');
        self::assertSame('KrsKit\\Sdk\\Exception\\' . $want['php'], $e::class, (string) $e);
        if (isset($want['status'])) {
            self::assertSame($want['status'], $e->status);
        }
        if (isset($want['code'])) {
            self::assertSame($want['code'], $e->errorCode);
        }
    }

    /**
     * @dataProvider calls
     * @param array<string, mixed> $row
     */
    public function testCall(array $row): void
    {
        $operation = $row['operation'];
        $sleeps = [];
        $krs = self::tenant()->client([
            'maxRetries' => $row['maxRetries'] ?? 2,
            'retryBaseDelay' => 0.001,
            'retrySleep' => static function (float $seconds) use (&$sleeps): void {
                $sleeps[] = $seconds;
            },
        ]);
        $body = self::body($operation);
        if (($row['duplicate'] ?? false) === true) {
            $krs->call($operation, $body);
        }
        self::prepare($operation, $row['faults'] ?? null);
        $error = null;
        try {
            $krs->call($operation, $body);
        } catch (\Throwable $e) {
            $error = $e;
        }
        if (isset($row['error'])) {
            self::assertError($error, $row['error']);
        } else {
            self::assertNull($error, (string) $error);
        }
        self::assertCount($row['attempts'], self::tenant()->journal($operation));
        if (isset($row['sleeps'])) {
            self::assertEquals($row['sleeps'], $sleeps);
        }
    }

    /**
     * @dataProvider waits
     * @param array<string, mixed> $row
     */
    public function testWait(array $row): void
    {
        $options = $row['options'];
        self::assertSame([], array_values(array_diff(array_keys($options), self::WAIT_OPTIONS)));
        $t = self::tenant();
        $t->clock(['mode' => $row['clock']]);
        $krs = $t->client();
        $now = $t->clock()['now'];
        $message = $krs->addMailMessage([
            'member_table_id' => 1,
            'mail_info' => ['type' => 1, 'from' => 'info@example.com', 'subject' => '表の配信', 'text_part' => "本文\n"],
        ]);
        $delivery = $krs->addDeliverySchedule([
            'mail_message_id' => $message,
            'delivery_info' => ['title' => '表の配信', 'condition_id' => 1, 'element_id' => 4, 'delivery_date' => $now + $row['deliveryIn']],
        ]);
        $t->clearJournal();
        $error = null;
        $status = null;
        try {
            $status = $krs->waitForDelivery($delivery, $options);
        } catch (\Throwable $e) {
            $error = $e;
        }
        if (isset($row['error'])) {
            self::assertError($error, $row['error']);
        } else {
            self::assertNull($error, (string) $error);
            self::assertSame($row['phase'], $status[0] ?? null);
        }
        if (isset($row['polls'])) {
            self::assertCount($row['polls'], $t->journal('get_delivery_status'));
        }
    }

    /**
     * @dataProvider paging
     * @param array<string, mixed> $row
     */
    public function testPaging(array $row): void
    {
        $step = self::table()['constants']['pageStep'];
        $t = self::tenant();
        $krs = $t->client();
        $count = $krs->call($row['countOperation'], $row['countBody']);
        $t->clearJournal();
        $items = iterator_to_array($krs->paginate($row['operation'], $row['body']), false);
        $first = $row['firstOffset'];
        $offsets = array_map(static fn (array $e): int => $e['request']['offset'], $t->journal($row['operation']));
        self::assertCount(max(0, $count - $first), $items);
        self::assertSame(range($first, $first + $step * intdiv($count - $first, $step), $step), $offsets);
    }

    /**
     * @dataProvider headers
     * @param array<string, mixed> $row
     */
    public function testHeaders(array $row): void
    {
        $t = self::tenant();
        $operation = $row['operation'];
        $sub = static fn (string $s): string => str_replace('{token}', $t->token(), $s);
        $recorder = new class (new \GuzzleHttp\Client(['http_errors' => false])) implements ClientInterface {
            /** @var list<RequestInterface> */
            public array $seen = [];

            public function __construct(private readonly ClientInterface $inner)
            {
            }

            public function sendRequest(RequestInterface $request): ResponseInterface
            {
                $this->seen[] = $request;
                return $this->inner->sendRequest($request);
            }
        };
        $krs = KrsClient::create([
            'baseUrl' => $t->baseUrl,
            'token' => $row['token'] ?? $t->token(),
            'headers' => array_map($sub, $row['headers'] ?? []),
            'httpClient' => $recorder,
            'retryBaseDelay' => 0.001,
            'retrySleep' => static function (float $s): void {
            },
        ]);
        self::prepare($operation, $row['faults'] ?? null);
        if (isset($row['requestId'])) {
            $krs = $krs->withOptions(['requestId' => $row['requestId']]);
        }
        $krs->call($operation, self::body($operation));
        self::assertCount($row['attempts'], $recorder->seen);
        self::assertCount($row['attempts'], $t->journal($operation));
        foreach ($recorder->seen as $sent) {
            foreach ($row['expect'] ?? [] as $name => $pattern) {
                self::assertMatchesRegularExpression('/' . str_replace('/', '\\/', $sub($pattern)) . '/', $sent->getHeaderLine($name), $name);
            }
        }
        $ids = array_map(static fn (RequestInterface $r): string => $r->getHeaderLine('x-request-id'), $recorder->seen);
        if (($row['distinctRequestIds'] ?? false) === true) {
            self::assertCount(count($ids), array_unique($ids));
        }
        if (isset($row['expectRequestIds'])) {
            self::assertSame($row['expectRequestIds'], $ids);
        }
    }
}
