<?php

declare(strict_types=1);

namespace KrsKit\Sdk\Tests\Support;

/**
 * The krs-mock process of a test run: the repository's built launcher
 * (mock-server/bin/krs-mock.js) on 127.0.0.1 and a free port (`--port 0`), stopped when the
 * run ends.
 */
final class MockProcess
{
    private static ?string $url = null;

    /** @var resource|null */
    private static $process = null;

    public static function url(): string
    {
        if (self::$url === null) {
            throw new \LogicException('krs-mock is not running: tests/bootstrap.php starts it');
        }
        return self::$url;
    }

    public static function repoRoot(): string
    {
        return dirname(__DIR__, 3);
    }

    public static function startForRun(): void
    {
        $given = getenv('KRS_MOCK_URL');
        if (is_string($given) && $given !== '') {
            self::$url = rtrim($given, '/');
            return;
        }
        $launcher = self::repoRoot() . '/mock-server/bin/krs-mock.js';
        $node = getenv('NODE') ?: 'node';
        $command = [$node, $launcher, '--host', '127.0.0.1', '--port', '0', '--quiet', '--validate-responses'];
        $pipes = [];
        $process = proc_open($command, [0 => ['file', '/dev/null', 'r'], 1 => ['pipe', 'w'], 2 => ['pipe', 'w']], $pipes);
        if ($process === false) {
            throw new \RuntimeException("cannot start krs-mock ({$node} {$launcher})");
        }
        self::$process = $process;
        register_shutdown_function([self::class, 'stop']);
        stream_set_blocking($pipes[1], false);
        stream_set_blocking($pipes[2], false);
        $out = '';
        $deadline = microtime(true) + 30;
        while (microtime(true) < $deadline) {
            $read = [$pipes[1], $pipes[2]];
            $write = $except = null;
            if (stream_select($read, $write, $except, 0, 200_000) > 0) {
                foreach ($read as $pipe) {
                    $out .= (string) fread($pipe, 65536);
                }
            }
            if (preg_match('#krs-mock listening on (http://\S+)#', $out, $m) === 1) {
                self::$url = $m[1];
                return;
            }
            if (!proc_get_status($process)['running']) {
                break;
            }
        }
        self::stop();
        throw new \RuntimeException("krs-mock did not start (is the emulator built? npm run build:js -w @krs-kit/mock-server):\n{$out}");
    }

    public static function stop(): void
    {
        if (self::$process !== null) {
            proc_terminate(self::$process);
            proc_close(self::$process);
            self::$process = null;
        }
    }
}
