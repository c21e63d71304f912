import { expect, it } from 'vitest'
import { runOnEveryDoor } from '../support/run-on-every-door.js'

/** A small generated member table keeps each test's fresh engine cheap. */
const small = { engine: { members: 20 } }

const START = 1_767_225_600 // 2026-01-01T00:00:00Z, the runner's manual clock

interface Clock {
  now: number
  mode: string
  speed: number
}

runOnEveryDoor(
  'admin API: clock',
  (t) => {
    it('GET /__mock/clock answers {now, mode}', async () => {
      const r = await t.admin<Clock>('GET', 'clock')
      expect(r.status).toBe(200)
      expect(r.body).toMatchObject({ now: START, mode: 'manual' })
    })

    it('POST advances, sets and switches mode, answering the clock after the change', async () => {
      expect((await t.admin<Clock>('POST', 'clock', { advance_seconds: 90 })).body).toMatchObject({
        now: START + 90,
        mode: 'manual',
      })
      expect((await t.admin<Clock>('POST', 'clock', { set: 1_800_000_000 })).body).toMatchObject({
        now: 1_800_000_000,
        mode: 'manual',
      })
      const real = await t.admin<Clock>('POST', 'clock', { mode: 'real' })
      expect(real.body.mode).toBe('real')
      expect(real.body.now).toBeGreaterThanOrEqual(1_800_000_000)
      expect((await t.admin<Clock>('POST', 'clock', { mode: 'manual', speed: 2 })).body).toMatchObject({
        mode: 'manual',
        speed: 2,
      })
    })

    it('refuses a bad clock body naming the key', async () => {
      const r = await t.admin<{ error: string; message: string }>('POST', 'clock', { advance_seconds: -5 })
      expect(r.status).toBe(400)
      expect(r.body.error).toBe('bad_request')
      expect(r.body.message).toContain('/advance_seconds')
      const unknown = await t.admin<{ message: string }>('POST', 'clock', { advance: 5 })
      expect(unknown.status).toBe(400)
      expect(unknown.body.message).toContain('/advance')
    })
  },
  small,
)

