import http from 'node:http'
import type { AddressInfo, Socket } from 'node:net'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import {
  createKrsClient,
  type KrsApiError,
  KrsNetworkError,
  KrsServerError,
  type RetryHookContext,
} from '../src/index.js'
import { failedBeforeSending } from '../src/retry-policy.js'
import { fakeFetch, json } from './support/fake-fetch.js'

// The retry policy against a real node:http server on 127.0.0.1 (random port): what the
// server sees is what a real service would see.
type Handler = (req: http.IncomingMessage, body: string, res: http.ServerResponse) => void
let handler: Handler
let server: http.Server
let baseUrl: string
let seen: Array<{ url: string | undefined; body: string; requestId: string | undefined }> = []
const sockets = new Set<Socket>()

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = ''
    req.setEncoding('utf8')
    req.on('data', (c: string) => (body += c))
    req.on('end', () => {
      seen.push({ url: req.url, body, requestId: req.headers['x-request-id'] as string | undefined })
      handler(req, body, res)
    })
  })
  server.on('connection', (s) => {
    sockets.add(s)
    s.on('close', () => sockets.delete(s))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})

afterAll(async () => {
  server.closeAllConnections()
  await new Promise((resolve) => server.close(resolve))
})

beforeEach(() => {
  seen = []
})

const sendJson = (res: http.ServerResponse, status: number, value: unknown, headers: http.OutgoingHttpHeaders = {}) => {
  res.writeHead(status, { 'content-type': 'application/json', ...headers })
  res.end(JSON.stringify(value))
}
/** Receives the whole request, then drops the connection without answering. */
const dropConnection: Handler = (req) => req.socket.destroy()
const highLoad = { error_code: 'KRSKIT_HIGH_LOAD', error_desc: 'System Is In High Load State.' }

function client(extra: Parameters<typeof createKrsClient>[0] = {}) {
  const retries: RetryHookContext[] = []
  const krs = createKrsClient({
    baseUrl,
    token: 't',
    retry: { maxRetries: 2, baseDelayMs: 1 },
    onRetry: (ctx) => retries.push(ctx),
    ...extra,
  })
  return { krs, retries }
}

const addMember = { member_table_id: 1, member_info: { e_4: 'a@example.com' } }

describe('writes are never sent twice', () => {
  it('a write whose connection drops after the server received it reaches the server once', async () => {
    handler = dropConnection
    const { krs, retries } = client()
    const e = await krs.addMember(addMember).catch((x: unknown) => x)
    expect(e).toBeInstanceOf(KrsNetworkError)
    expect(seen.filter((s) => s.url === '/api/v1/add_member')).toHaveLength(1)
    expect(JSON.parse(seen[0]!.body)).toEqual(addMember)
    expect(retries).toEqual([])
    expect((e as KrsNetworkError).requestId).toBe(seen[0]!.requestId)
  })

  it('a write answered 503 is not repeated', async () => {
    handler = (_, __, res) => sendJson(res, 503, highLoad)
    const { krs, retries } = client()
    await expect(krs.addMember(addMember)).rejects.toBeInstanceOf(KrsServerError)
    expect(seen).toHaveLength(1)
    expect(retries).toEqual([])
  })

  it('a write is retried when the connection was refused (nothing reached a server)', async () => {
    const closed = http.createServer()
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve))
    const port = (closed.address() as AddressInfo).port
    await new Promise((resolve) => closed.close(resolve))
    const { krs, retries } = client({ baseUrl: `http://127.0.0.1:${port}` })
    const e = await krs.addMember(addMember).catch((x: unknown) => x)
    expect(e).toBeInstanceOf(KrsNetworkError)
    expect(retries.map((r) => r.attempt)).toEqual([0, 1])
    expect(retries.every((r) => r.operation === 'add_member' && r.error instanceof KrsNetworkError)).toBe(true)
  })

  it('a call marked idempotent by the caller is retried like a read', async () => {
    let n = 0
    handler = (req, body, res) => (++n === 1 ? dropConnection(req, body, res) : sendJson(res, 200, 7))
    const { krs } = client()
    await expect(krs.addMember(addMember, { idempotent: true })).resolves.toBe(7)
    expect(seen).toHaveLength(2)
  })
})

