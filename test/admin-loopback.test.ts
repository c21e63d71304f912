import { networkInterfaces } from 'node:os'
import { describe, expect, it } from 'vitest'
import { createEngine } from '@krs-kit/mock-server'
import { isLoopback } from '@krs-kit/mock-server/internal'
import { startMock } from './support/spawn-mock.js'

// The admin API is not reachable from a non-loopback address unless --admin-remote.

/** A non-loopback IPv4 address of this machine, if it has one (e.g. eth0). */
function localNonLoopbackAddress(): string | undefined {
  for (const list of Object.values(networkInterfaces())) {
    for (const i of list ?? []) if (i.family === 'IPv4' && !i.internal) return i.address
  }
  return undefined
}
const remote = localNonLoopbackAddress()

async function get(url: string): Promise<{ status: number; json: unknown }> {
  const r = await fetch(url, { headers: { authorization: 'Bearer krs-all' } })
  return { status: r.status, json: await r.json() }
}

describe('admin API from a non-loopback address', () => {
  // Real sockets: krs-mock bound to this machine's own non-loopback interface address, so the
  // connection's remote address is that (non-loopback) address.
  it.skipIf(remote === undefined)(
    `krs-mock on ${remote ?? '(no non-loopback interface: skipped)'} refuses /__mock/ with 403 admin_forbidden, serves the API`,
    async () => {
      const mock = await startMock(['--host', remote!])
      try {
        const base = `http://${remote}:${mock.port}`
        const refused = await get(`${base}/__mock/clock`)
        expect(refused.status).toBe(403)
        expect((refused.json as { error: string }).error).toBe('admin_forbidden')
        const tenants = await fetch(`${base}/__mock/tenants`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: '{}',
        })
        expect(tenants.status).toBe(403)
        const api = await fetch(`${base}/api/v1/get_version`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: '{}',
        })
        expect(api.status).toBe(200)
      } finally {
        await mock.stop()
      }
    },
  )

  it.skipIf(remote === undefined)('with --admin-remote the same call is answered', async () => {
    const mock = await startMock(['--host', remote!, '--admin-remote'])
    try {
      const ok = await get(`http://${remote}:${mock.port}/__mock/clock`)
      expect(ok.status).toBe(200)
      expect(ok.json).toHaveProperty('now')
    } finally {
      await mock.stop()
    }
  })

  it('the loopback check itself: 127.0.0.0/8 and ::1 (also IPv4-mapped) only', () => {
    for (const a of ['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1']) expect(isLoopback(a), a).toBe(true)
    for (const a of [
      '192.0.2.2',
      '10.0.0.1',
      '::ffff:10.0.0.1',
      '128.0.0.1',
      'fe80::1',
      '',
      undefined,
      '::',
      '0.0.0.0',
      '1127.0.0.1',
    ])
      expect(isLoopback(a), String(a)).toBe(false)
  })

  it('the engine refuses an admin call its door marked as not allowed, and still serves the API', async () => {
    const engine = createEngine({ members: 5 })
    const req = {
      method: 'GET',
      path: '/__mock/clock',
      query: '',
      header: () => undefined,
      bodyText: '',
      adminAllowed: false,
    }
    const out = await engine.respond(req)
    expect(out.status).toBe(403)
    expect(JSON.parse(typeof out.body === 'string' ? out.body : new TextDecoder().decode(out.body)).error).toBe(
      'admin_forbidden',
    )
    const api = await engine.respond({
      method: 'POST',
      path: '/api/v1/get_version',
      query: '',
      header: (n) => (n === 'content-type' ? 'application/json' : undefined),
      bodyText: '{}',
      adminAllowed: false,
    })
    expect(api.status).toBe(200)
  })
})
