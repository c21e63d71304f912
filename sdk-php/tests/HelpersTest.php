<?php

declare(strict_types=1);

namespace KrsKit\Sdk\Tests;

use KrsKit\Sdk\Exception\KrsFileTooLargeException;
use KrsKit\Sdk\Exception\KrsInvalidArgumentException;
use KrsKit\Sdk\Exception\KrsTimeoutException;
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

    /** A `sleep` for the wait helpers that moves the emulator's clock instead of waiting. */
    private static function advancingSleep(array &$slept): \Closure
    {
        return static function (int $seconds) use (&$slept): void {
            $slept[] = $seconds;
            self::$tenant->clock(['advance_seconds' => $seconds]);
        };
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

    public function testWaitForDeliveryOnTheEmulatorsClock(): void
    {
        $delivery = self::scheduleDelivery(120);
        $slept = [];
        $seen = [];
        $status = self::$krs->waitForDelivery($delivery, [
            'interval' => 60,
            'sleep' => self::advancingSleep($slept),
            'onProgress' => static function (array $s) use (&$seen): void {
                $seen[] = $s[0];
            },
        ]);
        self::assertSame(3, $status[0]);
        self::assertNotSame([], $slept);
        self::assertSame(array_fill(0, count($slept), 60), $slept);
        self::assertSame(0, $seen[0]);
        self::assertSame(3, end($seen));
    }

    public function testWaitForDeliveryGivesUpAfterItsTimeout(): void
    {
        $delivery = self::scheduleDelivery(86_400);
        $slept = [];
        try {
            self::$krs->waitForDelivery($delivery, [
                'interval' => 30,
                'timeout' => 90,
                'sleep' => static function (int $seconds) use (&$slept): void {
                    $slept[] = $seconds;
                },
            ]);
            self::fail('no timeout');
        } catch (KrsTimeoutException $e) {
            self::assertSame('get_delivery_status', $e->operation);
        }
        self::assertSame([30, 30, 30], $slept);
    }

    public function testImportAndExportRoundTrip(): void
    {
        $csv = "e_4,e_5,e_6\r\nround-trip-php@example.com,abcd1234,往復 太郎\r\n";
        $stored = self::$krs->uploadStoredFile('members.csv', $csv);
        $sent = self::$tenant->journal('upload_stored_files');
        self::assertSame("e_4,e_5,e_6\nround-trip-php@example.com,abcd1234,往復 太郎\n", end($sent)['request']['body']);
        $slept = [];
        $import = self::$krs->importMembers(['member_table_id' => 1, 'stored_file_id' => $stored, 'is_update' => 0]);
        $done = self::$krs->waitForBatchJob($import, ['interval' => 30, 'sleep' => self::advancingSleep($slept)]);
        self::assertSame(100, $done['progress']);
        $id = self::$krs->lookupMemberId(['member_table_id' => 1, 'member_info' => ['e_4' => 'round-trip-php@example.com']]);
        self::assertSame('往復 太郎', self::$krs->getMemberInfo(['member_table_id' => 1, 'member_id' => $id])['e_6']);

        $export = self::$krs->exportMembers(['member_table_id' => 1, 'condition_id' => 1, 'columnset_id' => 1]);
        self::$krs->waitForBatchJob($export, ['interval' => 30, 'sleep' => self::advancingSleep($slept)]);
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