describe('idempotent reads are retried', () => {
  it('on 503, then succeed', async () => {
    let n = 0
    handler = (_, __, res) =>
      ++n === 1 ? sendJson(res, 503, highLoad) : sendJson(res, 200, [{ id: 1, title: 'db', nums: 1 }])
    const { krs, retries } = client()
    await expect(krs.getMemberTables()).resolves.toEqual([{ id: 1, title: 'db', nums: 1 }])
    expect(seen).toHaveLength(2)
    expect(retries).toHaveLength(1)
    expect(retries[0]).toMatchObject({ operation: 'get_member_tables', attempt: 0 })
    expect(Number.isInteger(retries[0]!.delayMs)).toBe(true)
    expect((retries[0]!.error as KrsApiError).status).toBe(503)
  })

  it('on a connection reset, then succeed', async () => {
    let n = 0
    handler = (req, body, res) => (++n === 1 ? dropConnection(req, body, res) : sendJson(res, 200, '1.5.0'))
    const { krs, retries } = client()
    await expect(krs.getVersion()).resolves.toBe('1.5.0')
    expect(seen).toHaveLength(2)
    expect(retries[0]!.error).toBeInstanceOf(KrsNetworkError)
  })

  for (const status of [429, 502, 504]) {
    it(`on ${status}`, async () => {
      let n = 0
      handler = (_, __, res) =>
        ++n === 1
          ? sendJson(res, status, { error_code: 'KRSKIT_INTERNAL_ERROR', error_desc: 'x' })
          : sendJson(res, 200, 3)
      const { krs } = client()
      await expect(krs.getMembersNumByCondition({ member_table_id: 1, condition_id: 1 })).resolves.toBe(3)
      expect(seen).toHaveLength(2)
    })
  }

  it('not on 500 (a business error will not change)', async () => {
    handler = (_, __, res) => sendJson(res, 500, { error_code: 'KRSKIT_INTERNAL_ERROR', error_desc: 'x' })
    const { krs } = client()
    await expect(krs.getVersion()).rejects.toBeInstanceOf(KrsServerError)
    expect(seen).toHaveLength(1)
  })

  it('each attempt has its own request id; the error carries the last one', async () => {
    handler = (_, __, res) => sendJson(res, 503, highLoad)
    const { krs, retries } = client()
    const e = (await krs.getVersion().catch((x: unknown) => x)) as KrsApiError
    expect(seen).toHaveLength(3)
    const ids = seen.map((s) => s.requestId)
    expect(new Set(ids).size).toBe(3)
    expect(retries.map((r) => r.requestId)).toEqual(ids.slice(0, 2))
    expect(e.requestId).toBe(ids[2])
  })
})

describe('which network failures mean "not sent"', () => {
  // Shapes of Node's fetch (undici) failures: TypeError('fetch failed') with the system error as cause.
  const fetchFailed = (cause: unknown) => new TypeError('fetch failed', { cause })
  const sysError = (code: string) => Object.assign(new Error(code), { code })

  it('connect-phase errors (refused, DNS, no route, connect timeout) are; resets and closed sockets are not', () => {
    for (const code of [
      'ECONNREFUSED',
      'ENOTFOUND',
      'EAI_AGAIN',
      'ENETUNREACH',
      'EHOSTUNREACH',
      'UND_ERR_CONNECT_TIMEOUT',
    ]) {
      expect(failedBeforeSending(fetchFailed(sysError(code))), code).toBe(true)
    }
    const both = Object.assign(new AggregateError([sysError('ECONNREFUSED'), sysError('ECONNREFUSED')]), {
      code: 'ECONNREFUSED',
    })
    expect(failedBeforeSending(fetchFailed(both))).toBe(true)
    expect(
      failedBeforeSending(fetchFailed(new AggregateError([sysError('ECONNREFUSED'), sysError('ECONNRESET')]))),
    ).toBe(false)
    for (const code of ['ECONNRESET', 'UND_ERR_SOCKET', 'EPIPE', 'UND_ERR_CLOSED']) {
      expect(failedBeforeSending(fetchFailed(sysError(code))), code).toBe(false)
    }
    expect(failedBeforeSending(new TypeError('Failed to fetch'))).toBe(false) // a browser says nothing more
  })

  it('a write is retried after a DNS failure, and not after a reset', async () => {
    const dns = fakeFetch(fetchFailed(sysError('ENOTFOUND')), json(11))
    const krs = createKrsClient({ baseUrl: 'http://x.test', token: 't', fetch: dns.fetch, sleep: async () => {} })
    await expect(krs.addMember(addMember)).resolves.toBe(11)
    expect(dns.requests).toHaveLength(2)
    const reset = fakeFetch(fetchFailed(sysError('ECONNRESET')), json(11))
    const krs2 = createKrsClient({ baseUrl: 'http://x.test', token: 't', fetch: reset.fetch, sleep: async () => {} })
    await expect(krs2.addMember(addMember)).rejects.toBeInstanceOf(KrsNetworkError)
    expect(reset.requests).toHaveLength(1)
  })
})
