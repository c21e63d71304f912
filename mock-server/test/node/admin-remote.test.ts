import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { createEngine } from '../../src/index.js'
import { createNodeHandler } from '../../src/node/index.js'

// The admin API is not reachable from a non-loopback address unless --admin-remote. The test
// talks to loopback only: the door sees a documentation address (192.0.2.2, RFC 5737) as the
// peer, set on each accepted socket, so no traffic leaves the machine's loopback.

let server: http.Server | null = null
afterEach(async () => {
  await new Promise<void>((done) => (server ? server.close(() => done()) : done()))
  server?.closeAllConnections()
  server = null
})

async function start(adminRemote: boolean): Promise<string> {
  const s = http.createServer(createNodeHandler(createEngine({ members: 5 }), { adminRemote }))
  s.on('connection', (socket) => Object.defineProperty(socket, 'remoteAddress', { value: '192.0.2.2' }))
  server = s
  await new Promise<void>((done) => s.listen(0, '127.0.0.1', done))
  return `http://127.0.0.1:${(s.address() as AddressInfo).port}`
}

const post = (url: string, body = '{}') =>
  fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body })

describe('admin API from a non-loopback peer', () => {
  it('refuses /__mock/ with 403 admin_forbidden (shutdown included) and serves the API', async () => {
    const base = await start(false)
    const refused = await fetch(`${base}/__mock/clock`)
    expect(refused.status).toBe(403)
    expect(((await refused.json()) as { error: string }).error).toBe('admin_forbidden')
    expect((await post(`${base}/__mock/tenants`)).status).toBe(403)
    expect((await post(`${base}/__mock/shutdown`)).status).toBe(403)
    expect((await post(`${base}/api/v1/get_version`)).status).toBe(200)
  })

  it('with --admin-remote the same call is answered', async () => {
    const base = await start(true)
    const ok = await fetch(`${base}/__mock/clock`)
    expect(ok.status).toBe(200)
    expect(await ok.json()).toHaveProperty('now')
  })
})
