<?php

declare(strict_types=1);

namespace KrsKit\Sdk\Tests;

use KrsKit\Sdk\Exception\KrsException;
use KrsKit\Sdk\Exception\KrsFileTooLargeException;
use KrsKit\Sdk\Exception\KrsInvalidArgumentException;
use KrsKit\Sdk\Exception\KrsTimeoutException;
use KrsKit\Sdk\Exception\KrsWaitStalledException;
use KrsKit\Sdk\KrsClient;
use KrsKit\Sdk\Tests\Support\Tenant;
use PHPUnit\Framework\TestCase;

/** paginate, the waiting helpers on the emulator's manual clock, and the file helpers. */
final class HelpersTest extends TestCase
{
    private static Tenant $tenant;
    private static KrsClient $krs;

    public static function setUpBeforeClass(): void
    {
        self::$tenant = Tenant::create();
        self::$tenant->clock(['mode' => 'manual']);
        self::$krs = self::$tenant->client();
    }

    public function testPaginateWalksPast50MembersByTheContractsStep(): void
    {
        $total = self::$krs->getMembersNumByCondition(['member_table_id' => 1, 'condition_id' => 1]);
        self::assertGreaterThan(50, $total);
        self::$tenant->clearJournal();
        $ids = [];
        foreach (self::$krs->paginate('get_member_infos_by_condition', ['member_table_id' => 1, 'condition_id' => 1, 'sort_key' => 0, 'order' => true]) as $member) {
            $ids[] = $member['id'];
        }
        self::assertCount($total, $ids);
        self::assertCount($total, array_unique($ids));
        $offsets = array_map(static fn (array $e): int => $e['request']['offset'], self::$tenant->journal('get_member_infos_by_condition'));
        self::assertSame(range(0, 50 * intdiv($total, 50), 50), $offsets);
    }

    public function testPaginateRefusesAnOperationWithoutPages(): void
    {
        $this->expectException(KrsInvalidArgumentException::class);
        $this->expectExceptionMessage('get_member_tables is not a paged operation');
        self::$krs->paginate('get_member_tables', [])->current();
    }

    private static function scheduleDelivery(int $inSeconds): int
    {
        $now = self::$tenant->clock()['now'];
        $message = self::$krs->addMailMessage([
            'member_table_id' => 1,
            'mail_info' => ['type' => 1, 'from' => 'info@example.com', 'subject' => 'PHP から', 'text_part' => "本文\n"],
        ]);
        return self::$krs->addDeliverySchedule([
            'mail_message_id' => $message,
            'delivery_info' => ['title' => 'PHP SDK の配信', 'condition_id' => 1, 'element_id' => 4, 'delivery_date' => $now + $inSeconds],
        ]);
    }

    public function testWaitForDeliveryAdvancesTheEmulatorsManualClock(): void
    {
        $delivery = self::scheduleDelivery(120);
        $before = self::$tenant->clock()['now'];
        $seen = [];
        $status = self::$krs->waitForDelivery($delivery, [
            'interval' => 60,
            'advanceClock' => true,
            'onProgress' => static function (array $s) use (&$seen): void {
                $seen[] = $s[0];
            },
        ]);
        self::assertSame(3, $status[0]);
        self::assertSame(0, $seen[0]);
        self::assertSame(3, end($seen));
        // One minute of emulator time moved before each read after the first.
        self::assertSame($before + 60 * (count($seen) - 1), self::$tenant->clock()['now']);
    }

    public function testWaitForDeliveryGivesUpAfterItsTimeoutOfEmulatorTime(): void
    {
        $delivery = self::scheduleDelivery(86_400);
        $before = self::$tenant->clock()['now'];
        try {
            self::$krs->waitForDelivery($delivery, ['interval' => 30, 'timeout' => 90, 'advanceClock' => true]);
            self::fail('no timeout');
        } catch (KrsTimeoutException $e) {
            self::assertSame('get_delivery_status', $e->operation);
            self::assertStringContainsString('within 90 s of emulator time (last seen at phase 0)', $e->getMessage());
        }
        self::assertSame($before + 90, self::$tenant->clock()['now']);
    }

    public function testWaitForDeliveryOnAManualClockFailsAtOnceWithTheFix(): void
    {
        $delivery = self::scheduleDelivery(600);
        self::$tenant->clearJournal();
        try {
            self::$krs->waitForDelivery($delivery);
            self::fail('no KrsWaitStalledException');
        } catch (KrsWaitStalledException $e) {
            self::assertInstanceOf(KrsException::class, $e);
            self::assertStringContainsString("the krs-kit emulator's clock is manual", $e->getMessage());
            self::assertStringContainsString("'advanceClock' => true", $e->getMessage());
        }
        self::assertCount(1, self::$tenant->journal('get_delivery_status'));
    }

