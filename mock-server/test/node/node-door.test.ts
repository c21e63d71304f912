import http from 'node:http'
import net from 'node:net'
import { mkdtemp, rm, writeFile, mkdir } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { createEngine, MAX_BODY_BYTES } from '../../src/index.js'
import { isLoopback } from '../../src/node/loopback.js'
import { startNodeServer, type RunningServer } from '../../src/node/index.js'
import { createRequestLog } from '../../src/program/request-log.js'
import { answerOf } from '../support/answer-of.js'

let server: RunningServer | null = null
afterEach(async () => {
  await server?.close()
  server = null
})

/** A raw request that declares `declared` bytes but sends only `sent`. */
function partialPost(url: string, declared: number, sent: number): Promise<{ status: number; body: string }> {
  const req = http.request(`${url}/api/v1/get_version`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'content-length': String(declared) },
  })
  const answer = answerOf(req)
  req.write('x'.repeat(sent))
  return answer
}

describe('Node door', () => {
  it('refuses a body declared over 60 MB with 413 before reading it', async () => {
    server = await startNodeServer(createEngine(), { port: 0 })
    expect(MAX_BODY_BYTES).toBe(60 * 1024 * 1024)
    const r = await partialPost(server.url, MAX_BODY_BYTES + 1, 10)
    expect(r.status).toBe(413)
    expect(JSON.parse(r.body)).toMatchObject({
      error_code: 'KRSKIT_PAYLOAD_TOO_LARGE',
      error_desc: 'Payload Too Large.',
    })
  })

  it('stops reading a streamed body once it passes the limit', async () => {
    server = await startNodeServer(createEngine({ maxBodyBytes: 1000 }), { port: 0 })
    const res = await new Promise<number>((resolve, reject) => {
      const req = http.request(`${server!.url}/api/v1/get_version`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
      })
      req.on('response', (r) => resolve(r.statusCode ?? 0))
      req.on('error', reject)
      req.write('x'.repeat(2000)) // chunked, no content-length
    })
    expect(res).toBe(413)
  })

  it("tells its answer observer of each answer (krs-mock's request log: one line per request)", async () => {
    const lines: string[] = []
    server = await startNodeServer(createEngine(), { port: 0, onAnswer: createRequestLog((t) => void lines.push(t)) })
    await fetch(`${server.url}/api/v1/get_version`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    })
    await fetch(`${server.url}/api/v1/nope`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    })
    await new Promise((r) => setTimeout(r, 20))
    const all = lines.join('').trimEnd().split('\n')
    expect(all).toHaveLength(2)
    expect(all[0]).toMatch(/^\d{4}-\d\d-\d\dT.* POST \/api\/v1\/get_version 200 get_version \d+\.\dms$/)
    expect(all[1]).toMatch(/POST \/api\/v1\/nope 404 KR_API_F0012/)
  })

  it('serves a static folder beside the API when asked (--static)', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'krs-static-'))
    try {
      await mkdir(join(dir, 'docs'))
      await writeFile(join(dir, 'index.html'), '<h1>krs-kit</h1>')
      await writeFile(join(dir, 'docs', 'index.html'), '<h1>docs</h1>')
      server = await startNodeServer(createEngine(), { port: 0, staticDir: dir })
      const home = await fetch(`${server.url}/`)
      expect(home.headers.get('content-type')).toMatch(/text\/html/)
      expect(await home.text()).toBe('<h1>krs-kit</h1>')
      expect(await (await fetch(`${server.url}/docs/`)).text()).toBe('<h1>docs</h1>')
      expect((await fetch(`${server.url}/../../etc/passwd`)).status).toBe(404)
      // an unknown page: the site's 404.html for a browser, the API error body otherwise
      await writeFile(join(dir, '404.html'), '<h1>ページが見つかりません</h1>')
      const page = await fetch(`${server.url}/no-such-page`, { headers: { accept: 'text/html,application/xhtml+xml' } })
      expect(page.status).toBe(404)
      expect(page.headers.get('content-type')).toMatch(/text\/html/)
      expect(await page.text()).toBe('<h1>ページが見つかりません</h1>')
      const script = await fetch(`${server.url}/no-such-page`)
      expect(script.status).toBe(404)
      expect(((await script.json()) as { error_code: string }).error_code).toBe('KR_API_F0012')
      expect((await fetch(`${server.url}/api/v1/get_version`)).status).toBe(405)
      const api = await fetch(`${server.url}/api/v1/get_version`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      })
      expect(api.status).toBe(200)
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  })

  it('answers requests that arrive together each on its own connection, and two pipelined on one socket in order', async () => {
    // The door writes the answers of one event-loop turn together: each must still reach
    // its own client, with its own id and member.
    server = await startNodeServer(createEngine({ members: 40, clock: { mode: 'manual' } }), { port: 0 })
    const url = server.url
    const one = (memberId: number) =>
      new Promise<{ id: string | undefined; member: number }>((resolve, reject) => {
        const agent = new http.Agent({ keepAlive: false })
        const req = http.request(`${url}/api/v1/get_member_info`, {
          method: 'POST',
          agent,
          headers: {
            'content-type': 'application/json',
            authorization: 'Bearer krs-all',
            'x-request-id': `member-${memberId}`,
          },
        })
        req.on('response', (res) => {
          let body = ''
          res.setEncoding('utf8')
          res.on('data', (d: string) => (body += d))
          res.on('end', () =>
            resolve({
              id: res.headers['x-request-id'] as string | undefined,
              member: (JSON.parse(body) as { id: number }).id,
            }),
          )
        })
        req.on('error', reject)
        req.end(JSON.stringify({ member_table_id: 1, member_id: memberId }))
      })
    const ids = Array.from({ length: 30 }, (_, i) => i + 1)
    const answers = await Promise.all(ids.map(one))
    expect(answers).toEqual(ids.map((m) => ({ id: `member-${m}`, member: m })))

    // Two requests written at once on one socket (HTTP/1.1 pipelining): two answers, in order.
    const { port } = new URL(url)
    const raw = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(Number(port), '127.0.0.1')
      let text = ''
      socket.setEncoding('utf8')
      socket.on('data', (d: string) => {
        text += d
        // answers carry a Content-Length: the second ends with its JSON body
        if ((text.match(/"regist_date"/g) ?? []).length === 2 && text.endsWith('}')) {
          socket.end()
          resolve(text)
        }
      })
      socket.on('error', reject)
      const request = (memberId: number) => {
        const body = JSON.stringify({ member_table_id: 1, member_id: memberId })
        return `POST /api/v1/get_member_info HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nAuthorization: Bearer krs-all\r\nX-Request-Id: pipe-${memberId}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`
      }
      socket.write(request(7) + request(8))
    })
    const order = [...raw.matchAll(/x-request-id: (pipe-\d+)/g)].map((m) => m[1])
    expect(order).toEqual(['pipe-7', 'pipe-8'])
    expect([...raw.matchAll(/"id":(\d+),"regist_date"/g)].map((m) => Number(m[1]))).toEqual([7, 8])
  })

  it('knows loopback addresses', () => {
    for (const a of ['127.0.0.1', '127.1.2.3', '::1', '::ffff:127.0.0.1']) expect(isLoopback(a)).toBe(true)
    for (const a of ['10.0.0.1', '::ffff:192.168.1.2', '2001:db8::1', undefined]) expect(isLoopback(a)).toBe(false)
  })
})
