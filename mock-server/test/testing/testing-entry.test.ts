import { isKrsApiError } from '@krs-kit/sdk'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createEngine } from '../../src/index.js'
import { startNodeServer } from '../../src/node/index.js'
import { callAdmin, createRemoteTenant, createTestEmulator, type TestEmulator } from '../../src/testing/index.js'
import { durationSeconds } from '../../src/testing/duration.js'

// @krs-kit/mock-server/testing: one emulator, a tenant per test, the SDK client, the manual
// clock, the outbox, the journal as a failure message, reset and dispose; in process and listening.

const START = '2026-04-01T09:00:00+09:00'
const START_S = Date.parse(START) / 1000

const mailInfo = { type: 1 as const, from: 'info@example.com', subject: 'お知らせ', text_part: '本文です' }

describe('createTestEmulator (in process)', () => {
  let emulator: TestEmulator
  beforeAll(async () => {
    emulator = await createTestEmulator({ members: 20, clock: { now: START } })
  })
  afterAll(() => emulator.dispose())

  it('gives a tenant with its base URL, tokens and an SDK client answered in process', async () => {
    const krs = await emulator.tenant()
    expect(emulator.url).toBeNull()
    expect(krs.baseUrl).toBe(`https://krs.bz/${krs.id}`)
    expect(krs.token).toBe(krs.tokens['krs-all'])
    expect(Object.keys(krs.tokens)).toContain('krs-reference')
    const tables = await krs.client.getMemberTables()
    expect(tables.length).toBeGreaterThan(0)
    // the journal saw it, under the tenant's own path
    const [entry] = krs.journal({ operation: 'get_member_tables' })
    expect(entry).toMatchObject({ status: 200, path: `/${krs.id}/api/v1/get_member_tables` })
    await krs.dispose()
  })

  it("keeps tenants apart: one tenant's writes are not seen by another", async () => {
    const a = await emulator.tenant()
    const b = await emulator.tenant()
    const id = await a.client.addMember({ member_table_id: 1, member_info: { e_4: 'only-a@example.com', e_6: '試験' } })
    expect((await a.client.getMemberInfo({ member_table_id: 1, member_id: id })).e_4).toBe('only-a@example.com')
    const missing = await b.client.getMemberInfo({ member_table_id: 1, member_id: id }).catch((e: unknown) => e)
    expect(isKrsApiError(missing) && missing.code).toBe('KR_API_F0005')
    // b's own first write takes the same id a's did: nothing of a is in b
    expect(await b.client.addMember({ member_table_id: 1, member_info: { e_4: 'b@example.com', e_6: '試験' } })).toBe(
      id,
    )
    await Promise.all([a.dispose(), b.dispose()])
  })

  it('forks every default tenant from one template built once, which no test write reaches', async () => {
    const a = await emulator.tenant()
    const b = await emulator.tenant()
    expect(emulator.engine.templates().filter((n) => n === 'testing-base')).toHaveLength(1)
    const id = await a.client.addMember({ member_table_id: 1, member_info: { e_4: 'fork-a@example.com', e_6: '試験' } })
    // a tenant made after a's write starts from the template, not from a
    const c = await emulator.tenant()
    const missing = await c.client.getMemberInfo({ member_table_id: 1, member_id: id }).catch((e: unknown) => e)
    expect(isKrsApiError(missing) && missing.code).toBe('KR_API_F0005')
    expect(emulator.engine.templates().filter((n) => n === 'testing-base')).toHaveLength(1)
    await Promise.all([a.dispose(), b.dispose(), c.dispose()])
  })

  it('has a manual clock: it stays until advanced or set, and due deliveries run on the way', async () => {
    const krs = await emulator.tenant()
    expect(krs.clock.now().getTime() / 1000).toBe(START_S)
    await new Promise((r) => setTimeout(r, 1100))
    expect(krs.clock.now().getTime() / 1000).toBe(START_S)

    const msg = await krs.client.addMailMessage({ member_table_id: 1, mail_info: mailInfo })
    const delivery = await krs.client.addDeliverySchedule({
      mail_message_id: msg,
      delivery_info: { title: '4月号', condition_id: 1, element_id: 4, delivery_date: START_S + 600 },
    })
    expect((await krs.outbox(delivery)).mails).toHaveLength(0)
    expect((await krs.clock.advance('1h')).getTime() / 1000).toBe(START_S + 3600)
    const outbox = await krs.outbox(delivery, { limit: 2 })
    expect(outbox.total).toBeGreaterThan(0)
    expect(outbox.mails).toHaveLength(2)

    expect((await krs.clock.advance(90_000)).getTime() / 1000).toBe(START_S + 3690)
    const later = await krs.clock.set('2026-05-01T00:00:00Z')
    expect(later.toISOString()).toBe('2026-05-01T00:00:00.000Z')
    await krs.dispose()
  })

  it('refuses a duration or an instant it cannot take exactly, and changes nothing', async () => {
    const krs = await emulator.tenant()
    await expect(krs.clock.advance(1500)).rejects.toThrow(/whole, non-negative number of seconds/)
    await expect(krs.clock.advance('an hour')).rejects.toThrow(/'1h30m'/)
    // a fraction of a second in text is refused as `krs mock clock advance` refuses it
    await expect(krs.clock.advance('1.5s')).rejects.toThrow(
      `clock.advance: "1.5s" is not a whole, non-negative number of seconds`,
    )
    await expect(krs.clock.advance('500ms')).rejects.toThrow(/"500ms" is not a whole/)
    expect(durationSeconds('1.5m')).toBe(90)
    await expect(krs.clock.set('2026-05-01T00:00:00')).rejects.toThrow(/needs a time zone/)
    // the emulator's own bounds come back as its message
    await expect(krs.clock.set('1990-01-01T00:00:00Z')).rejects.toThrow(/answered 400/)
    expect(krs.clock.now().getTime() / 1000).toBe(START_S)
    expect(durationSeconds('1d2h3m4s')).toBe(86_400 + 7200 + 180 + 4)
    await krs.dispose()
  })

  it('describes what the emulator saw, for a failure message', async () => {
    const krs = await emulator.tenant()
    expect(krs.describe()).toContain(`no API request reached it (check the base URL ${krs.baseUrl} and the token)`)
    await krs.client.getMemberTables()
    await krs.client.getMemberInfo({ member_table_id: 1, member_id: 999 }).catch(() => undefined)
    const text = krs.describe()
    expect(text).toContain(
      `emulator tenant ${krs.id} (clock 2026-04-01T09:00:00+09:00, manual): the last 2 of 2 requests`,
    )
    expect(text).toMatch(/POST \/\S+\/api\/v1\/get_member_tables → 200/)
    expect(text).toMatch(/POST \/\S+\/api\/v1\/get_member_info → \d{3} KR_API_F0005/)
    expect(text).toContain('"member_id":999')
    // durations are shown to a tenth of a millisecond at most
    expect(text).not.toMatch(/\(\d+\.\d{2,} ms/)
    expect(krs.describe(1)).toContain('the last 1 of 2 requests')
    const error = krs.annotate(new Error('expected 3 rows'))
    expect(error.message).toMatch(/^expected 3 rows\n\nemulator tenant /)
    await krs.dispose()
  })

  it('reset() rebuilds the tenant from its scenario; tokens and clock stay, the journal is emptied', async () => {
    const krs = await emulator.tenant()
    const first = await krs.client.addMember({ member_table_id: 1, member_info: { e_4: 'x@example.com', e_6: '試験' } })
    await krs.clock.advance('2h')
    await krs.reset()
    expect(krs.journal()).toHaveLength(0)
    expect(krs.clock.now().getTime() / 1000).toBe(START_S + 7200)
    expect(await krs.client.addMember({ member_table_id: 1, member_info: { e_4: 'y@example.com', e_6: '試験' } })).toBe(
      first,
    )
    await krs.dispose()
  })

  it('dispose() deletes the tenant: its token stops working', async () => {
    const krs = await emulator.tenant()
    const count = emulator.engine.tenants().length
    await krs.dispose()
    await krs.dispose()
    expect(emulator.engine.tenants()).toHaveLength(count - 1)
    const res = await krs.fetch(`${krs.baseUrl}/api/v1/get_member_tables`, {
      method: 'POST',
      headers: { authorization: `Bearer ${krs.token}`, 'content-type': 'application/json' },
      body: '{}',
    })
    expect(res.status).toBe(401)
    await expect(krs.reset()).rejects.toThrow(/was disposed/)
  })

  it('takes a scenario and a start time per tenant', async () => {
    const krs = await emulator.tenant({ members: 3, now: '2030-01-01T00:00:00Z' })
    expect(krs.clock.now().toISOString()).toBe('2030-01-01T00:00:00.000Z')
    // three generated members: the next one is the fourth
    expect(await krs.client.addMember({ member_table_id: 1, member_info: { e_4: 'n@example.com', e_6: '試験' } })).toBe(
      4,
    )
    await krs.dispose()
  })
})

describe('createTestEmulator({ listen: true })', () => {
  it('serves the tenants over HTTP on 127.0.0.1 until disposed; dispose deletes its tenants', async () => {
    const emulator = await createTestEmulator({ listen: true })
    expect(emulator.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
    const krs = await emulator.tenant()
    expect(krs.baseUrl).toBe(`${emulator.url}/${krs.id}`)
    const res = await fetch(`${krs.baseUrl}/api/v1/get_member_tables`, {
      method: 'POST',
      headers: { authorization: `Bearer ${krs.token}`, 'content-type': 'application/json' },
      body: '{}',
    })
    expect(res.status).toBe(200)
    // the client goes over HTTP too, and the journal shows both
    await krs.client.getVersion()
    expect(krs.journal().map((e) => e.operation)).toEqual(['get_member_tables', 'get_version'])
    await emulator.dispose()
    expect(emulator.engine.tenant(krs.id)).toBeUndefined()
    await expect(fetch(`${emulator.url}/__mock/health`)).rejects.toThrow()
    await expect(emulator.tenant()).rejects.toThrow(/was disposed/)
  })
})

describe('createRemoteTenant and callAdmin (an emulator in another process, over HTTP)', () => {
  it('makes a tenant through the admin API, with a manual clock unless asked, and drives it', async () => {
    const server = await startNodeServer(createEngine({ members: 5 }), { port: 0 })
    try {
      const krs = await createRemoteTenant(server.url, { members: 3 })
      expect(krs.id).toMatch(/^t_/)
      expect(krs.baseUrl).toBe(`${server.url}/${krs.id}`)
      expect(krs.token).toBe(krs.tokens['krs-all'])
      const clock = await krs.admin('GET', 'clock')
      expect(clock).toMatchObject({ status: 200, json: { mode: 'manual' } })
      const now = (clock.json as { now: number }).now
      expect(await krs.admin('POST', 'clock', { advance_seconds: 60 })).toMatchObject({
        status: 200,
        json: { now: now + 60 },
      })
      // a refusal is an answer, not an exception
      const refused = await krs.admin('POST', 'clock', { advance_seconds: -1 })
      expect(refused.status).toBe(400)

      const real = await createRemoteTenant({ url: server.url }, { clock: { mode: 'real', speed: 60 } })
      expect((await real.admin('GET', 'clock')).json).toMatchObject({ mode: 'real', speed: 60 })

      // the same call without a tenant's token: the default tenant's (loopback) admin
      expect((await callAdmin({ url: server.url }, 'GET', 'tenants')).json).toMatchObject({
        tenants: expect.arrayContaining([{ tenant_id: krs.id, default: false }]),
      })

      await krs.dispose()
      await krs.dispose()
      const gone = await fetch(`${krs.baseUrl}/api/v1/get_member_tables`, {
        method: 'POST',
        headers: { authorization: `Bearer ${krs.token}`, 'content-type': 'application/json' },
        body: '{}',
      })
      expect(gone.status).toBe(401)
      await real.dispose()
    } finally {
      await server.close()
    }
  })

  it('says why when the emulator refuses the tenant', async () => {
    const server = await startNodeServer(createEngine({ members: 5 }), { port: 0 })
    try {
      await expect(createRemoteTenant(server.url, { from: 'no-such-template' })).rejects.toThrow(
        /POST \/__mock\/tenants answered 404: .*no-such-template/,
      )
    } finally {
      await server.close()
    }
  })

  it('goes through the fetch it is given (an engine in process)', async () => {
    const engine = createEngine({ members: 5 })
    const krs = await createRemoteTenant({ url: 'http://krs.test', fetch: (r) => engine.handle(r) })
    expect(engine.tenant(krs.id)).toBeDefined()
    expect(krs.baseUrl).toBe(`http://krs.test/${krs.id}`)
    await krs.dispose()
    expect(engine.tenant(krs.id)).toBeUndefined()
  })
})
