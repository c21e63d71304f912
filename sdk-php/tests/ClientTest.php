<?php

declare(strict_types=1);

namespace KrsKit\Sdk\Tests;

use GuzzleHttp\Psr7\HttpFactory;
use GuzzleHttp\Psr7\Response;
use KrsKit\Sdk\Exception\KrsApiException;
use KrsKit\Sdk\Exception\KrsConfigurationException;
use KrsKit\Sdk\Exception\KrsInvalidResponseException;
use KrsKit\Sdk\Exception\KrsServerException;
use KrsKit\Sdk\Internal\RetryPolicy;
use KrsKit\Sdk\KrsClient;
use KrsKit\Sdk\Tests\Support\MockProcess;
use KrsKit\Sdk\Tests\Support\RecordingClient;
use PHPUnit\Framework\TestCase;

/** The client with any PSR-18 client: what it sends and how it reads answers. */
final class ClientTest extends TestCase
{
    /** @param array<string, mixed> $options */
    private static function client(RecordingClient $http, array $options = []): KrsClient
    {
        $factory = new HttpFactory();
        return KrsClient::create($options + [
            'baseUrl' => 'http://krs.test/env1/',
            'token' => 'secret',
            'httpClient' => $http,
            'requestFactory' => $factory,
            'streamFactory' => $factory,
            'retrySleep' => static function (float $s): void {
            },
        ]);
    }

    public function testWhatEachAttemptSends(): void
    {
        $http = new RecordingClient([RecordingClient::json(200, 'テスト環境'), RecordingClient::json(200, 7)]);
        $krs = self::client($http, ['headers' => ['X-Extra' => 'yes']]);
        self::assertSame('テスト環境', $krs->getEnvironmentName());
        self::assertSame(7, $krs->addMember(['member_table_id' => 1, 'member_info' => ['e_6' => '山田', 'e_7' => new \stdClass()]]));
        [$first, $second] = $http->requests;
        self::assertSame('POST', $first->getMethod());
        self::assertSame('http://krs.test/env1/api/v1/get_environment_name', (string) $first->getUri());
        self::assertSame('{}', (string) $first->getBody());
        self::assertSame('Bearer secret', $first->getHeaderLine('authorization'));
        self::assertSame('application/json', $first->getHeaderLine('content-type'));
        self::assertSame('yes', $first->getHeaderLine('x-extra'));
        self::assertSame('krs-kit-sdk-php/' . KrsClient::VERSION . ' php/' . PHP_VERSION, $first->getHeaderLine('user-agent'));
        self::assertMatchesRegularExpression('/^sdk-([0-9a-z]{8})-1$/', $first->getHeaderLine('x-request-id'));
        self::assertSame(substr($first->getHeaderLine('x-request-id'), 0, -1) . '2', $second->getHeaderLine('x-request-id'));
        self::assertSame('{"member_table_id":1,"member_info":{"e_6":"山田","e_7":{}}}', (string) $second->getBody());
    }

    public function testTheTolerantReaderUnwrapsALegacyAnswer(): void
    {
        $http = new RecordingClient([
            RecordingClient::json(200, ['envname' => '旧形式']),
            RecordingClient::json(200, ['envname' => 'a', 'other' => 'b']),
        ]);
        $krs = self::client($http);
        self::assertSame('旧形式', $krs->getEnvironmentName());
        self::assertSame(['envname' => 'a', 'other' => 'b'], $krs->getEnvironmentName());
    }

    public function testABareErrorAnswerGetsTheCodeOfItsStatus(): void
    {
        $http = new RecordingClient([new Response(503, ['content-type' => 'text/html', 'x-request-id' => 'proxy-1'], '<h1>busy</h1>')]);
        try {
            self::client($http, ['maxRetries' => 0])->getMemberTables();
            self::fail('no exception');
        } catch (KrsServerException $e) {
            self::assertSame('KRSKIT_HIGH_LOAD', $e->errorCode);
            self::assertSame('<h1>busy</h1>', $e->detail);
            self::assertSame('proxy-1', $e->requestId);
            self::assertSame('Service Unavailable', $e->errorDesc);
        }
    }

