import { readFileSync } from 'node:fs'
import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  createKrsClient,
  KrsApiError,
  KrsNetworkError,
  KrsSdkError,
  KrsTimeoutError,
  SDK_VERSION,
  type KrsLogger,
} from '../src/index.js'
import { checkBrowserToken, isLoopbackUrl } from '../src/environment.js'
import { errorBody, fakeFetch, json } from './support/fake-fetch.js'

afterEach(() => {
  vi.unstubAllEnvs()
})

describe('baseUrl is checked when the client is created', () => {
  it('refuses a base URL without an http(s) scheme before any call, naming the value', () => {
    const f = fakeFetch(json([]))
    for (const bad of ['127.0.0.1:45010', 'localhost:4010', 'ftp://krs.bz/env', 'krs.bz/env', '', 'http://']) {
      let thrown: unknown
      try {
        createKrsClient({ baseUrl: bad, token: 't', fetch: f.fetch })
      } catch (e) {
        thrown = e
      }
      expect(thrown, bad).toBeInstanceOf(KrsSdkError)
      expect((thrown as Error).message).toContain(JSON.stringify(bad))
    }
    expect(f.requests).toHaveLength(0)
  })

  it('suggests the scheme for host:port, also from KRS_BASE_URL', () => {
    vi.stubEnv('KRS_BASE_URL', '127.0.0.1:45010')
    expect(() => createKrsClient({ token: 't' })).toThrow("did you mean 'http://127.0.0.1:45010'?")
  })

  it('accepts http and https URLs, with or without trailing slashes', () => {
    expect(createKrsClient({ baseUrl: 'http://127.0.0.1:4010/', token: 't' }).baseUrl).toBe('http://127.0.0.1:4010')
    expect(createKrsClient({ baseUrl: 'https://krs.bz/env', token: 't' }).baseUrl).toBe('https://krs.bz/env')
  })

  it('accepts a path where the platform has a page to resolve it against (browsers)', () => {
    expect(() => createKrsClient({ baseUrl: '/krs', fetch: fakeFetch(json([])).fetch })).toThrow(KrsSdkError)
    vi.stubGlobal('location', { href: 'http://127.0.0.1:5173/' })
    try {
      expect(createKrsClient({ baseUrl: '/krs/', fetch: fakeFetch(json([])).fetch }).baseUrl).toBe('/krs')
    } finally {
      vi.unstubAllGlobals()
    }
  })
})

describe('configuration from the environment (Node)', () => {
  it('reads KRS_API_TOKEN and KRS_BASE_URL when they are not given', async () => {
    vi.stubEnv('KRS_API_TOKEN', 'from-env')
    vi.stubEnv('KRS_BASE_URL', 'http://127.0.0.1:4999')
    const f = fakeFetch(json([]))
    const krs = createKrsClient({ fetch: f.fetch })
    await krs.getMemberTables()
    expect(f.requests[0]?.url).toBe('http://127.0.0.1:4999/api/v1/get_member_tables')
    expect(f.requests[0]?.headers.get('authorization')).toBe('Bearer from-env')
  })

  it('reads KRS_ENVIRONMENT_ID; given options win over the environment', () => {
    vi.stubEnv('KRS_BASE_URL', '')
    vi.stubEnv('KRS_ENVIRONMENT_ID', 'env-7')
    expect(createKrsClient({ token: 't' }).baseUrl).toBe('https://krs.bz/env-7')
    vi.stubEnv('KRS_BASE_URL', 'http://127.0.0.1:4999')
    expect(createKrsClient({ environmentId: 'mine' }).baseUrl).toBe('https://krs.bz/mine')
  })

  it('a call that needs a token and finds none fails clearly before sending', async () => {
    vi.stubEnv('KRS_API_TOKEN', '')
    const f = fakeFetch(json('1.5.0'))
    const krs = createKrsClient({ baseUrl: 'http://x.test', fetch: f.fetch })
    const e = await krs.getMemberTables().catch((x: unknown) => x)
    expect(e).toBeInstanceOf(KrsSdkError)
    expect((e as Error).message).toMatch(/no API token.*KRS_API_TOKEN/)
    expect(f.requests).toHaveLength(0)
    await expect(krs.getVersion()).resolves.toBe('1.5.0') // get_version needs no token
  })
})

