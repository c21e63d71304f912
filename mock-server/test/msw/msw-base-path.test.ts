import { setupServer } from 'msw/node'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createEngine } from '../../src/index.js'
import { createMockHandlers } from '../../src/msw/index.js'

// A base URL with a path (an app that proxies the API under /krs) must reach the same
// operations and admin routes as one without.
const BASE = 'http://krs-prefix.test/krs'
const engine = createEngine({ clock: { mode: 'manual' } })
const server = setupServer(...createMockHandlers({ engine, baseUrl: `${BASE}/` }))

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterAll(() => server.close())

const post = (path: string, body: unknown) =>
  fetch(`${BASE}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: 'Bearer krs-all' },
    body: JSON.stringify(body),
  })

describe('MSW handlers under a base URL with a path prefix', () => {
  it('answers operations with and without an environment id', async () => {
    const plain = await post('/api/v1/get_member_tables', {})
    expect(plain.status).toBe(200)
    const env = await post(`/${engine.defaultTenant.id}/api/v1/get_member_tables`, {})
    expect(env.status).toBe(200)
    expect(await env.json()).toEqual(await plain.json())
  })

  it('passes the body on and answers the admin routes', async () => {
    const added = await post('/api/v1/add_member', { member_table_id: 1, values: {} })
    expect(added.status).toBe(400)
    const clock = await post('/__mock/clock', { advance_seconds: 60 })
    expect(clock.status).toBe(200)
    const health = await fetch(`${BASE}/__mock/health`)
    expect(health.status).toBe(200)
  })
})
