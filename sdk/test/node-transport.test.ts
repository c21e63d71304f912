import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createKrsClient, KrsAbortError, KrsApiError, KrsNetworkError, KrsTimeoutError } from '../src/index.js'
import { nodeTransport } from '../src/node-transport.js'

// `@krs-kit/sdk/node`'s transport against node:http servers on 127.0.0.1 (random ports): what
// the client reads from its answers (status, headers, JSON, text, streams), failures, timeouts,
// aborts and redirects.
type Handler = (req: http.IncomingMessage, body: string, res: http.ServerResponse) => void
interface Loopback {
  url: string
  server: http.Server
  handler: Handler
  seen: Array<{
    method: string | undefined
    url: string | undefined
    headers: http.IncomingHttpHeaders
    body: string
    raw: Buffer
  }>
}

async function loopback(): Promise<Loopback> {
  const lb: Loopback = { url: '', server: http.createServer(), handler: (_, __, res) => res.end(), seen: [] }
  lb.server.on('request', (req: http.IncomingMessage, res: http.ServerResponse) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      const raw = Buffer.concat(chunks)
      const body = raw.toString('utf8')
      lb.seen.push({ method: req.method, url: req.url, headers: req.headers, body, raw })
      lb.handler(req, body, res)
    })
  })
  await new Promise<void>((resolve) => lb.server.listen(0, '127.0.0.1', resolve))
  lb.url = `http://127.0.0.1:${(lb.server.address() as AddressInfo).port}`
  return lb
}

async function close(lb: Loopback): Promise<void> {
  lb.server.closeAllConnections()
  await new Promise((resolve) => lb.server.close(resolve))
}

const sendJson = (res: http.ServerResponse, status: number, value: unknown, headers: http.OutgoingHttpHeaders = {}) => {
  res.writeHead(status, { 'content-type': 'application/json', ...headers })
  res.end(JSON.stringify(value))
}

let a: Loopback
let b: Loopback

beforeAll(async () => {
  a = await loopback()
  b = await loopback()
})

afterAll(async () => {
  await close(a)
  await close(b)
})