describe('User-Agent', () => {
  it('is krs-kit-sdk/<version> node/<version> in Node; a given header wins', async () => {
    const f = fakeFetch(json('1'), json('1'))
    await createKrsClient({ baseUrl: 'http://x.test', fetch: f.fetch }).getVersion()
    expect(f.requests[0]?.headers.get('user-agent')).toBe(`krs-kit-sdk/${SDK_VERSION} node/${process.version}`)
    await createKrsClient({
      baseUrl: 'http://x.test',
      fetch: f.fetch,
      headers: { 'User-Agent': 'krs-cli/0.1.0' },
    }).getVersion()
    expect(f.requests[1]?.headers.get('user-agent')).toBe('krs-cli/0.1.0')
  })

  it('SDK_VERSION is the package version', () => {
    const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }
    expect(SDK_VERSION).toBe(pkg.version)
  })
})

describe('browser token guard', () => {
  it('refuses a token in a browser unless allowed or the server is on loopback', () => {
    expect(() => checkBrowserToken('secret', 'https://krs.bz/env', undefined, true)).toThrow(/dangerouslyAllowBrowser/)
    expect(() => checkBrowserToken('secret', 'https://krs.bz/env', true, true)).not.toThrow()
    expect(() => checkBrowserToken('secret', 'http://127.0.0.1:4010', undefined, true)).not.toThrow()
    expect(() => checkBrowserToken('secret', 'http://localhost:3000', undefined, true)).not.toThrow()
    expect(() => checkBrowserToken(undefined, 'https://krs.bz/env', undefined, true)).not.toThrow()
    expect(() => checkBrowserToken('secret', 'https://krs.bz/env', undefined, false)).not.toThrow()
  })

  it('knows loopback hosts', () => {
    expect(isLoopbackUrl('http://127.0.0.1:4010')).toBe(true)
    expect(isLoopbackUrl('http://127.8.0.3')).toBe(true)
    expect(isLoopbackUrl('http://[::1]:4010')).toBe(true)
    expect(isLoopbackUrl('http://app.localhost')).toBe(true)
    expect(isLoopbackUrl('http://127.0.0.1.example.com')).toBe(false)
    expect(isLoopbackUrl('https://krs.bz/env')).toBe(false)
  })
})

describe('request ids and withResponse()', () => {
  it('withResponse() gives the data, the raw response and the server id; awaiting the call gives the data', async () => {
    const answer = () => json({ id: 5, regist_date: 'x', update_date: 'y' }, 200, { 'x-request-id': 'req_000123' })
    const f = fakeFetch(answer(), answer())
    const krs = createKrsClient({ baseUrl: 'http://x.test', token: 't', fetch: f.fetch })
    const { data, response, requestId } = await krs.getMemberInfo({ member_table_id: 1, member_id: 5 }).withResponse()
    expect(data).toMatchObject({ id: 5 })
    expect(response.status).toBe(200)
    expect(requestId).toBe('req_000123')
    await expect(krs.getMemberInfo({ member_table_id: 1, member_id: 5 })).resolves.toMatchObject({ id: 5 })
  })

  it('sends an X-Request-Id; without an id in the answer the sent one is reported', async () => {
    const f = fakeFetch(json('1'), errorBody('KR_API_F0004', 'Invalid Parameter.', 400))
    const krs = createKrsClient({ baseUrl: 'http://x.test', token: 't', fetch: f.fetch })
    const r = await krs.getVersion().withResponse()
    expect(r.requestId).toMatch(/^sdk-[a-z0-9]+-[a-z0-9]+$/)
    expect(f.requests[0]?.headers.get('x-request-id')).toBe(r.requestId)
    const e = (await krs.getMemberTables({}, { requestId: 'my-trace-1' }).catch((x: unknown) => x)) as KrsApiError
    expect(e).toBeInstanceOf(KrsApiError)
    expect(f.requests[1]?.headers.get('x-request-id')).toBe('my-trace-1')
    expect(e.requestId).toBe('my-trace-1')
  })

  it('network errors and timeouts carry the id that was sent', async () => {
    const f = fakeFetch(new TypeError('fetch failed'))
    const krs = createKrsClient({ baseUrl: 'http://x.test', token: 't', fetch: f.fetch, retry: { maxRetries: 0 } })
    const e = (await krs.addMember({ member_table_id: 1, member_info: {} }).catch((x: unknown) => x)) as KrsNetworkError
    expect(e).toBeInstanceOf(KrsNetworkError)
    expect(e.requestId).toBe(f.requests[0]?.headers.get('x-request-id'))
    const slow = createKrsClient({
      baseUrl: 'http://x.test',
      token: 't',
      timeoutMs: 20,
      fetch: (r) => new Promise((_, reject) => r.signal.addEventListener('abort', () => reject(r.signal.reason))),
    })
    const t = (await slow.getVersion({}, { requestId: 'slow-1' }).catch((x: unknown) => x)) as KrsTimeoutError
    expect(t).toBeInstanceOf(KrsTimeoutError)
    expect(t).toBeInstanceOf(KrsNetworkError)
    expect(t.requestId).toBe('slow-1')
  })

  it('withResponse() on a failing call rejects with the same error, and the data promise is not left unhandled', async () => {
    const f = fakeFetch(errorBody('KR_API_F0004', 'Invalid Parameter.', 400))
    const krs = createKrsClient({ baseUrl: 'http://x.test', token: 't', fetch: f.fetch })
    const unhandled: unknown[] = []
    const onUnhandled = (reason: unknown) => unhandled.push(reason)
    process.on('unhandledRejection', onUnhandled)
    try {
      await expect(krs.getMemberTables().withResponse()).rejects.toBeInstanceOf(KrsApiError)
      await new Promise((resolve) => setTimeout(resolve, 10))
    } finally {
      process.off('unhandledRejection', onUnhandled)
    }
    expect(unhandled).toEqual([])
  })
})

