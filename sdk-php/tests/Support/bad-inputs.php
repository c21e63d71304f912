<?php

declare(strict_types=1);

// Bad options and inputs, each of which must end in a KrsException and nothing else: no PHP
// warning or notice (an error handler turns them into failures), no TypeError, ValueError or
// exception of the HTTP library. Run as `php -d error_reporting=-1 bad-inputs.php <baseUrl> <token>`
// (tests/IntegratorTest.php does); prints one line per case and exits 1 when any case fails.

use KrsKit\Sdk\Exception\KrsException;
use KrsKit\Sdk\KrsClient;

spl_autoload_register(static function (string $class): void {
    if (str_starts_with($class, 'KrsKit\\Sdk\\')) {
        $file = dirname(__DIR__, 2) . '/src/' . str_replace('\\', '/', substr($class, strlen('KrsKit\\Sdk\\'))) . '.php';
        if (is_file($file)) {
            require $file;
        }
    }
});
require getenv('GUZZLE_AUTOLOAD') ?: '/usr/share/php/GuzzleHttp/autoload.php';

error_reporting(E_ALL);
set_error_handler(static function (int $no, string $message, string $file, int $line): bool {
    throw new \ErrorException("PHP warning or notice: {$message} at {$file}:{$line}", 0, $no, $file, $line);
});

[$baseUrl, $token] = [$argv[1] ?? 'http://127.0.0.1:9', $argv[2] ?? 'token'];
$ok = ['baseUrl' => $baseUrl, 'token' => $token, 'maxRetries' => 0];

