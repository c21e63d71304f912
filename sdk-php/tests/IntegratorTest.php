<?php

declare(strict_types=1);

namespace KrsKit\Sdk\Tests;

use KrsKit\Sdk\Exception\KrsException;
use KrsKit\Sdk\Exception\KrsNetworkException;
use KrsKit\Sdk\Generated\KrsClientInterface;
use KrsKit\Sdk\KrsClient;
use KrsKit\Sdk\KrsResponse;
use KrsKit\Sdk\Tests\Support\MockProcess;
use KrsKit\Sdk\Tests\Support\RecordingClient;
use KrsKit\Sdk\Tests\Support\Tenant;
use PHPUnit\Framework\TestCase;
use Psr\Http\Message\RequestInterface;
use Psr\Http\Message\ResponseInterface;

/**
 * What an integrator reaches for: headers that win, per-call options, the response of a
 * success, a logger and hooks, an interface a unit test can mock, and nothing but
 * KrsExceptions on bad input.
 */
final class IntegratorTest extends TestCase
{
    private static Tenant $tenant;

    public static function setUpBeforeClass(): void
    {
        self::$tenant = Tenant::create();
    }

    /** @param array<string, mixed> $options */
    private static function offline(RecordingClient $http, array $options = []): KrsClient
    {
        $factory = new \GuzzleHttp\Psr7\HttpFactory();
        return KrsClient::create($options + [
            'baseUrl' => 'http://krs.test/env1',
            'token' => 'secret',
            'httpClient' => $http,
            'requestFactory' => $factory,
            'streamFactory' => $factory,
            'retrySleep' => static function (float $s): void {
            },
        ]);
    }

    /** @return iterable<string, array{string, string}> every header the SDK sets, with a value of the caller's */
    public static function ownHeaders(): iterable
    {
        yield 'Authorization' => ['Authorization', 'Bearer from-headers'];
        yield 'User-Agent' => ['User-Agent', 'integrator/1.0'];
        yield 'Content-Type' => ['Content-Type', 'application/json; charset=utf-8'];
        yield 'Accept' => ['Accept', 'application/json, text/plain'];
        yield 'X-Request-Id' => ['X-Request-Id', 'mine-1'];
    }

    /** @dataProvider ownHeaders */
    public function testTheHeadersOptionWinsOverTheSdksOwnHeader(string $name, string $value): void
    {
        $http = new RecordingClient([RecordingClient::json(200, 'env')]);
        self::offline($http, ['headers' => [$name => $value]])->getEnvironmentName();
        self::assertSame([$value], $http->requests[0]->getHeader($name));
    }

    public function testAnAuthorizationHeaderStandsInForTheToken(): void
    {
        $krs = KrsClient::create(['baseUrl' => self::$tenant->baseUrl, 'token' => 'wrong', 'headers' => ['Authorization' => 'Bearer ' . self::$tenant->token()]]);
        self::assertSame(1, $krs->getMemberTables()[0]['id']);
    }

    public function testWithOptionsChangesTheCallsOfTheNewClientOnly(): void
    {
        $http = new RecordingClient([
            RecordingClient::json(503, ['error_code' => 'KRSKIT_HIGH_LOAD', 'error_desc' => 'High Load.']),
            RecordingClient::json(200, 'a'),
            RecordingClient::json(503, ['error_code' => 'KRSKIT_HIGH_LOAD', 'error_desc' => 'High Load.']),
        ]);
        $krs = self::offline($http, ['headers' => ['X-Team' => 'a']]);
        $once = $krs->withOptions(['maxRetries' => 0, 'headers' => ['X-Trace' => 't1'], 'requestId' => 'order-7', 'timeout' => 5]);
        self::assertInstanceOf(KrsClientInterface::class, $once);
        self::assertSame('a', $krs->getEnvironmentName());
        try {
            $once->getEnvironmentName();
            self::fail('no exception');
        } catch (KrsException $e) {
            self::assertSame('order-7', $e->requestId);
        }
        self::assertCount(3, $http->requests);
        [$first, $retry, $other] = $http->requests;
        self::assertSame('', $first->getHeaderLine('x-trace'));
        self::assertSame($first->getHeaderLine('x-request-id') !== $retry->getHeaderLine('x-request-id'), true);
        self::assertSame('t1', $other->getHeaderLine('x-trace'));
        self::assertSame('a', $other->getHeaderLine('x-team'));
        self::assertSame('order-7', $other->getHeaderLine('x-request-id'));
    }

    public function testWithResponseGivesStatusHeadersAndTheJournalsRequestId(): void
    {
        $krs = self::$tenant->client();
        $r = $krs->withResponse()->addMember(['member_table_id' => 1, 'member_info' => ['e_4' => 'with-response@example.com', 'e_5' => 'abcd1234', 'e_6' => '応答 太郎']]);
        self::assertInstanceOf(KrsResponse::class, $r);
        self::assertIsInt($r->data);
        self::assertSame(200, $r->status);
        self::assertSame(1, $r->attempts);
        self::assertStringStartsWith('application/json', $r->header('Content-Type'));
        self::assertArrayHasKey('x-request-id', array_change_key_case($r->headers()));
        $journal = self::$tenant->journal('add_member');
        self::assertSame(end($journal)['id'], $r->requestId);
        // The client it came from still returns plain values.
        self::assertIsArray($krs->getMemberTables());
        self::assertInstanceOf(KrsResponse::class, $krs->withResponse()->withOptions(['maxRetries' => 0])->getMemberTables());
    }

