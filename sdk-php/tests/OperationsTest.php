<?php

declare(strict_types=1);

namespace KrsKit\Sdk\Tests;

use KrsKit\Sdk\Exception\KrsApiException;
use KrsKit\Sdk\Exception\KrsAuthenticationException;
use KrsKit\Sdk\Generated\Operations;
use KrsKit\Sdk\KrsClient;
use KrsKit\Sdk\Tests\Support\RequestBodies;
use KrsKit\Sdk\Tests\Support\Tenant;
use PHPUnit\Framework\TestCase;

/**
 * Every operation of the contract through its generated method: a success (or a business
 * error the operation lists), then the same call with an unknown token (401 KR_API_F1001)
 * for the operations that need one.
 */
final class OperationsTest extends TestCase
{
    private static Tenant $tenant;
    private static KrsClient $krs;
    /** @var array<string, array<string, mixed>> */
    private static array $bodies;
    /** @var array<string, string> API name => 'ok' or the error code it answered */
    private static array $outcomes = [];

    public static function setUpBeforeClass(): void
    {
        self::$tenant = Tenant::create();
        self::$tenant->clock(['mode' => 'manual']);
        self::$krs = self::$tenant->client();
        self::$bodies = RequestBodies::build(
            self::$krs,
            static fn (int $seconds): int => self::$tenant->clock(['advance_seconds' => $seconds])['now'],
        );
    }

    /** @return iterable<string, array{string}> */
    public static function operations(): iterable
    {
        foreach (array_keys(Operations::ALL) as $name) {
            yield $name => [$name];
        }
    }

    /** @dataProvider operations */
    public function testOperationThroughItsMethod(string $name): void
    {
        $meta = Operations::ALL[$name];
        $method = $meta['method'];
        self::assertTrue(method_exists(self::$krs, $method), "KrsClient::{$method}() is missing");
        $body = self::$bodies[$name];
        try {
            $value = self::$krs->{$method}($body);
            self::$outcomes[$name] = 'ok';
            if ($meta['responseType'] === 'text') {
                self::assertIsString($value);
            } else {
                self::assertNotNull($value, "{$name} answered null");
            }
        } catch (KrsApiException $e) {
            self::$outcomes[$name] = $e->errorCode;
            self::assertContains($e->errorCode, $meta['errors'], "{$name}: {$e->getMessage()}");
            self::assertLessThan(500, $e->status, $e->getMessage());
            self::assertSame($name, $e->operation);
        }
        $last = self::$tenant->journal($name);
        self::assertNotSame([], $last, "{$name} did not reach the emulator");

        if ($meta['security']) {
            $stranger = KrsClient::create(['baseUrl' => self::$tenant->baseUrl, 'token' => 'krs-all.t_000000000000.0000000000000000']);
            try {
                $stranger->{$method}($body);
                self::fail("{$name} answered an unknown token");
            } catch (KrsAuthenticationException $e) {
                self::assertSame('KR_API_F1001', $e->errorCode);
                self::assertSame(401, $e->status);
            }
        }
    }

    /** @depends testOperationThroughItsMethod */
    public function testTheSweepReachedTheHandlers(): void
    {
        self::assertCount(count(glob(__DIR__ . '/../../spec/paths/*.yaml')), Operations::ALL);
        self::assertSame(array_keys(Operations::ALL), array_keys(self::$outcomes));
        // The rest answered a refusal their operation documents (checked above), e.g. an
        // import while another batch job of the sweep runs (KR_API_F0205).
        $succeeded = array_filter(self::$outcomes, static fn (string $o): bool => $o === 'ok');
        self::assertGreaterThanOrEqual(50, count($succeeded), 'outcomes: ' . json_encode(self::$outcomes));
    }
}
