import { spawnSync } from 'node:child_process'
import { describe, expect, it } from 'vitest'
import { cliSnippet, curlSnippet, phpSnippet, sdkSnippet } from '../src/components/playground/snippets.js'
import { bodyFromSearch, operationFromPath, shareUrl } from '../src/components/playground/share-url.js'
import type { EmulatorAnswer, EmulatorRequest } from '../src/components/playground/runtime-loader.js'
import { errorCodeOf, targetBaseUrl } from '../src/components/playground/send-request.js'
import { displayText } from '../src/components/playground/response-view.js'
import { formatJst } from '../src/components/playground/emulator-panel.js'

const req = {
  name: 'get_member_info',
  body: { member_table_id: 1, member_id: 2, note: "it's" },
  baseUrl: 'https://krs.bz/abc',
  security: true,
}

describe('code snippets for the exact request', () => {
  it('curl posts the JSON body with the bearer token from the environment', () => {
    const s = curlSnippet(req)
    expect(s).toContain(`curl -sS -X POST 'https://krs.bz/abc/api/v1/get_member_info'`)
    expect(s).toContain('Authorization: Bearer $KRS_API_TOKEN')
    expect(s).toContain(`--data '{"member_table_id":1,"member_id":2,"note":"it'\\''s"}'`)
    expect(curlSnippet({ ...req, name: 'get_version', body: {}, security: false })).not.toContain('Authorization')
  })

  it('the SDK calls the camelCase method with the body, on the environment id or the base URL', () => {
    expect(sdkSnippet(req)).toContain('createKrsClient({ environmentId: "abc", token: process.env.KRS_API_TOKEN })')
    expect(sdkSnippet(req)).toContain('await krs.getMemberInfo({\n  "member_table_id": 1,')
    expect(sdkSnippet({ ...req, baseUrl: 'http://127.0.0.1:4010', body: {} })).toContain(
      'baseUrl: "http://127.0.0.1:4010"',
    )
    expect(sdkSnippet({ ...req, body: {} })).toContain('krs.getMemberInfo()')
  })

  it('the CLI uses the kebab-case command and --body', () => {
    expect(cliSnippet(req)).toContain(
      `krs get-member-info --env-id 'abc' --body '{"member_table_id":1,"member_id":2,"note":"it'\\''s"}'`,
    )
    expect(
      cliSnippet({ ...req, name: 'get_version', body: {}, security: false, baseUrl: 'http://127.0.0.1:4010' }),
    ).toBe(`krs get-version --base-url 'http://127.0.0.1:4010'`)
  })

  it('PHP calls the generated method of the PHP SDK with the same body as a PHP array', () => {
    const s = phpSnippet(req)
    expect(s).toContain(
      `$krs = KrsClient::create(['environmentId' => 'abc']); // トークンは環境変数 KRS_API_TOKEN から`,
    )
    expect(s).toContain(
      `$result = $krs->getMemberInfo([\n    'member_table_id' => 1,\n    'member_id' => 2,\n    'note' => 'it\\'s',\n]);`,
    )
    const nested = phpSnippet({
      name: 'get_members_num_by_oneshot_condition',
      body: { condition_info: { conditions: { e_16: [11, {}] } }, flag: null },
      baseUrl: 'http://127.0.0.1:4010',
      security: true,
    })
    expect(nested).toContain(`KrsClient::create(['baseUrl' => 'http://127.0.0.1:4010'])`)
    expect(nested).toContain(`'e_16' => [\n                11,\n                new \\stdClass(),\n            ],`)
    expect(nested).toContain(`'flag' => null,`)
    const bare = phpSnippet({ name: 'get_version', body: {}, baseUrl: 'https://krs.bz/abc', security: false })
    expect(bare).toContain('$result = $krs->getVersion();')
    expect(bare).not.toContain('KRS_API_TOKEN')
  })

  const php = spawnSync('php', ['--version'])
  // Without PHP the text checks above still run; `npm test` says in its last lines that PHP is missing.
  it.skipIf(php.status !== 0)('the PHP snippet parses (php -l)', () => {
    const r = spawnSync('php', ['-l'], { input: phpSnippet(req), encoding: 'utf8' })
    expect(r.stdout).toContain('No syntax errors detected')
  })
})

describe('shareable URL', () => {
  it('holds the operation and the body only, and round-trips', () => {
    const url = new URL(shareUrl('http://127.0.0.1:3000', 'add_member', { member_table_id: 1 }))
    expect(url.pathname).toBe('/playground/add_member')
    expect([...url.searchParams.keys()]).toEqual(['body'])
    expect(bodyFromSearch(url.search)).toBe('{\n  "member_table_id": 1\n}')
    expect(operationFromPath(url.pathname)).toBe('add_member')
    expect(operationFromPath('/playground')).toBeNull()
    expect(bodyFromSearch('?x=1')).toBeNull()
  })
})

describe('targets and responses', () => {
  it('builds the base URL of each target', () => {
    expect(targetBaseUrl({ kind: 'emulator', token: 'krs-all' }, 'http://127.0.0.1:3000')).toBe('http://127.0.0.1:3000')
    expect(targetBaseUrl({ kind: 'local', baseUrl: 'http://127.0.0.1:4010/', token: '' }, 'x')).toBe(
      'http://127.0.0.1:4010',
    )
    expect(targetBaseUrl({ kind: 'real', environmentId: 'a b', token: '' }, 'x')).toBe('https://krs.bz/a%20b')
  })

  it('finds the error code of an error body and shows bodies as indented text', () => {
    expect(errorCodeOf('{"error_code":"KR_API_F1001","message":"x"}')).toBe('KR_API_F1001')
    expect(errorCodeOf('[1]')).toBeNull()
    expect(errorCodeOf('<b>x</b>')).toBeNull()
    expect(displayText('{"a":1}')).toBe('{\n  "a": 1\n}')
    expect(displayText('<script>x</script>')).toBe('<script>x</script>')
  })

  it('formats the emulator clock in Japan time', () => {
    expect(formatJst(1_767_225_600)).toBe('2026-01-01 09:00:00')
  })
})

