<?php

declare(strict_types=1);

namespace KrsKit\Sdk\Tests;

use KrsKit\Sdk\KrsClient;
use KrsKit\Sdk\Tests\Support\MockProcess;
use KrsKit\Sdk\Tests\Support\Tenant;
use PHPUnit\Framework\TestCase;

/**
 * The Composer package as an integrator gets it: a version in step with the TypeScript SDK
 * (so `composer require krs-kit/sdk` from the README's path repository resolves without
 * `@dev`), a CHANGELOG section for it, and an install outside the repository that works.
 */
final class ReleaseTest extends TestCase
{
    public function testComposerVersionClientVersionAndChangelogAreInStepWithTheTypeScriptSdk(): void
    {
        $root = MockProcess::repoRoot();
        $npm = json_decode((string) file_get_contents("{$root}/sdk/package.json"), true);
        $composer = json_decode((string) file_get_contents("{$root}/sdk-php/composer.json"), true);
        self::assertSame($npm['version'], $composer['version'] ?? null, 'sdk-php/composer.json has no version: run node scripts/version-php.mjs');
        self::assertSame($npm['version'], KrsClient::VERSION);
        self::assertStringContainsString("\n## {$npm['version']}\n", (string) file_get_contents("{$root}/sdk-php/CHANGELOG.md"));
    }

    public function testComposerRequireWithThePathRepositoryInstallsAndTheClientWorks(): void
    {
        $composer = trim((string) shell_exec('command -v composer'));
        if ($composer === '') {
            self::markTestSkipped('composer is not installed (apt-get install composer)');
        }
        $dir = sys_get_temp_dir() . '/krs-composer-' . bin2hex(random_bytes(4));
        mkdir($dir);
        try {
            // As the README says, plus what an offline machine needs: no Packagist, and the PSR
            // interfaces provided by the system's packages (Debian's php-psr-*).
            file_put_contents("{$dir}/composer.json", json_encode([
                'repositories' => [['type' => 'path', 'url' => MockProcess::repoRoot() . '/sdk-php'], ['packagist.org' => false]],
                'provide' => ['psr/http-client' => '1.0.3', 'psr/http-factory' => '1.1.0', 'psr/http-message' => '2.0'],
            ], JSON_UNESCAPED_SLASHES));
            $out = [];
            exec('cd ' . escapeshellarg($dir) . ' && COMPOSER_ALLOW_SUPERUSER=1 COMPOSER_HOME=' . escapeshellarg("{$dir}/.home")
                . ' composer require --no-interaction --no-audit krs-kit/sdk 2>&1', $out, $code);
            self::assertSame(0, $code, implode("\n", $out));
            $installed = json_decode((string) file_get_contents("{$dir}/composer.json"), true);
            self::assertSame('^' . KrsClient::VERSION, $installed['require']['krs-kit/sdk']);

            $tenant = Tenant::create();
            file_put_contents("{$dir}/app.php", '<?php
declare(strict_types=1);
require __DIR__ . "/vendor/autoload.php";
require getenv("GUZZLE_AUTOLOAD") ?: "/usr/share/php/GuzzleHttp/autoload.php";
$krs = KrsKit\Sdk\KrsClient::create(["baseUrl" => $argv[1], "token" => $argv[2]]);
echo json_encode($krs->getMemberTables()[0]["id"]);
');
            $run = [];
            exec('php ' . escapeshellarg("{$dir}/app.php") . ' ' . escapeshellarg($tenant->baseUrl) . ' ' . escapeshellarg($tenant->token()) . ' 2>&1', $run, $code);
            self::assertSame(0, $code, implode("\n", $run));
            self::assertSame('1', implode('', $run));
        } finally {
            exec('rm -rf ' . escapeshellarg($dir));
        }
    }
}
