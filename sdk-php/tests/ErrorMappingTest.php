<?php

declare(strict_types=1);

namespace KrsKit\Sdk\Tests;

use KrsKit\Sdk\Exception\KrsApiException;
use KrsKit\Sdk\Exception\KrsBadRequestException;
use KrsKit\Sdk\Exception\KrsConflictException;
use KrsKit\Sdk\Exception\KrsAuthenticationException;
use KrsKit\Sdk\Exception\KrsConfigurationException;
use KrsKit\Sdk\Exception\KrsException;
use KrsKit\Sdk\Exception\KrsInvalidArgumentException;
use KrsKit\Sdk\Exception\KrsNotFoundException;
use KrsKit\Sdk\Exception\KrsPermissionDeniedException;
use KrsKit\Sdk\Exception\KrsRateLimitException;
use KrsKit\Sdk\Exception\KrsServerException;
use KrsKit\Sdk\Generated\ErrorCode;
use KrsKit\Sdk\KrsClient;
use KrsKit\Sdk\Tests\Support\Tenant;
use PHPUnit\Framework\TestCase;

/** Answers of the emulator as exceptions: class by status, code, description, request id. */
final class ErrorMappingTest extends TestCase
{
    private static Tenant $tenant;

    public static function setUpBeforeClass(): void
    {
        self::$tenant = Tenant::create();
    }

    protected function tearDown(): void
    {
        self::$tenant->clearFaults();
    }

    /** @return KrsApiException the exception $call threw */
    private static function thrown(callable $call): KrsApiException
    {
        try {
            $call();
        } catch (KrsApiException $e) {
            return $e;
        }
        self::fail('no KrsApiException');
    }

    public function testADuplicateMemberIsKrApiF0117WithTheJournalsRequestId(): void
    {
        $krs = self::$tenant->client();
        $member = ['member_table_id' => 1, 'member_info' => ['e_4' => 'dup-php@example.com', 'e_5' => 'abcd1234', 'e_6' => '重複 花子']];
        self::assertIsInt($krs->addMember($member));
        $e = self::thrown(static fn () => $krs->addMember($member));
        self::assertSame(KrsBadRequestException::class, $e::class);
        self::assertInstanceOf(KrsApiException::class, $e);
        self::assertSame('KR_API_F0117', $e->errorCode);
        self::assertSame(ErrorCode::KR_API_F0117, $e->errorCodeEnum());
        self::assertSame('Member Already Exists.', $e->errorDesc);
        self::assertSame(400, $e->status);
        self::assertSame('add_member', $e->operation);
        $last = self::$tenant->journal('add_member');
        self::assertSame(end($last)['id'], $e->requestId);
        self::assertSame('KR_API_F0117', end($last)['error_code']);
        self::assertInstanceOf(KrsException::class, $e);
    }

    public function testAnUnknownTokenIsAnAuthenticationException(): void
    {
        $krs = KrsClient::create(['baseUrl' => self::$tenant->baseUrl, 'token' => 'krs-all.t_000000000000.0000000000000000']);
        $e = self::thrown(static fn () => $krs->getMemberTables());
        self::assertInstanceOf(KrsAuthenticationException::class, $e);
        self::assertSame('KR_API_F1001', $e->errorCode);
        self::assertSame(401, $e->status);
        self::assertMatchesRegularExpression('/^sdk-[0-9a-z]{8}-1$/', (string) $e->requestId);
    }

    public function testMissingRightsAreAPermissionDeniedException(): void
    {
        $krs = self::$tenant->client([], 'krs-reference');
        $e = self::thrown(static fn () => $krs->addMember(['member_table_id' => 1, 'member_info' => ['e_4' => 'ro@example.com']]));
        self::assertInstanceOf(KrsPermissionDeniedException::class, $e);
        self::assertSame(403, $e->status);
        self::assertSame('KR_API_F0014', $e->errorCode);
    }

    /** @return iterable<string, array{int, class-string<KrsApiException>, string}> */
    public static function statuses(): iterable
    {
        yield '400' => [400, KrsBadRequestException::class, 'KR_API_F0004'];
        yield '404' => [404, KrsNotFoundException::class, 'KR_API_F0012'];
        yield '409' => [409, KrsConflictException::class, 'KRSKIT_INTERNAL_ERROR'];
        yield '413' => [413, KrsApiException::class, 'KRSKIT_PAYLOAD_TOO_LARGE'];
        yield '429' => [429, KrsRateLimitException::class, 'KRSKIT_RATE_LIMITED'];
        yield '500' => [500, KrsServerException::class, 'KRSKIT_INTERNAL_ERROR'];
        yield '503' => [503, KrsServerException::class, 'KRSKIT_HIGH_LOAD'];
    }

    /**
     * @dataProvider statuses
     * @param class-string<KrsApiException> $class
     */
    public function testStatusClasses(int $status, string $class, string $code): void
    {
        self::$tenant->addFault(['operation' => 'add_member', 'status' => $status]);
        $krs = self::$tenant->client(['maxRetries' => 0]);
        $e = self::thrown(static fn () => $krs->addMember(['member_table_id' => 1, 'member_info' => ['e_4' => 'x@example.com']]));
        self::assertSame($class, $e::class);
        self::assertSame($status, $e->status);
        self::assertSame($code, $e->errorCode);
    }

    public function testRefusalsBeforeSending(): void
    {
        $this->expectException(KrsConfigurationException::class);
        $this->expectExceptionMessage('no API token');
        KrsClient::create(['baseUrl' => self::$tenant->baseUrl, 'token' => ''])->getMemberTables();
    }

    public function testUnknownOperationAndOption(): void
    {
        $krs = self::$tenant->client();
        try {
            $krs->call('get_everything');
            self::fail('an unknown operation was sent');
        } catch (KrsInvalidArgumentException $e) {
            self::assertStringContainsString('unknown operation: get_everything', $e->getMessage());
        }
        $this->expectException(KrsConfigurationException::class);
        $this->expectExceptionMessage("unknown option 'timeoutMs'");
        KrsClient::create(['baseUrl' => self::$tenant->baseUrl, 'timeoutMs' => 5]);
    }

    public function testGetVersionNeedsNoToken(): void
    {
        $krs = KrsClient::create(['baseUrl' => self::$tenant->baseUrl, 'token' => '']);
        self::assertIsString($krs->getVersion());
    }
}
