<?php

declare(strict_types=1);

namespace KrsKit\Sdk\Tests\Support;

use GuzzleHttp\Client;
use KrsKit\Sdk\KrsClient;

/**
 * A tenant of the emulator of its own (nothing shared with other test classes), its tokens
 * and the admin calls the tests use: clock, faults, journal.
 */
final class Tenant
{
    /** @param array<string, string> $tokens */
    private function __construct(
        public readonly string $id,
        public readonly string $baseUrl,
        public readonly array $tokens,
        private readonly Client $http,
    ) {
    }

    public static function create(): self
    {
        $admin = new Client(['base_uri' => MockProcess::url(), 'http_errors' => true, 'timeout' => 30]);
        $created = json_decode((string) $admin->post('/__mock/tenants', ['json' => new \stdClass()])->getBody(), true);
        return new self($created['tenant_id'], $created['base_url'], $created['tokens'], $admin);
    }

    public function token(string $name = 'krs-all'): string
    {
        return $this->tokens[$name];
    }

    /** @param array<string, mixed> $options more options of KrsClient::create */
    public function client(array $options = [], string $tokenName = 'krs-all'): KrsClient
    {
        return KrsClient::create($options + ['baseUrl' => $this->baseUrl, 'token' => $this->token($tokenName)]);
    }

    /**
     * @param array<string, mixed> $change mode, set, advance_seconds
     * @return array{now: int, mode: string}
     */
    public function clock(array $change = []): array
    {
        if ($change === []) {
            return $this->admin('GET', '/__mock/clock');
        }
        return $this->admin('POST', '/__mock/clock', $change);
    }

    /** @param array<string, mixed> $fault operation, error_code, status, delay_ms, count */
    public function addFault(array $fault): void
    {
        $this->admin('POST', '/__mock/faults', $fault);
    }

    public function clearFaults(): void
    {
        $this->admin('POST', '/__mock/faults', ['clear' => true]);
    }

    /** @return list<array<string, mixed>> the journal entries (oldest first), of one operation when given */
    public function journal(?string $operation = null): array
    {
        $query = $operation === null ? '' : '?operation=' . rawurlencode($operation);
        return $this->admin('GET', "/__mock/journal{$query}")['entries'];
    }

    public function clearJournal(): void
    {
        $this->admin('DELETE', '/__mock/journal');
    }

    /** @param array<string, mixed>|null $body */
    private function admin(string $method, string $path, ?array $body = null): mixed
    {
        $options = ['headers' => ['authorization' => 'Bearer ' . $this->token()]];
        if ($body !== null) {
            $options['json'] = $body;
        }
        return json_decode((string) $this->http->request($method, $path, $options)->getBody(), true);
    }
}
