<?php

declare(strict_types=1);

namespace KrsKit\Sdk\Tests;

use KrsKit\Sdk\Exception\KrsNetworkException;
use KrsKit\Sdk\Exception\KrsServerException;
use KrsKit\Sdk\Exception\KrsTimeoutException;
use KrsKit\Sdk\KrsClient;
use KrsKit\Sdk\Tests\Support\Tenant;
use PHPUnit\Framework\TestCase;

/**
 * The retry policy against the emulator's fault injection: reads are repeated on 429 and
 * 502/503/504, writes only when the request certainly did not reach the server.
 */
final class RetryTest extends TestCase
{
    private static Tenant $tenant;
    /** @var list<float> the waits the client asked for */
    private array $sleeps = [];

    public static function setUpBeforeClass(): void
    {
        self::$tenant = Tenant::create();
    }

    protected function setUp(): void
    {
        self::$tenant->clearFaults();
        self::$tenant->clearJournal();
        $this->sleeps = [];
    }

    /** @param array<string, mixed> $options */
    private function client(array $options = []): KrsClient
    {
        return self::$tenant->client($options + [
            'retryBaseDelay' => 0.01,
            'retrySleep' => function (float $seconds): void {
                $this->sleeps[] = $seconds;
            },
        ]);
    }

    public function testAReadAnswered503IsRetriedWithANewRequestIdEachTime(): void
    {
        self::$tenant->addFault(['operation' => 'get_member_tables', 'status' => 503, 'count' => 2]);
        $tables = $this->client()->getMemberTables();
        self::assertSame(1, $tables[0]['id']);
        $entries = self::$tenant->journal('get_member_tables');
        self::assertSame([503, 503, 200], array_column($entries, 'status'));
        $ids = array_column($entries, 'id');
        self::assertCount(3, array_unique($ids));
        foreach ($ids as $id) {
            self::assertMatchesRegularExpression('/^sdk-[0-9a-z]{8}-[0-9a-z]+$/', $id);
        }
        self::assertCount(2, $this->sleeps);
        // Equal jitter: between half and all of 0.01 s, then of 0.02 s.
        self::assertGreaterThanOrEqual(0.005, $this->sleeps[0]);
        self::assertLessThanOrEqual(0.01, $this->sleeps[0]);
        self::assertGreaterThanOrEqual(0.01, $this->sleeps[1]);
        self::assertLessThanOrEqual(0.02, $this->sleeps[1]);
    }

    public function testRetriesStopAfterMaxRetries(): void
    {
        self::$tenant->addFault(['operation' => 'get_member_tables', 'status' => 502, 'count' => 5]);
        try {
            $this->client(['maxRetries' => 1])->getMemberTables();
            self::fail('no exception');
        } catch (KrsServerException $e) {
            self::assertSame(502, $e->status);
        }
        self::assertCount(2, self::$tenant->journal('get_member_tables'));
    }

    public function testA429WaitsForRetryAfter(): void
    {
        self::$tenant->addFault(['operation' => 'get_member_tables', 'status' => 429, 'count' => 1]);
        $this->client()->getMemberTables();
        self::assertCount(1, $this->sleeps);
        // The emulator's Retry-After (whole seconds) wins over the 0.01 s backoff.
        self::assertGreaterThanOrEqual(1.0, $this->sleeps[0]);
        self::assertSame((float) (int) $this->sleeps[0], $this->sleeps[0]);
    }

    public function testAWriteAnswered503IsSentOnce(): void
    {
        self::$tenant->addFault(['operation' => 'add_member', 'status' => 503, 'count' => 1]);
        $this->expectException(KrsServerException::class);
        try {
            $this->client()->addMember(['member_table_id' => 1, 'member_info' => ['e_4' => 'w503@example.com', 'e_6' => '一度 太郎']]);
        } finally {
            self::assertCount(1, self::$tenant->journal('add_member'));
            self::assertSame([], $this->sleeps);
        }
    }

