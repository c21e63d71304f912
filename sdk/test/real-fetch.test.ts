import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createKrsClient, KrsApiError, KrsTimeoutError } from '../src/index.js'

// The default path (no custom fetch, no hooks) hands the URL and init straight to the
// global fetch. These tests run it against a node:http server on 127.0.0.1 (random port).
type Handler = (req: http.IncomingMessage, body: string, res: http.ServerResponse) => void
let handler: Handler = (_, __, res) => res.end()
let server: http.Server
let baseUrl: string
const seen: Array<{ url: string | undefined; headers: http.IncomingHttpHeaders; body: string }> = []

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = ''
    req.setEncoding('utf8')
    req.on('data', (c: string) => (body += c))
    req.on('end', () => {
      seen.push({ url: req.url, headers: req.headers, body })
      handler(req, body, res)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})

afterAll(async () => {
  server.closeAllConnections()
  await new Promise((resolve) => server.close(resolve))
})

const sendJson = (res: http.ServerResponse, status: number, value: unknown, headers: http.OutgoingHttpHeaders = {}) => {
  res.writeHead(status, { 'content-type': 'application/json', ...headers })
  res.end(JSON.stringify(value))
}

describe('with the global fetch over a real socket', () => {
  it('POSTs JSON with the bearer token and decodes the answer', async () => {
    handler = (_, __, res) => sendJson(res, 200, { member_id: 15 })
    const krs = createKrsClient({ baseUrl, token: 'tok' })
    await expect(krs.lookupMemberId({ member_table_id: 1, member_info: { e_4: 'a@example.com' } })).resolves.toBe(15)
    const last = seen.at(-1)
    expect(last?.url).toBe('/api/v1/lookup_member_id')
    expect(last?.headers.authorization).toBe('Bearer tok')
    expect(last?.headers['content-type']).toBe('application/json')
    expect(JSON.parse(last?.body ?? '')).toEqual({ member_table_id: 1, member_info: { e_4: 'a@example.com' } })
  })

  it('retries a 429 after Retry-After, then maps a 400 to KrsApiError', async () => {
    let calls = 0
    handler = (_, __, res) => {
      calls++
      if (calls === 1)
        sendJson(
          res,
          429,
          { error_code: 'KRSKIT_RATE_LIMITED', error_desc: 'Too Many Requests.' },
          { 'retry-after': '0' },
        )
      else sendJson(res, 400, { error_code: 'KR_API_F0004', error_desc: 'Invalid Parameter.', message: 'bad' })
    }
    const krs = createKrsClient({ baseUrl, token: 't' })
    const e = await krs.getMemberTables().catch((x: unknown) => x)
    expect(calls).toBe(2)
    expect(e).toBeInstanceOf(KrsApiError)
    expect(e).toMatchObject({ status: 400, code: 'KR_API_F0004', detail: 'bad' })
  })

  it('times out a server that does not answer', async () => {
    handler = () => {}
    const krs = createKrsClient({ baseUrl, timeoutMs: 50 })
    await expect(krs.getVersion()).rejects.toBeInstanceOf(KrsTimeoutError)
  })

  it('streams a text download', async () => {
    handler = (_, __, res) => {
      res.writeHead(200, { 'content-type': 'text/csv; charset=utf-8' })
      res.write('id,e_4\n')
      setTimeout(() => res.end('1,foo@example.com\n'), 20)
    }
    const krs = createKrsClient({ baseUrl, token: 't', timeoutMs: 5000 })
    const stream = await krs.downloadBatchJobResult(5, { as: 'stream' })
    await expect(new Response(stream).text()).resolves.toBe('id,e_4\n1,foo@example.com\n')
    await expect(krs.downloadBatchJobResult(5)).resolves.toBe('id,e_4\n1,foo@example.com\n')
  })
})