    public function testALoggerGetsADebugLinePerAttemptAndAnInfoLinePerRetry(): void
    {
        $logger = new class () extends \Psr\Log\AbstractLogger {
            /** @var list<array{string, string}> */
            public array $lines = [];

            public function log($level, $message, array $context = []): void
            {
                $this->lines[] = [(string) $level, (string) $message];
            }
        };
        $http = new RecordingClient([
            RecordingClient::json(503, ['error_code' => 'KRSKIT_HIGH_LOAD', 'error_desc' => 'High Load.']),
            RecordingClient::json(200, [['id' => 1, 'title' => 't', 'nums' => 0]]),
        ]);
        self::offline($http, ['logger' => $logger])->getMemberTables();
        self::assertSame(['debug', 'info', 'debug'], array_column($logger->lines, 0));
        self::assertMatchesRegularExpression('#^krs: POST /api/v1/get_member_tables 503 [\d.]+ ms attempt 0 request id sdk-#', $logger->lines[0][1]);
        self::assertStringContainsString('get_member_tables retry 1/2', $logger->lines[1][1]);
        self::assertMatchesRegularExpression('#get_member_tables 200 [\d.]+ ms attempt 1#', $logger->lines[2][1]);
    }

    public function testOnRequestAndOnResponseSeeAndMayReplaceEachAttempt(): void
    {
        $seen = [];
        $krs = self::$tenant->client([
            'onRequest' => static function (RequestInterface $request, array $context) use (&$seen): RequestInterface {
                $seen[] = ['request', $context['operation'], $context['attempt']];
                return $request->withHeader('x-hooked', '1');
            },
            'onResponse' => static function (ResponseInterface $response, array $context) use (&$seen): ?ResponseInterface {
                $seen[] = ['response', $context['operation'], $response->getStatusCode(), $context['request']->getHeaderLine('x-hooked')];
                return null;
            },
        ]);
        self::assertSame(1, $krs->getMemberTables()[0]['id']);
        self::assertSame([['request', 'get_member_tables', 0], ['response', 'get_member_tables', 200, '1']], $seen);
        $replaced = self::$tenant->client([
            'onResponse' => static fn (ResponseInterface $r): ResponseInterface => new \GuzzleHttp\Psr7\Response(200, [], '"replaced"'),
        ]);
        self::assertSame('replaced', $replaced->getVersion());
    }

    public function testWhatTheHttpClientThrowsIsWrappedWithTheOriginalAsPrevious(): void
    {
        $factory = new \GuzzleHttp\Psr7\HttpFactory();
        $broken = new class () implements \Psr\Http\Client\ClientInterface {
            public function sendRequest(RequestInterface $request): ResponseInterface
            {
                throw new \InvalidArgumentException('not a valid header value');
            }
        };
        $krs = KrsClient::create(['baseUrl' => 'http://krs.test', 'token' => 't', 'httpClient' => $broken, 'requestFactory' => $factory, 'streamFactory' => $factory]);
        try {
            $krs->getVersion();
            self::fail('no exception');
        } catch (KrsNetworkException $e) {
            self::assertInstanceOf(\InvalidArgumentException::class, $e->getPrevious());
            self::assertStringContainsString('get_version: the HTTP client failed: not a valid header value', $e->getMessage());
        }
    }

    public function testAUnitTestCanReplaceTheClientThroughItsInterface(): void
    {
        $service = new class () {
            public function firstTable(KrsClientInterface $krs): string
            {
                return $krs->getMemberTables()[0]['title'];
            }
        };
        $krs = $this->createMock(KrsClientInterface::class);
        $krs->expects(self::once())->method('getMemberTables')->willReturn([['id' => 1, 'title' => '会員', 'nums' => 3]]);
        self::assertSame('会員', $service->firstTable($krs));
        self::assertInstanceOf(KrsClientInterface::class, self::$tenant->client());
    }

    public function testBadOptionsAndInputsEndOnlyInKrsExceptionsWithoutAWarning(): void
    {
        $out = [];
        exec(
            'php -d error_reporting=-1 -d display_errors=stderr ' . escapeshellarg(__DIR__ . '/Support/bad-inputs.php') . ' '
            . escapeshellarg(self::$tenant->baseUrl) . ' ' . escapeshellarg(self::$tenant->token()) . ' 2>&1',
            $out,
            $code,
        );
        $text = implode("\n", $out);
        self::assertSame(0, $code, $text);
        self::assertStringNotContainsString('FAIL', $text);
        self::assertMatchesRegularExpression('/^(\d+) of \1 cases ended in a KrsException$/m', $text);
        self::assertFileExists(MockProcess::repoRoot() . '/sdk-php/tests/Support/bad-inputs.php');
    }
}