    /**
     * Runs $test with a client that reaches the tenant through tests/Support/drop-proxy.php,
     * which drops the connection of the first request after the emulator has answered it.
     *
     * @param callable(KrsClient): void $test
     */
    private function throughDroppingProxy(callable $test): void
    {
        $upstream = (string) parse_url(self::$tenant->baseUrl, PHP_URL_HOST) . ':' . (string) parse_url(self::$tenant->baseUrl, PHP_URL_PORT);
        $process = proc_open(
            [PHP_BINARY, __DIR__ . '/Support/drop-proxy.php', $upstream, '1'],
            [0 => ['file', '/dev/null', 'r'], 1 => ['pipe', 'w'], 2 => ['file', '/dev/null', 'w']],
            $pipes,
        );
        self::assertIsResource($process);
        try {
            $port = (int) fgets($pipes[1]);
            self::assertGreaterThan(0, $port);
            $path = (string) parse_url(self::$tenant->baseUrl, PHP_URL_PATH);
            $test($this->client(['baseUrl' => "http://127.0.0.1:{$port}{$path}"]));
        } finally {
            proc_terminate($process);
            proc_close($process);
        }
    }

    public function testAWriteWhoseConnectionDropsIsSentOnce(): void
    {
        $this->throughDroppingProxy(function (KrsClient $krs): void {
            try {
                $krs->addMember(['member_table_id' => 1, 'member_info' => ['e_4' => 'cut@example.com', 'e_5' => 'abcd1234', 'e_6' => '切断 次郎']]);
                self::fail('no exception');
            } catch (KrsNetworkException $e) {
                self::assertNotInstanceOf(KrsTimeoutException::class, $e);
                self::assertMatchesRegularExpression('/^sdk-[0-9a-z]{8}-1$/', (string) $e->requestId);
            }
        });
        self::assertCount(1, self::$tenant->journal('add_member'));
        self::assertSame([], $this->sleeps);
    }

    public function testAReadWhoseConnectionDropsIsRetried(): void
    {
        $this->throughDroppingProxy(function (KrsClient $krs): void {
            self::assertSame(1, $krs->getMemberTables()[0]['id']);
        });
        self::assertSame([200, 200], array_column(self::$tenant->journal('get_member_tables'), 'status'));
        self::assertCount(1, $this->sleeps);
    }

    public function testAWriteThatTimesOutIsSentOnce(): void
    {
        // The emulator holds the answer for 1.5 s; the client gives up after 0.5 s and drops
        // the connection, after the request reached the server: it must not send it again.
        self::$tenant->addFault(['operation' => 'add_member', 'delay_ms' => 1500, 'count' => 1]);
        $krs = $this->client(['timeout' => 0.5]);
        $member = ['member_table_id' => 1, 'member_info' => ['e_4' => 'dropped@example.com', 'e_5' => 'abcd1234', 'e_6' => '切断 太郎']];
        try {
            $krs->addMember($member);
            self::fail('no exception');
        } catch (KrsTimeoutException $e) {
            self::assertInstanceOf(KrsNetworkException::class, $e);
            self::assertSame('add_member', $e->operation);
        }
        $deadline = microtime(true) + 5;
        while (self::$tenant->journal('add_member') === [] && microtime(true) < $deadline) {
            usleep(100_000);
        }
        usleep(300_000);
        self::assertCount(1, self::$tenant->journal('add_member'));
        self::assertSame([], $this->sleeps);
        $id = self::$tenant->client()->lookupMemberId(['member_table_id' => 1, 'member_info' => ['e_4' => 'dropped@example.com']]);
        self::assertIsInt($id);
    }

    public function testAWriteIsRetriedWhenTheConnectionWasRefused(): void
    {
        // A port nobody listens on: nothing can have reached a server.
        $socket = stream_socket_server('tcp://127.0.0.1:0');
        $port = (int) substr((string) strrchr((string) stream_socket_get_name($socket, false), ':'), 1);
        fclose($socket);
        $krs = KrsClient::create([
            'baseUrl' => "http://127.0.0.1:{$port}",
            'token' => 'krs-all',
            'retryBaseDelay' => 0.01,
            'retrySleep' => function (float $seconds): void {
                $this->sleeps[] = $seconds;
            },
        ]);
        try {
            $krs->addMember(['member_table_id' => 1, 'member_info' => ['e_4' => 'refused@example.com']]);
            self::fail('no exception');
        } catch (KrsNetworkException $e) {
            self::assertNotInstanceOf(KrsTimeoutException::class, $e);
            self::assertStringContainsString('add_member: network error', $e->getMessage());
        }
        self::assertCount(2, $this->sleeps);
    }
}