runOnEveryDoor(
  'admin API: tenants and reset',
  (t) => {
    it('POST /__mock/tenants creates a tenant with the default token names and new values', async () => {
      const r = await t.admin<{ tenant_id: string; tokens: Record<string, string>; base_url: string }>(
        'POST',
        'tenants',
        {},
      )
      expect(r.status).toBe(201)
      expect(r.body.tenant_id).toMatch(/^t_[0-9a-f]{12}$/)
      const names = [
        'krs-all',
        'krs-work',
        'krs-operation',
        'krs-reference',
        'krs-search',
        'krs-noencrypt',
        'krs-nomail',
      ]
      expect(Object.keys(r.body.tokens)).toEqual(expect.arrayContaining(names))
      for (const [name, value] of Object.entries(r.body.tokens)) expect(value).not.toBe(name)
      // the base the SDK's baseUrl takes (no /api/v1): calls through it reach the new tenant
      expect(r.body.base_url).toBe(`${t.baseUrl}/${r.body.tenant_id}`)
      const viaBase = await t.fetch(`${r.body.base_url.slice(t.baseUrl.length)}/api/v1/get_environment_name`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${r.body.tokens['krs-all']}` },
        body: '{}',
      })
      expect(viaBase.status).toBe(200)

      // The new token works and its admin calls address its own tenant.
      const token = r.body.tokens['krs-all']!
      expect((await t.call('get_version', {}, token)).status).toBe(200)
      await t.admin('POST', 'clock', { advance_seconds: 3600 }, token)
      expect((await t.admin<Clock>('GET', 'clock', undefined, token)).body.now).toBe(START + 3600)
      expect((await t.admin<Clock>('GET', 'clock')).body.now).toBe(START)
    })

    it('two tenants get distinct tokens; an admin call with an unknown token is refused', async () => {
      const a = await t.admin<{ tokens: Record<string, string> }>('POST', 'tenants', {})
      const b = await t.admin<{ tokens: Record<string, string> }>('POST', 'tenants', {})
      expect(a.body.tokens['krs-all']).not.toBe(b.body.tokens['krs-all'])
      const r = await t.admin<{ error: string }>('GET', 'clock', undefined, 'nobody')
      expect(r.status).toBe(401)
      expect(r.body.error).toBe('unknown_token')
    })

    it('POST /__mock/reset answers {ok: true}, keeps the tokens and clears journal and faults', async () => {
      await t.call('get_version', {}, null)
      await t.admin('POST', 'faults', { operation: 'get_version', status: 503 })
      const r = await t.admin('POST', 'reset', {})
      expect(r.status).toBe(200)
      expect(r.body).toEqual({ ok: true })
      expect((await t.admin<{ entries: unknown[] }>('GET', 'journal')).body.entries).toEqual([])
      expect((await t.call('get_version', {}, null)).status).toBe(200)
      expect((await t.call('get_member_info', { member_table_id: 1, member_id: 1 }, 'krs-work')).status).toBe(403)
    })

    it('POST /__mock/reset puts the clock back as the tenant was created (mode, time, speed)', async () => {
      await t.admin('POST', 'clock', { set: START + 86_400, mode: 'real', speed: 10 })
      expect((await t.admin('POST', 'reset', {})).status).toBe(200)
      expect((await t.admin<Clock>('GET', 'clock')).body).toMatchObject({ now: START, mode: 'manual', speed: 1 })
    })

    it('POST /__mock/reset {"keep_clock": true} leaves the clock where it is; a non-boolean is refused', async () => {
      await t.admin('POST', 'clock', { advance_seconds: 7200, speed: 3 })
      expect((await t.admin('POST', 'reset', { keep_clock: true })).status).toBe(200)
      expect((await t.admin<Clock>('GET', 'clock')).body).toMatchObject({ now: START + 7200, mode: 'manual', speed: 3 })
      const bad = await t.admin<{ error: string; message: string }>('POST', 'reset', { keep_clock: 'yes' })
      expect(bad.status).toBe(400)
      expect(bad.body.message).toContain('keep_clock')
      expect((await t.admin<Clock>('GET', 'clock')).body.now).toBe(START + 7200)
    })

    it('a created tenant resets to its own creation clock, a scenario with `now` to that time', async () => {
      const made = await t.admin<{ tokens: Record<string, string> }>('POST', 'tenants', {
        clock: { mode: 'manual', set: START + 1000 },
      })
      const token = made.body.tokens['krs-all']!
      await t.admin('POST', 'clock', { advance_seconds: 50 }, token)
      await t.admin('POST', 'reset', {}, token)
      expect((await t.admin<Clock>('GET', 'clock', undefined, token)).body.now).toBe(START + 1000)
      const pinned = '2026-06-01T00:00:00Z'
      await t.admin('POST', 'reset', { scenario: { extends: 'default', now: pinned } }, token)
      const c = (await t.admin<Clock>('GET', 'clock', undefined, token)).body
      expect(c.now).toBe(Date.parse(pinned) / 1000)
      await t.admin('POST', 'clock', { advance_seconds: 5 }, token)
      await t.admin('POST', 'reset', {}, token)
      expect((await t.admin<Clock>('GET', 'clock', undefined, token)).body.now).toBe(Date.parse(pinned) / 1000)
    })

    it('reset and tenants refuse an invalid scenario with 400 naming the problem', async () => {
      const r = await t.admin<{ error: string; message: string }>('POST', 'reset', { scenario: 42 })
      expect(r.status).toBe(400)
      expect(r.body.error).toBe('invalid_scenario')
      const c = await t.admin<{ error: string }>('POST', 'tenants', { scenario: 'nope' })
      expect(c.status).toBe(400)
      expect(c.body.error).toBe('invalid_scenario')
    })

    it('DELETE /__mock/tenants removes the caller tenant, never the default one', async () => {
      const made = await t.admin<{ tokens: Record<string, string> }>('POST', 'tenants', {})
      const token = made.body.tokens['krs-all']!
      expect((await t.admin('DELETE', 'tenants', undefined, token)).status).toBe(200)
      expect((await t.call('get_environment_name', {}, token)).status).toBe(401)
      expect((await t.admin('DELETE', 'tenants')).status).toBe(400)
    })

    it('unknown admin routes answer 404 and wrong methods 405 with Allow', async () => {
      expect((await t.admin('GET', 'nothing-here')).status).toBe(404)
      const r = await t.admin('DELETE', 'clock')
      expect(r.status).toBe(405)
      expect(r.headers.get('allow')).toBe('GET, POST')
    })
  },
  small,
)

runOnEveryDoor(
  'admin API: journal',
  (t) => {
    it('lists recent requests with their responses, filterable by operation', async () => {
      await t.call('get_version', {}, null)
      await t.call('get_member_info', { member_table_id: 1 })
      const all = await t.admin<{ entries: Record<string, unknown>[] }>('GET', 'journal')
      expect(all.body.entries).toHaveLength(2)
      expect(all.body.entries[0]).toMatchObject({
        operation: 'get_version',
        status: 200,
        request: {},
        response: '1.5.0',
        method: 'POST',
        path: '/api/v1/get_version',
        at: START,
      })
      expect(all.body.entries[1]).toMatchObject({
        operation: 'get_member_info',
        status: 400,
        error_code: 'KR_API_F0006',
        request: { member_table_id: 1 },
      })
      const only = await t.admin<{ entries: { operation: string }[] }>('GET', 'journal?operation=get_version')
      expect(only.body.entries.map((e) => e.operation)).toEqual(['get_version'])
      const last = await t.admin<{ entries: { operation: string }[] }>('GET', 'journal?limit=1')
      expect(last.body.entries.map((e) => e.operation)).toEqual(['get_member_info'])
    })

    it('keeps each tenant journal apart', async () => {
      const made = await t.admin<{ tokens: Record<string, string> }>('POST', 'tenants', {})
      const token = made.body.tokens['krs-all']!
      await t.call('get_version', {}, token)
      expect((await t.admin<{ entries: unknown[] }>('GET', 'journal', undefined, token)).body.entries).toHaveLength(1)
      expect((await t.admin<{ entries: unknown[] }>('GET', 'journal')).body.entries).toHaveLength(0)
    })
  },
  small,
)

runOnEveryDoor(
  'admin API: faults',
  (t) => {
    it('answers an error code for the next N calls, then runs normally', async () => {
      const f = await t.admin<{ faults: { operation: string; remaining: number }[] }>('POST', 'faults', {
        operation: 'get_version',
        error_code: 'KRSKIT_HIGH_LOAD',
        count: 2,
      })
      expect(f.body.faults).toMatchObject([{ operation: 'get_version', remaining: 2 }])
      for (let i = 0; i < 2; i++) {
        const r = await t.call<{ error_code: string }>('get_version', {}, null)
        expect(r.status).toBe(503)
        expect(r.body.error_code).toBe('KRSKIT_HIGH_LOAD')
      }
      expect((await t.call('get_version', {}, null)).status).toBe(200)
    })

    it('answers a bare status with the code of that status, and 429 carries Retry-After', async () => {
      await t.admin('POST', 'faults', { operation: '*', status: 429 })
      const r = await t.call<{ error_code: string }>('get_version', {}, null)
      expect(r.status).toBe(429)
      expect(r.body.error_code).toBe('KRSKIT_RATE_LIMITED')
      expect(r.headers.get('retry-after')).toBe('1')
    })

    it('an error code with a status override answers that status', async () => {
      await t.admin('POST', 'faults', { operation: 'get_version', error_code: 'KR_API_F0013', status: 409 })
      const r = await t.call<{ error_code: string; error_desc: string }>('get_version', {}, null)
      expect(r.status).toBe(409)
      expect(r.body).toMatchObject({ error_code: 'KR_API_F0013', error_desc: 'Database Is Locked.' })
    })

    it('delays a call by delay_ms and then answers normally', async () => {
      await t.admin('POST', 'faults', { operation: 'get_version', delay_ms: 150 })
      const started = Date.now()
      const r = await t.call('get_version', {}, null)
      expect(r.status).toBe(200)
      expect(Date.now() - started).toBeGreaterThanOrEqual(140)
    })

    it('clear removes every fault; bad faults are refused', async () => {
      await t.admin('POST', 'faults', { operation: 'get_version', status: 500, count: 5 })
      expect((await t.admin<{ faults: unknown[] }>('POST', 'faults', { clear: true })).body.faults).toEqual([])
      expect((await t.call('get_version', {}, null)).status).toBe(200)
      expect((await t.admin('POST', 'faults', { operation: 'nope', status: 500 })).status).toBe(400)
      expect((await t.admin('POST', 'faults', { operation: 'get_version', error_code: 'KR_API_X' })).status).toBe(400)
      expect((await t.admin('POST', 'faults', { operation: 'get_version' })).status).toBe(400)
    })
  },
  small,
)

runOnEveryDoor(
  'admin API: snapshot',
  (t) => {
    it('exports a tenant and imports it back (state, clock and random stream)', async () => {
      await t.admin('POST', 'clock', { advance_seconds: 500 })
      const snap = await t.admin<Record<string, unknown>>('GET', 'snapshot')
      expect(snap.status).toBe(200)
      expect(snap.body).toMatchObject({
        format: 'krs-mock-tenant/1',
        tenant_id: 'default',
        clock: { now: START + 500, mode: 'manual' },
      })
      const draws = [t.engine.defaultTenant.random.next(), t.engine.defaultTenant.random.next()]

      await t.admin('POST', 'clock', { advance_seconds: 10_000 })
      t.engine.defaultTenant.state.environmentName = 'changed'
      const put = await t.admin('PUT', 'snapshot', snap.body)
      expect(put.status).toBe(200)
      expect(put.body).toEqual({ ok: true })
      expect((await t.admin<Clock>('GET', 'clock')).body.now).toBe(START + 500)
      expect(t.engine.defaultTenant.state.environmentName).not.toBe('changed')
      expect([t.engine.defaultTenant.random.next(), t.engine.defaultTenant.random.next()]).toEqual(draws)
      expect((await t.admin<Record<string, unknown>>('GET', 'snapshot')).body.state).toEqual(snap.body.state)
    })

    it('a snapshot keeps the creation clock that reset goes back to; one without it still loads', async () => {
      await t.admin('POST', 'clock', { advance_seconds: 500 })
      const snap = await t.admin<Record<string, unknown>>('GET', 'snapshot')
      expect(snap.body.initial_clock).toEqual({ mode: 'manual', now: START, speed: 1 })
      const moved = { ...snap.body, initial_clock: { mode: 'manual', now: START + 42, speed: 1 } }
      expect((await t.admin('PUT', 'snapshot', moved)).status).toBe(200)
      await t.admin('POST', 'reset', {})
      expect((await t.admin<Clock>('GET', 'clock')).body.now).toBe(START + 42)

      // older snapshots have no initial_clock: the clock they hold becomes the creation clock
      const { initial_clock: _, ...old } = snap.body
      expect((await t.admin('PUT', 'snapshot', old)).status).toBe(200)
      await t.admin('POST', 'clock', { advance_seconds: 60 })
      await t.admin('POST', 'reset', {})
      expect((await t.admin<Clock>('GET', 'clock')).body.now).toBe(START + 500)

      const bad = { ...snap.body, initial_clock: { mode: 'sometimes', now: START } }
      const refused = await t.admin<{ message: string }>('PUT', 'snapshot', bad)
      expect(refused.status).toBe(400)
      expect(refused.body.message).toContain('initial_clock')
    })

    it('imports a snapshot into another tenant, which keeps its own id and tokens working', async () => {
      const snap = await t.admin<Record<string, unknown>>('GET', 'snapshot')
      const made = await t.admin<{ tenant_id: string; tokens: Record<string, string> }>('POST', 'tenants', {})
      const token = made.body.tokens['krs-all']!
      // The default tenant's tokens cannot move to another tenant.
      const r = await t.admin<{ error: string }>('PUT', 'snapshot', snap.body, token)
      expect(r.status).toBe(409)
      expect(r.body.error).toBe('token_taken')
      const own = await t.admin<Record<string, unknown>>('GET', 'snapshot', undefined, token)
      expect((await t.admin('PUT', 'snapshot', own.body, token)).status).toBe(200)
      expect((await t.call('get_version', {}, token)).status).toBe(200)
    })

    it('refuses a document that is not a snapshot, naming the key', async () => {
      const r = await t.admin<{ error: string; message: string }>('PUT', 'snapshot', {
        format: 'krs-mock-tenant/1',
        tenant_id: 'x',
        seed: 'one',
      })
      expect(r.status).toBe(400)
      expect(r.body.error).toBe('invalid_snapshot')
      expect(r.body.message).toContain('/seed')
    })
  },
  small,
)
