<?php

declare(strict_types=1);

// A tour of the SDK against krs-mock, runnable from anywhere:
//   KRS_SDK_SRC=/path/to/krs-kit/sdk-php/src KRS_MOCK_URL=http://127.0.0.1:4010 php emulator-tour.php
// It autoloads KrsKit\Sdk\ from KRS_SDK_SRC and Guzzle from Debian's php-guzzlehttp-guzzle
// (or GUZZLE_AUTOLOAD); with Composer, `require 'vendor/autoload.php';` replaces both.

use KrsKit\Sdk\Exception\KrsApiException;
use KrsKit\Sdk\Exception\KrsNetworkException;
use KrsKit\Sdk\KrsClient;

$src = rtrim((string) getenv('KRS_SDK_SRC'), '/');
spl_autoload_register(static function (string $class) use ($src): void {
    if (str_starts_with($class, 'KrsKit\\Sdk\\')) {
        require $src . '/' . str_replace('\\', '/', substr($class, strlen('KrsKit\\Sdk\\'))) . '.php';
    }
});
require getenv('GUZZLE_AUTOLOAD') ?: '/usr/share/php/GuzzleHttp/autoload.php';

$mock = rtrim((string) getenv('KRS_MOCK_URL'), '/');
$http = new GuzzleHttp\Client(['base_uri' => $mock]);

// A tenant of our own on the emulator, with its clock stopped (it moves only when told).
$tenant = json_decode((string) $http->post('/__mock/tenants', ['json' => new stdClass()])->getBody(), true);
$token = $tenant['tokens']['krs-all'];
$admin = static fn (string $method, string $path, ?array $body = null): mixed => json_decode((string) $http->request(
    $method,
    $path,
    ['headers' => ['authorization' => "Bearer {$token}"]] + ($body === null ? [] : ['json' => $body]),
)->getBody(), true);
$admin('POST', '/__mock/clock', ['mode' => 'manual']);

$krs = KrsClient::create(['baseUrl' => $tenant['base_url'], 'token' => $token]);

// 1. List the member tables.
foreach ($krs->getMemberTables() as $table) {
    echo "table {$table['id']}: {$table['title']} ({$table['nums']})\n";
}

// 2. Add a member, 3. and again: the address is a duplicate key.
$member = ['member_table_id' => 1, 'member_info' => ['e_4' => 'tour@example.com', 'e_5' => 'abcd1234', 'e_6' => '見学 太郎']];
echo 'added member ', $krs->addMember($member), "\n";
try {
    $krs->addMember($member);
} catch (KrsApiException $e) {
    if ($e->errorCode === 'KR_API_F0117') {
        echo "duplicate: {$e->errorCode} {$e->errorDesc} (request {$e->requestId})\n";
    }
}

// 4. Page through every member (50 per page).
$count = 0;
foreach ($krs->paginate('get_member_infos_by_condition', ['member_table_id' => 1, 'condition_id' => 1, 'sort_key' => 0, 'order' => true]) as $row) {
    $count++;
}
echo "paged members: {$count}\n";

// 5. Schedule a delivery in two minutes and wait for phase 3, moving the emulator's clock
// instead of sleeping.
$now = $admin('GET', '/__mock/clock')['now'];
$message = $krs->addMailMessage(['member_table_id' => 1, 'mail_info' => ['type' => 1, 'from' => 'info@example.com', 'subject' => '見学', 'text_part' => "本文\n"]]);
$delivery = $krs->addDeliverySchedule(['mail_message_id' => $message, 'delivery_info' => ['title' => '見学配信', 'condition_id' => 1, 'element_id' => 4, 'delivery_date' => $now + 120]]);
$status = $krs->waitForDelivery($delivery, ['interval' => 60, 'advanceClock' => true]);
echo "delivery {$delivery}: phase {$status[0]}\n";

// 6. A write whose connection is dropped after the server got it: the emulator holds the
// answer for 1.5 s, the client gives up after 0.5 s. The SDK does not send the write again.
$admin('POST', '/__mock/faults', ['operation' => 'add_member', 'delay_ms' => 1500]);
$impatient = KrsClient::create(['baseUrl' => $tenant['base_url'], 'token' => $token, 'timeout' => 0.5]);
try {
    $impatient->addMember(['member_table_id' => 1, 'member_info' => ['e_4' => 'once@example.com', 'e_5' => 'abcd1234', 'e_6' => '一回 太郎']]);
} catch (KrsNetworkException $e) {
    echo 'dropped: ', get_class($e), "\n";
}
// The journal records the call once the held answer is written (after the 1.5 s).
$sentOnce = static fn (): array => array_filter(
    $admin('GET', '/__mock/journal?operation=add_member')['entries'],
    static fn (array $entry): bool => ($entry['request']['member_info']['e_4'] ?? null) === 'once@example.com',
);
for ($i = 0; $i < 50 && $sentOnce() === []; $i++) {
    usleep(100_000);
}
usleep(500_000); // room for a second attempt, if there were one
echo 'write sent ', count($sentOnce()), " time(s)\n";