describe('logging', () => {
  function capture(): { logger: KrsLogger; lines: Array<[string, string]> } {
    const lines: Array<[string, string]> = []
    const at = (level: string) => (message: string) => void lines.push([level, message])
    return { lines, logger: { debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') } }
  }

  it('logLevel debug logs method, operation, status, duration, attempt and request id, never the token or the body', async () => {
    const { logger, lines } = capture()
    const f = fakeFetch(
      errorBody('KRSKIT_HIGH_LOAD', 'High load.', 503),
      json({ id: 1 }, 200, { 'x-request-id': 'req_9' }),
    )
    const krs = createKrsClient({
      baseUrl: 'http://x.test',
      token: 'secret-token',
      fetch: f.fetch,
      logLevel: 'debug',
      logger,
      sleep: async () => {},
    })
    await krs.getMemberInfo({ member_table_id: 1, member_id: 424242 })
    const text = lines.map(([, m]) => m).join('\n')
    expect(lines.map(([l]) => l)).toEqual(['debug', 'info', 'debug'])
    expect(lines[0]![1]).toMatch(/^krs: POST \/api\/v1\/get_member_info 503 \d+\.\d ms attempt 0 request id sdk-/)
    expect(lines[1]![1]).toMatch(/get_member_info retry 1\/2 in \d+ ms/)
    expect(lines[2]![1]).toMatch(/^krs: POST \/api\/v1\/get_member_info 200 \d+\.\d ms attempt 1 request id req_9$/)
    expect(text).not.toContain('secret-token')
    expect(text).not.toContain('424242')
  })

  it('logs bodies only when asked; KRS_LOG sets the level in Node; the default logs nothing for a plain call', async () => {
    const { logger, lines } = capture()
    const f = fakeFetch(json({ id: 1 }), json({ id: 1 }), json({ id: 1 }))
    const body = { member_table_id: 1, member_id: 424242 }
    await createKrsClient({ baseUrl: 'http://x.test', token: 't', fetch: f.fetch, logger }).getMemberInfo(body)
    expect(lines).toEqual([])
    await createKrsClient({
      baseUrl: 'http://x.test',
      token: 't',
      fetch: f.fetch,
      logger,
      logLevel: 'debug',
      logBodies: true,
    }).getMemberInfo(body)
    expect(lines[0]![1]).toContain('424242')
    vi.stubEnv('KRS_LOG', 'debug')
    await createKrsClient({ baseUrl: 'http://x.test', token: 't', fetch: f.fetch, logger }).getMemberInfo(body)
    expect(lines).toHaveLength(2)
  })
})
