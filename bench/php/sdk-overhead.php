<?php

declare(strict_types=1);

// The PHP side of bench/php-sdk-overhead.ts: per-call wall and CPU time of the PHP SDK and of
// the same request made with Guzzle directly, interleaved call by call (rotating the order)
// against one server, in one process. Prints one JSON object.
// Usage: php sdk-overhead.php <port> <rounds> <calls> <sdk src dir> [guzzle autoload]

[, $port, $rounds, $calls, $src] = $argv;
$guzzleAutoload = $argv[5] ?? '/usr/share/php/GuzzleHttp/autoload.php';
spl_autoload_register(static function (string $class) use ($src): void {
    if (str_starts_with($class, 'KrsKit\\Sdk\\')) {
        require $src . '/' . str_replace('\\', '/', substr($class, strlen('KrsKit\\Sdk\\'))) . '.php';
    }
});
require $guzzleAutoload;

$base = "http://127.0.0.1:{$port}";
$krs = KrsKit\Sdk\KrsClient::create(['baseUrl' => $base, 'token' => 'bench-token']);

// What a careful integrator writes by hand with Guzzle: the same headers the SDK sends (a
// User-Agent and a request id), a timeout, the status checked and the JSON decoded.
$guzzle = new GuzzleHttp\Client(['timeout' => 60, 'http_errors' => false]);
$n = 0;
$direct = static function () use ($guzzle, $base, &$n): mixed {
    $response = $guzzle->request('POST', "{$base}/api/v1/get_member_tables", [
        'headers' => [
            'content-type' => 'application/json',
            'authorization' => 'Bearer bench-token',
            'user-agent' => 'bench php/' . PHP_VERSION,
            'x-request-id' => 'bench-' . ++$n,
        ],
        'body' => '{}',
    ]);
    if ($response->getStatusCode() !== 200) {
        throw new RuntimeException('status ' . $response->getStatusCode());
    }
    return json_decode((string) $response->getBody(), true, 512, JSON_THROW_ON_ERROR);
};
$variants = [
    'Guzzle directly' => $direct,
    'PHP SDK' => static fn (): mixed => $krs->getMemberTables(),
];
$names = array_keys($variants);
$fns = array_values($variants);

if (count($krs->getMemberTables()) !== 2 || count($direct()) !== 2) {
    throw new RuntimeException('unexpected answer');
}
for ($i = 0; $i < 200; $i++) {
    foreach ($fns as $f) {
        $f();
    }
}

$cpu = static function (): float {
    $u = getrusage();
    return $u['ru_utime.tv_sec'] * 1e6 + $u['ru_utime.tv_usec'] + $u['ru_stime.tv_sec'] * 1e6 + $u['ru_stime.tv_usec'];
};
$wall = array_fill(0, count($fns), []);
$used = array_fill(0, count($fns), []);
for ($r = 0; $r < (int) $rounds; $r++) {
    $w = array_fill(0, count($fns), 0.0);
    $c = array_fill(0, count($fns), 0.0);
    for ($i = 0; $i < (int) $calls; $i++) {
        for ($k = 0; $k < count($fns); $k++) {
            $v = ($k + $i) % count($fns);
            $c0 = $cpu();
            $t0 = hrtime(true);
            $fns[$v]();
            $w[$v] += (hrtime(true) - $t0) / 1000;
            $c[$v] += $cpu() - $c0;
        }
    }
    foreach ($fns as $v => $_) {
        $wall[$v][] = $w[$v] / (int) $calls;
        $used[$v][] = $c[$v] / (int) $calls;
    }
}
$median = static function (array $xs): float {
    sort($xs);
    $m = intdiv(count($xs), 2);
    return count($xs) % 2 === 1 ? $xs[$m] : ($xs[$m - 1] + $xs[$m]) / 2;
};
$out = ['php' => PHP_VERSION, 'rounds' => (int) $rounds, 'calls' => (int) $calls, 'variants' => []];
foreach ($names as $v => $name) {
    $out['variants'][] = ['name' => $name, 'wallUs' => $median($wall[$v]), 'cpuUs' => $median($used[$v])];
}
echo json_encode($out), "\n";
