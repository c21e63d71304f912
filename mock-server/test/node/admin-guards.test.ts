import http from 'node:http'
import { afterEach, describe, expect, it } from 'vitest'
import { createEngine } from '../../src/index.js'
import { startNodeServer, type NodeServerOptions, type RunningServer } from '../../src/node/index.js'

// The admin API cannot be driven from other web pages or through forged hosts, the API sends
// no CORS headers unless asked, and a body of invalid UTF-8 is refused over real HTTP.

let server: RunningServer | null = null
afterEach(async () => {
  await server?.close()
  server = null
})

const START = 1_767_225_600

async function start(opts: NodeServerOptions = {}): Promise<RunningServer> {
  server = await startNodeServer(createEngine({ members: 20, clock: { mode: 'manual', now: START } }), {
    port: 0,
    ...opts,
  })
  return server
}

/** A raw request with exactly these headers (fetch would not let a test forge Host). */
function raw(
  url: string,
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: string | Buffer,
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${url}${path}`, {
      method,
      headers: { ...headers, ...(body !== undefined ? { 'content-length': String(Buffer.byteLength(body)) } : {}) },
    })
    req.on('response', (res) => {
      let text = ''
      res.on('data', (d: Buffer) => {
        text += d.toString()
      })
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }))
    })
    req.on('error', reject)
    req.end(body)
  })
}

const clockNow = async (s: RunningServer): Promise<number> =>
  ((await (await fetch(`${s.url}/__mock/clock`)).json()) as { now: number }).now

describe('the admin API refuses other web pages and forged hosts', () => {
  it('a no-cors POST (text/plain) from another page does not move the clock: 415', async () => {
    const s = await start()
    const r = await raw(
      s.url,
      'POST',
      '/__mock/clock',
      { 'content-type': 'text/plain;charset=UTF-8' },
      '{"advance_seconds":3600}',
    )
    expect(r.status).toBe(415)
    expect(await clockNow(s)).toBe(START)
    for (const route of ['reset', 'tenants', 'faults']) {
      expect((await raw(s.url, 'POST', `/__mock/${route}`, { 'content-type': 'text/plain' }, '{}')).status).toBe(415)
    }
  })

  it('an Origin that is not the server’s own is refused with 403, even with a JSON body', async () => {
    const s = await start()
    const r = await raw(
      s.url,
      'POST',
      '/__mock/clock',
      { 'content-type': 'application/json', origin: 'https://attacker.example' },
      '{"advance_seconds":3600}',
    )
    expect(r.status).toBe(403)
    expect(r.headers['access-control-allow-origin']).toBeUndefined()
    expect(await clockNow(s)).toBe(START)
    const own = await raw(
      s.url,
      'POST',
      '/__mock/clock',
      { 'content-type': 'application/json', origin: s.url },
      '{"advance_seconds":60}',
    )
    expect(own.status).toBe(200)
  })

  it('a Host that is not a loopback name (DNS rebinding) gets 421 and no snapshot', async () => {
    const s = await start()
    const r = await raw(s.url, 'GET', '/__mock/snapshot', { host: 'attacker.example' })
    expect(r.status).toBe(421)
    expect(r.body).not.toContain('krs-all')
    expect((await raw(s.url, 'GET', '/__mock/snapshot', { host: `localhost:${s.port}` })).status).toBe(200)
    const configured = await start({ allowedHosts: ['mock.internal'] })
    expect((await raw(configured.url, 'GET', '/__mock/clock', { host: 'mock.internal:4010' })).status).toBe(200)
  })

  it('the API has no CORS by default; --cors answers the preflight and the call for an allowed origin only', async () => {
    const plain = await start()
    const pre0 = await raw(plain.url, 'OPTIONS', '/api/v1/get_version', {
      origin: 'http://app.example',
      'access-control-request-method': 'POST',
    })
    expect(pre0.headers['access-control-allow-origin']).toBeUndefined()
    await server!.close()
    const s = await start({ corsOrigins: ['http://app.example'] })
    const pre = await raw(s.url, 'OPTIONS', '/api/v1/get_member_info', {
      origin: 'http://app.example',
      'access-control-request-method': 'POST',
      'access-control-request-headers': 'authorization, content-type',
    })
    expect(pre.status).toBe(204)
    expect(pre.headers['access-control-allow-origin']).toBe('http://app.example')
    expect(pre.headers['access-control-allow-headers']).toContain('authorization')
    const call = await raw(
      s.url,
      'POST',
      '/api/v1/get_version',
      { origin: 'http://app.example', 'content-type': 'application/json' },
      '{}',
    )
    expect(call.status).toBe(200)
    expect(call.headers['access-control-allow-origin']).toBe('http://app.example')
    const other = await raw(
      s.url,
      'POST',
      '/api/v1/get_version',
      { origin: 'http://other.example', 'content-type': 'application/json' },
      '{}',
    )
    expect(other.headers['access-control-allow-origin']).toBeUndefined()
    const adminPre = await raw(s.url, 'OPTIONS', '/__mock/clock', {
      origin: 'http://app.example',
      'access-control-request-method': 'POST',
    })
    expect(adminPre.headers['access-control-allow-origin']).toBeUndefined()
  })
})

describe('over HTTP: invalid UTF-8', () => {
  it('answers KR_API_F1004 through the Node door', async () => {
    const s = await start()
    const body = Buffer.concat([
      Buffer.from('{"member_table_id":1,"member_info":{"e_4":"x@example.com","e_5":"abcd1234","e_6":"'),
      Buffer.from([0xc3, 0x28]),
      Buffer.from('"}}'),
    ])
    const r = await raw(
      s.url,
      'POST',
      '/api/v1/add_member',
      { 'content-type': 'application/json', authorization: 'Bearer krs-all' },
      body,
    )
    expect(r.status).toBe(400)
    expect(JSON.parse(r.body).error_code).toBe('KR_API_F1004')
  })
})
