import { describe, expect, it } from 'vitest'
import { createEngine } from '@krs-kit/mock-server'
import { isLoopback } from '@krs-kit/mock-server/internal'

// The admin API is not reachable from a non-loopback address unless --admin-remote. The door's
// own test (mock-server/test/node/admin-remote.test.ts) gives it a non-loopback peer without
// leaving loopback; here, the loopback check and the engine's refusal.

describe('admin API from a non-loopback address', () => {
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