    public function testWaitingOnARealClockSleepsTheIntervalAndTimesOut(): void
    {
        $tenant = Tenant::create();
        $krs = $tenant->client();
        $now = $tenant->clock()['now'];
        $message = $krs->addMailMessage(['member_table_id' => 1, 'mail_info' => ['type' => 1, 'from' => 'info@example.com', 'subject' => 's', 'text_part' => "t\n"]]);
        $delivery = $krs->addDeliverySchedule(['mail_message_id' => $message, 'delivery_info' => ['title' => 't', 'condition_id' => 1, 'element_id' => 4, 'delivery_date' => $now + 86_400]]);
        $slept = [];
        try {
            $krs->waitForDelivery($delivery, [
                'interval' => 30,
                'timeout' => 90,
                'sleep' => static function (int|float $seconds) use (&$slept): void {
                    $slept[] = $seconds;
                },
            ]);
            self::fail('no timeout');
        } catch (KrsTimeoutException $e) {
            self::assertStringContainsString('within 90 s of waiting', $e->getMessage());
        }
        self::assertSame([30, 30, 30], $slept);
    }

    /** @return iterable<string, array{array<string, mixed>, string}> */
    public static function badWaitOptions(): iterable
    {
        yield 'interval 0' => [['interval' => 0, 'timeout' => 10], 'interval must be a number of seconds >= 1'];
        yield 'negative interval' => [['interval' => -5], 'interval must be'];
        yield 'interval under a second' => [['interval' => 0.5], 'interval must be'];
        yield 'interval as text' => [['interval' => '30'], 'interval must be'];
        yield 'NAN interval' => [['interval' => NAN], 'interval must be'];
        yield 'zero timeout' => [['timeout' => 0], 'timeout must be a positive number'];
        yield 'timeout as text' => [['timeout' => 'soon'], 'timeout must be'];
        yield 'sleep not callable' => [['sleep' => 'no_such_function'], 'sleep must be callable'];
        yield 'onProgress not callable' => [['onProgress' => 42], 'onProgress must be callable'];
        yield 'advanceClock not bool' => [['advanceClock' => 'yes'], 'advanceClock must be true or false'];
        yield 'phase out of range' => [['phase' => 7], 'phase must be 0, 1, 2 or 3'];
        yield 'unknown key' => [['intervall' => 30], "unknown wait option 'intervall'"];
    }

    /**
     * @dataProvider badWaitOptions
     * @param array<string, mixed> $options
     */
    public function testBadWaitOptionsAreRefusedBeforeAnyRead(array $options, string $message): void
    {
        self::$tenant->clearJournal();
        try {
            self::$krs->waitForDelivery(1, $options);
            self::fail('no exception');
        } catch (KrsInvalidArgumentException $e) {
            self::assertStringContainsString($message, $e->getMessage());
        }
        self::assertSame([], self::$tenant->journal('get_delivery_status'));
    }

    public function testImportAndExportRoundTrip(): void
    {
        $csv = "e_4,e_5,e_6\r\nround-trip-php@example.com,abcd1234,往復 太郎\r\n";
        $stored = self::$krs->uploadStoredFile('members.csv', $csv);
        $sent = self::$tenant->journal('upload_stored_files');
        self::assertSame("e_4,e_5,e_6\nround-trip-php@example.com,abcd1234,往復 太郎\n", end($sent)['request']['body']);
        $import = self::$krs->importMembers(['member_table_id' => 1, 'stored_file_id' => $stored, 'is_update' => 0]);
        $done = self::$krs->waitForBatchJob($import, ['interval' => 30, 'advanceClock' => true]);
        self::assertSame(100, $done['progress']);
        $id = self::$krs->lookupMemberId(['member_table_id' => 1, 'member_info' => ['e_4' => 'round-trip-php@example.com']]);
        self::assertSame('往復 太郎', self::$krs->getMemberInfo(['member_table_id' => 1, 'member_id' => $id])['e_6']);

        $export = self::$krs->exportMembers(['member_table_id' => 1, 'condition_id' => 1, 'columnset_id' => 1]);
        self::$krs->waitForBatchJob($export, ['interval' => 30, 'advanceClock' => true]);
        $file = self::$krs->downloadBatchJobResult($export);
        self::assertStringContainsString('round-trip-php@example.com', $file);
        self::assertStringContainsString('往復 太郎', $file);
    }

    public function testUploadRefusesWhatItCannotSend(): void
    {
        try {
            self::$krs->uploadStoredFile('latin1.csv', "e_4\n\xff\n");
            self::fail('a file that is not UTF-8 was sent');
        } catch (KrsInvalidArgumentException $e) {
            self::assertStringContainsString('not UTF-8', $e->getMessage());
        }
        $this->expectException(KrsFileTooLargeException::class);
        self::$krs->uploadStoredFile('big.csv', str_repeat('a', KrsClient::STORED_FILE_LIMIT_BYTES));
    }
}
