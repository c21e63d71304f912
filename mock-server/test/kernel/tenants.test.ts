import { describe, expect, it } from 'vitest'
import { createEngine, tokensByName, type EngineContext } from '../../src/index.js'

const post = (token: string | null, op: string, body: unknown = {}): Request =>
  new Request(`http://x/api/v1/${op}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  })

describe('tenants', () => {
  it('the default tenant uses the token names as values', () => {
    const engine = createEngine()
    expect(tokensByName(engine.defaultTenant)).toMatchObject({
      'krs-all': 'krs-all',
      'krs-work': 'krs-work',
      'krs-operation': 'krs-operation',
      'krs-reference': 'krs-reference',
      'krs-search': 'krs-search',
      'krs-noencrypt': 'krs-noencrypt',
      'krs-nomail': 'krs-nomail',
    })
  })

  it('share nothing: a write in one tenant is invisible in another', async () => {
    // lock_database stands in for any write: it records an audit entry in its tenant.
    const engine = createEngine({
      handlers: {
        lock_database: (ctx: EngineContext) => {
          ctx.audit('lock', {})
          return true
        },
      } as never,
      validateResponses: false,
    })
    const other = engine.createTenant()
    const otherToken = tokensByName(other)['krs-all']!
    const res = await engine.handle(post(otherToken, 'lock_database', { member_table_id: 1 }))
    expect(res.status).toBe(200)
    expect(other.state.audit).toHaveLength(1)
    expect(engine.defaultTenant.state.audit).toHaveLength(0)
    // The default tenant's token does not reach the other tenant, and vice versa.
    expect(tokensByName(other)['krs-all']).not.toBe('krs-all')
    expect(other.state).not.toBe(engine.defaultTenant.state)
  })

  it('each tenant has its own clock and random stream', () => {
    const engine = createEngine({ clock: { mode: 'manual', now: 1000 }, seed: 9 })
    const a = engine.createTenant()
    const b = engine.createTenant({ seed: 10 })
    a.clock.advance(50)
    expect(a.clock.now()).toBe(1050)
    expect(b.clock.now()).toBe(1000)
    expect(engine.defaultTenant.clock.now()).toBe(1000)
    expect(a.random.next()).toBe(createEngine({ seed: 9 }).defaultTenant.random.next())
    expect(b.random.next()).not.toBe(createEngine({ seed: 9 }).defaultTenant.random.next())
  })

  it('two engines share nothing (no module singleton)', async () => {
    const one = createEngine()
    const two = createEngine()
    one.createTenant()
    expect(one.tenants()).toHaveLength(2)
    expect(two.tenants()).toHaveLength(1)
  })

  it('refuses admin calls when the door says the caller is not on loopback', async () => {
    const engine = createEngine()
    const res = await engine.respond({
      method: 'GET',
      path: '/__mock/clock',
      query: '',
      header: () => undefined,
      bodyText: '',
      adminAllowed: false,
    })
    expect(res.status).toBe(403)
    expect(JSON.parse(res.body as string).error).toBe('admin_forbidden')
  })

  it('a token answered a moment ago is refused at once once its tenant is deleted, and a reset tenant answers with its tokens', async () => {
    const engine = createEngine()
    const other = engine.createTenant()
    const token = tokensByName(other)['krs-all']!
    const call = async (t: string): Promise<number> =>
      (await engine.handle(post(t, 'get_member_info', { member_table_id: 1, member_id: 1 }))).status
    expect(await call(token)).toBe(200)
    expect(await call(token)).toBe(200)
    engine.deleteTenant(other)
    expect(await call(token)).toBe(401)
    const again = engine.createTenant()
    const fresh = tokensByName(again)['krs-all']!
    expect(await call(fresh)).toBe(200)
    engine.resetTenant(again)
    // a reset keeps the token values of the tenant (by name): the same token answers
    expect(await call(fresh)).toBe(200)
    expect(await call('krs-all')).toBe(200)
  })
})
