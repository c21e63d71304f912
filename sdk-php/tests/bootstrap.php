<?php

declare(strict_types=1);

// Loads the SDK without `composer install` (no registry is needed to test it): a PSR-4
// autoloader for the package's own classes plus Guzzle and the PSR interfaces from the
// system (Debian's php-guzzlehttp-guzzle) or from GUZZLE_AUTOLOAD. Then starts one krs-mock
// process on a free port for the whole run (each test class makes its own tenant), unless
// KRS_MOCK_URL names a running one.

spl_autoload_register(static function (string $class): void {
    $prefixes = ['KrsKit\\Sdk\\Tests\\' => __DIR__ . '/', 'KrsKit\\Sdk\\' => dirname(__DIR__) . '/src/'];
    foreach ($prefixes as $prefix => $dir) {
        if (str_starts_with($class, $prefix)) {
            $file = $dir . str_replace('\\', '/', substr($class, strlen($prefix))) . '.php';
            if (is_file($file)) {
                require $file;
            }
            return;
        }
    }
});

$guzzle = getenv('GUZZLE_AUTOLOAD') ?: '/usr/share/php/GuzzleHttp/autoload.php';
if (!is_file($guzzle)) {
    fwrite(STDERR, "Guzzle is not installed: apt-get install php-guzzlehttp-guzzle (or set GUZZLE_AUTOLOAD to its autoload.php)\n");
    exit(1);
}
require $guzzle;

KrsKit\Sdk\Tests\Support\MockProcess::startForRun();