describe('targets the page cannot send to', () => {
  const origin = 'http://127.0.0.1:4321'
  it('an empty environment id, or one that is not a path segment, is refused before sending', async () => {
    const { targetProblem, sendRequest } = await import('../src/components/playground/send-request.js')
    expect(targetProblem({ kind: 'real', environmentId: ' ', token: '' }, origin)).toContain('環境ID')
    expect(targetProblem({ kind: 'real', environmentId: 'a/b', token: '' }, origin)).toContain('「/」')
    expect(targetProblem({ kind: 'real', environmentId: 'env1', token: '' }, origin)).toBeNull()
    const original = globalThis.fetch
    let fetched = 0
    globalThis.fetch = (async () => {
      fetched++
      return new Response('')
    }) as typeof fetch
    try {
      const r = await sendRequest({ kind: 'real', environmentId: '', token: '' }, origin, 'get_version', '{}', false)
      expect(r.status).toBe(0)
      expect(r.failure).toContain('環境ID')
      expect(fetched).toBe(0)
    } finally {
      globalThis.fetch = original
    }
  })

  it('a local URL the site CSP does not allow names the connect-src rule; loopback and the page origin pass', async () => {
    const { targetProblem } = await import('../src/components/playground/send-request.js')
    expect(targetProblem({ kind: 'local', baseUrl: 'http://192.0.2.1:4010', token: '' }, origin)).toContain(
      'connect-src',
    )
    for (const ok of ['http://127.0.0.1:9', 'http://localhost:4010', origin])
      expect(targetProblem({ kind: 'local', baseUrl: ok, token: '' }, origin), ok).toBeNull()
    expect(targetProblem({ kind: 'local', baseUrl: 'nope', token: '' }, origin)).toContain('読めません')
  })

  it('the real service behind the page server proxy: sent to /__proxy, shown with its own URL', async () => {
    const { sendBaseUrl, targetBaseUrl, targetProblem } = await import('../src/components/playground/send-request.js')
    const t = { kind: 'real', environmentId: '', token: '', proxyTarget: 'https://krs.bz/env1' } as const
    expect(targetProblem(t, origin)).toBeNull()
    expect(sendBaseUrl(t, origin)).toBe(`${origin}/__proxy`)
    expect(targetBaseUrl(t, origin)).toBe('https://krs.bz/env1')
  })
})

describe('sendRequest', () => {
  it('marks requests to a server on the page origin so that the in-browser emulator lets them through', async () => {
    const { sendRequest, BYPASS_HEADER } = await import('../src/components/playground/send-request.js')
    const seen: Request[] = []
    const posted: EmulatorRequest[] = []
    const emulator = async (r: EmulatorRequest): Promise<EmulatorAnswer> => {
      posted.push(r)
      return {
        status: 200,
        statusText: 'OK',
        headers: [['content-type', 'application/json']],
        body: new TextEncoder().encode('[{"id":1}]').buffer as ArrayBuffer,
      }
    }
    const original = globalThis.fetch
    globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
      seen.push(new Request(input, init))
      return new Response('{"error_code":"KR_API_F1001"}', {
        status: 401,
        headers: { 'content-type': 'application/json' },
      })
    }) as typeof fetch
    try {
      const origin = 'http://127.0.0.1:4010'
      const local = await sendRequest(
        { kind: 'local', baseUrl: origin, token: 't' },
        origin,
        'get_member_tables',
        '{}',
        true,
      )
      const inBrowser = await sendRequest(
        { kind: 'emulator', token: 'krs-all' },
        origin,
        'get_member_tables',
        '{"a":"あ"}',
        true,
        emulator,
      )
      await sendRequest(
        { kind: 'real', environmentId: 'abc', token: 'x' },
        origin,
        'get_version',
        '{}',
        false,
        emulator,
      )
      expect(seen.map((r) => [r.url, r.headers.get(BYPASS_HEADER), r.headers.get('authorization')])).toEqual([
        ['http://127.0.0.1:4010/api/v1/get_member_tables', 'server', 'Bearer t'],
        ['https://krs.bz/abc/api/v1/get_version', null, null],
      ])
      // the in-browser emulator's call is posted to its worker, not fetched
      expect(posted).toHaveLength(1)
      expect(posted[0]).toMatchObject({
        method: 'POST',
        url: 'http://127.0.0.1:4010/api/v1/get_member_tables',
        headers: [
          ['content-type', 'application/json'],
          ['accept-language', 'ja'],
          ['authorization', 'Bearer krs-all'],
        ],
      })
      expect(new TextDecoder().decode(posted[0]!.body!)).toBe('{"a":"あ"}')
      expect(inBrowser).toMatchObject({ status: 200, text: '[{"id":1}]', errorCode: null })
      expect(local).toMatchObject({
        status: 401,
        errorCode: 'KR_API_F1001',
        headers: [['content-type', 'application/json']],
      })
    } finally {
      globalThis.fetch = original
    }
  })
})
