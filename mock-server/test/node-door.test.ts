import http from 'node:http'
import { mkdtemp, rm, writeFile, mkdir } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { createEngine, MAX_BODY_BYTES } from '../src/index.js'
import { isLoopback } from '../src/node/loopback.js'
import { startNodeServer, type RunningServer } from '../src/node/index.js'

let server: RunningServer | null = null
afterEach(async () => {
  await server?.close()
  server = null
})

/** A raw request that declares `declared` bytes but sends only `sent`. */
function partialPost(url: string, declared: number, sent: number): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${url}/api/v1/get_version`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-length': String(declared) },
    })
    req.on('response', (res) => {
      let body = ''
      res.on('data', (d: Buffer) => {
        body += d.toString()
      })
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }))
    })
    req.on('error', reject)
    req.write('x'.repeat(sent))
  })
}

describe('Node door', () => {
  it('refuses a body declared over 60 MB with 413 before reading it', async () => {
    server = await startNodeServer(createEngine(), { port: 0, log: null })
    expect(MAX_BODY_BYTES).toBe(60 * 1024 * 1024)
    const r = await partialPost(server.url, MAX_BODY_BYTES + 1, 10)
    expect(r.status).toBe(413)
    expect(JSON.parse(r.body)).toMatchObject({
      error_code: 'KRSKIT_PAYLOAD_TOO_LARGE',
      error_desc: 'Payload Too Large.',
    })
  })

  it('stops reading a streamed body once it passes the limit', async () => {
    server = await startNodeServer(createEngine({ maxBodyBytes: 1000 }), { port: 0, log: null })
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

  it('logs one line per request', async () => {
    const lines: string[] = []
    server = await startNodeServer(createEngine(), { port: 0, log: (t) => void lines.push(t) })
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
      server = await startNodeServer(createEngine(), { port: 0, log: null, staticDir: dir })
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

  it('knows loopback addresses', () => {
    for (const a of ['127.0.0.1', '127.1.2.3', '::1', '::ffff:127.0.0.1']) expect(isLoopback(a)).toBe(true)
    for (const a of ['10.0.0.1', '::ffff:192.168.1.2', '2001:db8::1', undefined]) expect(isLoopback(a)).toBe(false)
  })
})