describe('nodeTransport under createKrsClient', () => {
  it('POSTs JSON with the token and decodes the answer; withResponse gives status, headers and the request id', async () => {
    a.handler = (_, __, res) =>
      sendJson(res, 200, { member_id: 15 }, { 'x-request-id': 'srv-1', 'x-krs-emulator': '1' })
    const krs = createKrsClient({ baseUrl: a.url, token: 'tok', transport: nodeTransport })
    const { data, response, requestId } = await krs
      .lookupMemberId({ member_table_id: 1, member_info: { e_4: 'a@example.com' } })
      .withResponse()
    expect(data).toBe(15)
    expect(requestId).toBe('srv-1')
    expect(response.status).toBe(200)
    expect(response.ok).toBe(true)
    expect(response.headers.get('X-Krs-Emulator')).toBe('1')
    expect(response.headers.has('content-type')).toBe(true)
    const last = a.seen.at(-1)
    expect(last?.method).toBe('POST')
    expect(last?.url).toBe('/api/v1/lookup_member_id')
    expect(last?.headers.authorization).toBe('Bearer tok')
    expect(last?.headers['content-type']).toBe('application/json')
    expect(last?.headers['content-length']).toBe(String(Buffer.byteLength(last?.body ?? '')))
    expect(JSON.parse(last?.body ?? '')).toEqual({ member_table_id: 1, member_info: { e_4: 'a@example.com' } })
  })

  it('an error answer becomes KrsApiError with its code, message, status and request id', async () => {
    a.handler = (_, __, res) =>
      sendJson(
        res,
        400,
        { error_code: 'KR_API_F0205', error_desc: 'Busy.', message: 'job 501 is still running' },
        { 'x-request-id': 'srv-2' },
      )
    const krs = createKrsClient({ baseUrl: a.url, token: 'tok', transport: nodeTransport })
    const error = await krs.getMemberTables().catch((e: unknown) => e)
    expect(error).toBeInstanceOf(KrsApiError)
    expect(error).toMatchObject({ status: 400, code: 'KR_API_F0205', requestId: 'srv-2' })
    expect((error as Error).message).toContain('job 501 is still running')
  })

  it('a result file downloads as text and as a stream of bytes (UTF-8 split across chunks)', async () => {
    const csv = 'id,名前\n1,山田\n2,佐藤\n'
    const bytes = Buffer.from(csv)
    a.handler = (_, __, res) => {
      res.writeHead(200, { 'content-type': 'text/csv; charset=utf-8' })
      // One byte at a time: a character's bytes arrive in separate chunks.
      const write = (i: number): void => {
        if (i === bytes.length) return void res.end()
        res.write(bytes.subarray(i, i + 1), () => write(i + 1))
      }
      write(0)
    }
    const krs = createKrsClient({ baseUrl: a.url, token: 'tok', transport: nodeTransport })
    await expect(krs.downloadBatchJobResult(501)).resolves.toBe(csv)
    const stream = await krs.downloadBatchJobResult(501, { as: 'stream' })
    const chunks: Uint8Array[] = []
    const reader = stream.getReader()
    for (let r = await reader.read(); !r.done; r = await reader.read()) chunks.push(r.value)
    expect(chunks.length).toBeGreaterThan(1)
    expect(Buffer.concat(chunks).toString('utf8')).toBe(csv)
  })

  it('an upload sends its text as the JSON body', async () => {
    a.handler = (_, body, res) => sendJson(res, 200, { file_name: JSON.parse(body).file_name })
    const krs = createKrsClient({ baseUrl: a.url, token: 'tok', transport: nodeTransport })
    await krs.uploadStoredFile('members.csv', 'id,名前\r\n1,山田\r\n')
    expect(JSON.parse(a.seen.at(-1)?.body ?? '')).toEqual({ file_name: 'members.csv', body: 'id,名前\n1,山田\n' })
  })

  it('a slow answer ends with KrsTimeoutError after timeoutMs, and the connection is closed', async () => {
    let closed = false
    a.handler = (req) => req.socket.once('close', () => (closed = true))
    const krs = createKrsClient({ baseUrl: a.url, token: 'tok', transport: nodeTransport, timeoutMs: 150 })
    const started = Date.now()
    await expect(krs.getMemberTables()).rejects.toBeInstanceOf(KrsTimeoutError)
    expect(Date.now() - started).toBeLessThan(2000)
    await expect.poll(() => closed).toBe(true)
  })

  it("the caller's signal aborts a call in flight with KrsAbortError", async () => {
    a.handler = () => {}
    const krs = createKrsClient({ baseUrl: a.url, token: 'tok', transport: nodeTransport, timeoutMs: 0 })
    const controller = new AbortController()
    const call = krs.getMemberTables(undefined, { signal: controller.signal })
    setTimeout(() => controller.abort(), 50)
    await expect(call).rejects.toBeInstanceOf(KrsAbortError)
  })

  it('a refused connection is a network error that is retried as "not sent"', async () => {
    const gone = await loopback()
    await close(gone)
    const retries: string[] = []
    const krs = createKrsClient({
      baseUrl: gone.url,
      token: 'tok',
      transport: nodeTransport,
      sleep: async () => {},
      onRetry: (r) => retries.push(r.operation),
    })
    // add_member is not idempotent: it is retried only because nothing reached a server.
    const error = await krs.addMember({ member_table_id: 1, member_info: {} }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(KrsNetworkError)
    expect((error as Error).message).toContain('ECONNREFUSED')
    expect(retries).toEqual(['add_member', 'add_member'])
  })

  it('hooks still work: onRequest adds a header, onResponse sees the answer', async () => {
    a.handler = (_, __, res) => sendJson(res, 200, '1.5.0')
    const statuses: number[] = []
    const krs = createKrsClient({
      baseUrl: a.url,
      transport: nodeTransport,
      onRequest: ({ request }) => {
        const r = new Request(request)
        r.headers.set('x-extra', 'yes')
        return r
      },
      onResponse: ({ response }) => void statuses.push(response.status),
    })
    await expect(krs.getVersion()).resolves.toBe('1.5.0')
    expect(a.seen.at(-1)?.headers['x-extra']).toBe('yes')
    expect(a.seen.at(-1)?.body).toBe('{}')
    expect(statuses).toEqual([200])
  })
})

it('a body that an onRequest hook replaced goes out byte for byte', async () => {
  a.handler = (_, __, res) => sendJson(res, 200, '1.5.0')
  const bytes = new Uint8Array([0x7b, 0xff, 0x00, 0xe3, 0x81, 0x7d])
  const krs = createKrsClient({
    baseUrl: a.url,
    transport: nodeTransport,
    onRequest: ({ request }) => new Request(request, { body: bytes }),
  })
  await krs.getVersion()
  expect([...(a.seen.at(-1)?.raw ?? [])]).toEqual([...bytes])
  expect(a.seen.at(-1)?.headers['content-length']).toBe(String(bytes.length))
})

describe('nodeTransport alone', () => {
  it('follows a 307 with method and body, and drops the token when the origin changes', async () => {
    a.handler = (_, __, res) => {
      res.writeHead(307, { location: `${b.url}/moved` })
      res.end()
    }
    b.handler = (_, __, res) => sendJson(res, 200, { ok: true })
    const response = await nodeTransport({
      method: 'POST',
      url: `${a.url}/start`,
      headers: { authorization: 'Bearer tok', 'content-type': 'application/json' },
      body: '{"x":1}',
    })
    expect(response.status).toBe(200)
    expect(response.redirected).toBe(true)
    expect(response.url).toBe(`${b.url}/moved`)
    const last = b.seen.at(-1)
    expect(last?.method).toBe('POST')
    expect(last?.body).toBe('{"x":1}')
    expect(last?.headers.authorization).toBeUndefined()
  })

  it('turns a POST answered by 303 into a GET without body', async () => {
    a.handler = (req, _, res) => {
      if (req.url === '/see-other') {
        res.writeHead(303, { location: '/result' })
        return void res.end()
      }
      sendJson(res, 200, { method: req.method })
    }
    const response = await nodeTransport({ method: 'POST', url: `${a.url}/see-other`, headers: {}, body: 'x' })
    await expect(response.json()).resolves.toEqual({ method: 'GET' })
    expect(a.seen.at(-1)?.body).toBe('')
  })

  it('reads a body once; clone() gives a second reader; blob() keeps the content type', async () => {
    a.handler = (_, __, res) => sendJson(res, 200, { n: 1 })
    const response = await nodeTransport({ method: 'GET', url: a.url, headers: {} })
    const copy = response.clone()
    await expect(response.text()).resolves.toBe('{"n":1}')
    expect(response.bodyUsed).toBe(true)
    await expect(response.text()).rejects.toThrow(TypeError)
    const blob = await copy.blob()
    expect(blob.type).toBe('application/json')
    await expect(blob.text()).resolves.toBe('{"n":1}')
  })

  it('cancelling a body still arriving closes the connection, and later chunks are dropped', async () => {
    let closed = false
    a.handler = (req, _, res) => {
      req.socket.once('close', () => (closed = true))
      res.writeHead(200, { 'content-type': 'text/plain' })
      const timer = setInterval(() => res.write('x'.repeat(1024)), 5)
      res.once('close', () => clearInterval(timer))
    }
    const response = await nodeTransport({ method: 'GET', url: a.url, headers: {} })
    const reader = response.body?.getReader()
    await reader?.read()
    await reader?.cancel()
    await expect.poll(() => closed).toBe(true)
    await new Promise((resolve) => setTimeout(resolve, 50))
  })

  it('cancelling a small body that came with the head, unread, throws nothing later', async () => {
    a.handler = (_, __, res) => sendJson(res, 200, { name: 'test' })
    const errors: unknown[] = []
    const onError = (e: unknown) => errors.push(e)
    process.on('uncaughtException', onError)
    try {
      const response = await nodeTransport({ method: 'POST', url: a.url, headers: {}, body: '{}' })
      await response.body?.cancel()
      await new Promise((resolve) => setTimeout(resolve, 50))
    } finally {
      process.off('uncaughtException', onError)
    }
    expect(errors).toEqual([])
  })

  it('a body cut off before its end fails reading with TypeError "fetch failed", not a short text', async () => {
    a.handler = (_, __, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': '100' })
      res.write('{"partial":')
      setTimeout(() => res.socket?.destroy(), 10)
    }
    const response = await nodeTransport({ method: 'POST', url: a.url, headers: {}, body: '{}' })
    const error = await response.text().catch((e: unknown) => e)
    expect(error).toBeInstanceOf(TypeError)
    expect((error as Error).message).toBe('fetch failed')
    expect((error as { cause?: unknown }).cause).toBeInstanceOf(Error)
  })

  it('a 204 has no body; headers iterate in lower case and sorted like Headers', async () => {
    a.handler = (_, __, res) => {
      res.writeHead(204, { 'X-B': '2', 'X-A': '1' })
      res.end()
    }
    const response = await nodeTransport({ method: 'POST', url: a.url, headers: {} })
    expect(response.body).toBeNull()
    await expect(response.text()).resolves.toBe('')
    const names = [...response.headers].map(([name]) => name).filter((n) => n.startsWith('x-'))
    expect(names).toEqual(['x-a', 'x-b'])
  })

  it('fails like fetch: TypeError "fetch failed" with the cause, for a bad scheme and a refused port', async () => {
    await expect(nodeTransport({ method: 'GET', url: 'ftp://127.0.0.1/', headers: {} })).rejects.toThrow('fetch failed')
    const gone = await loopback()
    await close(gone)
    const error = await nodeTransport({ method: 'GET', url: gone.url, headers: {} }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(TypeError)
    expect((error as { cause?: { code?: string } }).cause?.code).toBe('ECONNREFUSED')
  })
})