    public function testTheDetailOfALongPageIsCutAt500Characters(): void
    {
        $page = str_repeat('混', 600);
        $http = new RecordingClient([new Response(400, ['content-type' => 'text/html'], $page)]);
        try {
            self::client($http)->getMemberTables();
            self::fail('no exception');
        } catch (KrsApiException $e) {
            self::assertSame('KR_API_F0004', $e->errorCode);
            self::assertSame(str_repeat('混', 500), $e->detail);
            self::assertSame($page, $e->body);
        }
    }

    public function testAnAnswerThatIsNotJsonIsAnInvalidResponse(): void
    {
        $http = new RecordingClient([new Response(200, [], 'not json')]);
        $this->expectException(KrsInvalidResponseException::class);
        self::client($http)->getMemberTables();
    }

    public function testConfigurationErrors(): void
    {
        foreach ([
            [['token' => 'x'], 'give environmentId or baseUrl'],
            [['baseUrl' => 'ftp://x'], 'http:// or https://'],
            [['baseUrl' => 'http://x', 'timeout' => 0], 'timeout must be'],
            [['baseUrl' => 'http://x', 'maxRetries' => -1], 'maxRetries must be'],
            [['baseUrl' => 'http://x', 'httpClient' => new \stdClass()], 'must implement'],
        ] as [$options, $message]) {
            try {
                putenv('KRS_BASE_URL');
                putenv('KRS_ENVIRONMENT_ID');
                KrsClient::create($options);
                self::fail("accepted: {$message}");
            } catch (KrsConfigurationException $e) {
                self::assertStringContainsString($message, $e->getMessage());
            }
        }
    }

    public function testEnvironmentVariables(): void
    {
        putenv('KRS_ENVIRONMENT_ID=abc 1');
        putenv('KRS_API_TOKEN=from-env');
        try {
            $http = new RecordingClient([RecordingClient::json(200, 'e')]);
            $factory = new HttpFactory();
            $krs = KrsClient::create(['httpClient' => $http, 'requestFactory' => $factory, 'streamFactory' => $factory]);
            self::assertSame('https://krs.bz/abc%201', $krs->baseUrl);
            $krs->getEnvironmentName();
            self::assertSame('Bearer from-env', $http->requests[0]->getHeaderLine('authorization'));
        } finally {
            putenv('KRS_ENVIRONMENT_ID');
            putenv('KRS_API_TOKEN');
        }
    }

    public function testWithoutAnHttpClientTheErrorSaysWhatToInstall(): void
    {
        // A PHP process that autoloads the SDK only: no Guzzle, no PSR packages.
        $src = MockProcess::repoRoot() . '/sdk-php/src/';
        $code = 'spl_autoload_register(function ($c) { if (str_starts_with($c, "KrsKit\\\\Sdk\\\\")) require '
            . var_export($src, true) . ' . str_replace("\\\\", "/", substr($c, 11)) . ".php"; });'
            . 'try { KrsKit\\Sdk\\KrsClient::create(["baseUrl" => "http://x"]); } catch (KrsKit\\Sdk\\Exception\\KrsException $e) { echo get_class($e), ": ", $e->getMessage(); }';
        $out = shell_exec(escapeshellarg(PHP_BINARY) . ' -n -r ' . escapeshellarg($code));
        self::assertIsString($out);
        self::assertStringContainsString('KrsConfigurationException', $out);
        self::assertStringContainsString('composer require guzzlehttp/guzzle', $out);
    }

    public function testRetryAfterAndBackoff(): void
    {
        self::assertSame(3.0, RetryPolicy::parseRetryAfter(' 3 '));
        self::assertSame(0.5, RetryPolicy::parseRetryAfter('0.5'));
        self::assertEqualsWithDelta(120.0, RetryPolicy::parseRetryAfter(gmdate('D, d M Y H:i:s', 1_000_120) . ' GMT', 1_000_000.0), 0.001);
        self::assertNull(RetryPolicy::parseRetryAfter('soon'));
        $policy = new RetryPolicy(2, 0.5, 30, static fn (): float => 0.999);
        self::assertEqualsWithDelta(0.25 + 0.999 * 0.25, $policy->nextDelay(0), 1e-9);
        self::assertEqualsWithDelta(0.5 + 0.999 * 0.5, $policy->nextDelay(1), 1e-9);
        self::assertNull($policy->nextDelay(2));
        self::assertSame(5.0, $policy->nextDelay(0, 5.0));
        self::assertNull($policy->nextDelay(0, 31.0));
    }
}
