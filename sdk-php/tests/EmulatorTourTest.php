<?php

declare(strict_types=1);

namespace KrsKit\Sdk\Tests;

use KrsKit\Sdk\Tests\Support\MockProcess;
use PHPUnit\Framework\TestCase;

/**
 * examples/emulator-tour.php, copied out of the repository and run with plain `php`: the
 * SDK autoloaded from sdk-php/src and Guzzle from the system, as an integrator would.
 */
final class EmulatorTourTest extends TestCase
{
    public function testTheTourRunsOutsideTheRepository(): void
    {
        $dir = sys_get_temp_dir() . '/krs-php-tour-' . bin2hex(random_bytes(4));
        mkdir($dir);
        try {
            copy(dirname(__DIR__) . '/examples/emulator-tour.php', "{$dir}/tour.php");
            $env = [
                'KRS_SDK_SRC' => dirname(__DIR__) . '/src',
                'KRS_MOCK_URL' => MockProcess::url(),
                'PATH' => (string) getenv('PATH'),
            ];
            if (getenv('GUZZLE_AUTOLOAD') !== false) {
                $env['GUZZLE_AUTOLOAD'] = (string) getenv('GUZZLE_AUTOLOAD');
            }
            $process = proc_open([PHP_BINARY, 'tour.php'], [1 => ['pipe', 'w'], 2 => ['pipe', 'w']], $pipes, $dir, $env);
            self::assertIsResource($process);
            $out = (string) stream_get_contents($pipes[1]);
            $err = (string) stream_get_contents($pipes[2]);
            self::assertSame(0, proc_close($process), $err);
            self::assertSame('', $err);
        } finally {
            @unlink("{$dir}/tour.php");
            @rmdir($dir);
        }
        self::assertMatchesRegularExpression('/^table 1: .+ \(\d+\)$/m', $out);
        self::assertMatchesRegularExpression('/^added member \d+$/m', $out);
        self::assertStringContainsString("duplicate: KR_API_F0117 Member Already Exists. (request sdk-", $out);
        self::assertMatchesRegularExpression('/^paged members: (\d+)$/m', $out);
        preg_match('/^paged members: (\d+)$/m', $out, $m);
        self::assertGreaterThan(50, (int) $m[1]);
        self::assertMatchesRegularExpression('/^delivery \d+: phase 3$/m', $out);
        self::assertStringContainsString('dropped: KrsKit\Sdk\Exception\KrsTimeoutException', $out);
        self::assertStringContainsString('write sent 1 time(s)', $out);
    }
}