/** @var array<string, callable(): mixed> $cases */
$cases = [
    'baseUrl without a host' => static fn () => KrsClient::create(['baseUrl' => 'http://'] + $ok),
    'baseUrl without a scheme' => static fn () => KrsClient::create(['baseUrl' => '127.0.0.1:4010'] + $ok),
    'baseUrl ftp' => static fn () => KrsClient::create(['baseUrl' => 'ftp://x'] + $ok),
    'baseUrl with a space' => static fn () => KrsClient::create(['baseUrl' => 'http://a b'] + $ok),
    'baseUrl not a string' => static fn () => KrsClient::create(['baseUrl' => 42] + $ok),
    'environmentId not a string' => static fn () => KrsClient::create(['environmentId' => ['x'], 'token' => 't']),
    'token with a line break' => static fn () => KrsClient::create(['token' => "abc\r\nX-Evil: 1"] + $ok),
    'token not a string' => static fn () => KrsClient::create(['token' => 123] + $ok),
    'header name with a space' => static fn () => KrsClient::create(['headers' => ['bad header' => '1']] + $ok),
    'header name numeric' => static fn () => KrsClient::create(['headers' => ['x']] + $ok),
    'header value an array' => static fn () => KrsClient::create(['headers' => ['x-tags' => ['a', 'b']]] + $ok),
    'header value null' => static fn () => KrsClient::create(['headers' => ['x-a' => null]] + $ok),
    'header value with a line break' => static fn () => KrsClient::create(['headers' => ['x-a' => "1\nx-b: 2"]] + $ok),
    'headers not an array' => static fn () => KrsClient::create(['headers' => 'x-a: 1'] + $ok),
    'retrySleep not callable' => static fn () => KrsClient::create(['retrySleep' => 'no_such_function'] + $ok),
    'retryBaseDelay text' => static fn () => KrsClient::create(['retryBaseDelay' => 'fast'] + $ok),
    'retryBaseDelay negative' => static fn () => KrsClient::create(['retryBaseDelay' => -1] + $ok),
    'retryMaxDelay INF' => static fn () => KrsClient::create(['retryMaxDelay' => INF] + $ok),
    'timeout negative' => static fn () => KrsClient::create(['timeout' => -1] + $ok),
    'timeout text' => static fn () => KrsClient::create(['timeout' => '10'] + $ok),
    'maxRetries float' => static fn () => KrsClient::create(['maxRetries' => 1.5] + $ok),
    'logger not a PSR-3 logger' => static fn () => KrsClient::create(['logger' => new \stdClass()] + $ok),
    'onRequest not callable' => static fn () => KrsClient::create(['onRequest' => 'nope'] + $ok),
    'onResponse not callable' => static fn () => KrsClient::create(['onResponse' => 5] + $ok),
    'httpClient not PSR-18' => static fn () => KrsClient::create(['httpClient' => new \stdClass()] + $ok),
    'unknown option' => static fn () => KrsClient::create(['tokn' => 'x'] + $ok),
    'withOptions unknown option' => static fn () => KrsClient::create($ok)->withOptions(['baseUrl' => 'http://x']),
    'withOptions header array' => static fn () => KrsClient::create($ok)->withOptions(['headers' => ['x' => [1]]]),
    'withOptions requestId with a line break' => static fn () => KrsClient::create($ok)->withOptions(['requestId' => "a\nb"]),
    'withOptions timeout zero' => static fn () => KrsClient::create($ok)->withOptions(['timeout' => 0]),
    'unknown operation' => static fn () => KrsClient::create($ok)->call('no_such_operation'),
    'body not JSON (INF)' => static fn () => KrsClient::create($ok)->addMember(['member_table_id' => INF]),
    'body not UTF-8' => static fn () => KrsClient::create($ok)->addMember(['member_table_id' => 1, 'member_info' => ['e_6' => "\xff"]]),
    'paginate an operation without pages' => static fn () => KrsClient::create($ok)->paginate('get_member_tables')->current(),
    'paginate with a text offset' => static fn () => KrsClient::create($ok)->paginate('get_member_infos_by_condition', ['offset' => 'x'])->current(),
    'wait interval 0' => static fn () => KrsClient::create($ok)->waitForDelivery(1, ['interval' => 0, 'timeout' => 10]),
    'wait interval negative' => static fn () => KrsClient::create($ok)->waitForDelivery(1, ['interval' => -5]),
    'wait sleep not callable' => static fn () => KrsClient::create($ok)->waitForBatchJob(1, ['sleep' => 'no_such_function']),
    'wait phase text' => static fn () => KrsClient::create($ok)->waitForDelivery(1, ['phase' => 'done']),
    'upload not UTF-8' => static fn () => KrsClient::create($ok)->uploadStoredFile('a.csv', "\xff\xfe"),
    'server refused (closed port)' => static fn () => KrsClient::create(['baseUrl' => 'http://127.0.0.1:9'] + $ok)->getVersion(),
    'wrong token' => static fn () => KrsClient::create(['token' => 'wrong'] + $ok)->getMemberTables(),
    'bad parameter' => static fn () => KrsClient::create($ok)->getMemberInfo(['member_table_id' => 'one', 'member_id' => 1]),
    'HTTP client throwing a TypeError' => static fn () => KrsClient::create([
        'httpClient' => new class () implements \Psr\Http\Client\ClientInterface {
            public function sendRequest(\Psr\Http\Message\RequestInterface $request): \Psr\Http\Message\ResponseInterface
            {
                throw new \TypeError('a broken client');
            }
        },
        'requestFactory' => new \GuzzleHttp\Psr7\HttpFactory(),
        'streamFactory' => new \GuzzleHttp\Psr7\HttpFactory(),
    ] + $ok)->getVersion(),
];

$failed = 0;
foreach ($cases as $name => $case) {
    try {
        $case();
        echo "FAIL {$name}: no exception\n";
        $failed++;
    } catch (KrsException $e) {
        echo 'ok   ' . $name . ': ' . (new \ReflectionClass($e))->getShortName() . "\n";
    } catch (\Throwable $e) {
        echo "FAIL {$name}: " . $e::class . ': ' . $e->getMessage() . "\n";
        $failed++;
    }
}
echo count($cases) - $failed . ' of ' . count($cases) . " cases ended in a KrsException\n";
exit($failed === 0 ? 0 : 1);
