import { http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createEngine } from '../../../src/index.js'
import { createMockHandlers, KREISEL_BASE_URLS } from '../../../src/msw/index.js'
import { kit, mailDoorEngine, textMail } from './door-kit.js'
import { T0, deliverySection } from './support.js'
import { runOnEveryDoor } from '../../support/run-on-every-door.js'

// Setting the emulator up: links built from where the emulator is reached, the
// tenant base URL the SDK takes, and MSW handlers that answer only the KREISEL hosts.

const { public_base_url: _fixed, ...sectionWithoutBase } = deliverySection

// MSW prints its messages with console.error / console.warn: the misses this file makes on
// purpose must not put an "[MSW] Error" block into npm test's output.
let printed: ReturnType<typeof vi.spyOn>[] = []
beforeEach(() => {
  printed = [vi.spyOn(console, 'error'), vi.spyOn(console, 'warn')]
})
afterEach(() => {
  const lines = printed.flatMap((spy) => spy.mock.calls.map((args: unknown[]) => args.map(String).join(' ')))
  for (const spy of printed) spy.mockRestore()
  expect(
    lines.filter((line) => line.includes('[MSW]')),
    'MSW printed nothing',
  ).toEqual([])
})

type Box = { mails: { headers: Record<string, string>; text: string; html: string | null }[] }

async function deliveredOutbox(t: Parameters<typeof kit>[0], path = 'outbox'): Promise<Box> {
  const k = kit(t)
  const msg = await k.ok<number>('add_mail_message', {
    member_table_id: 1,
    mail_info: textMail({
      type: 3,
      html_part: '<a href="https://www.example.com/a/">a</a>',
      clickcounts: [{ url: 'https://www.example.com/a/' }],
      open_clickcount: true,
      list_unsubscribe: { pattern: 1 },
    }),
  })
  const id = await k.ok<number>('add_delivery_schedule', {
    mail_message_id: msg,
    delivery_info: { title: 't', condition_id: 1, element_id: 2, delivery_date: T0 + 60 },
  })
  await k.advance(3600)
  return k.adminOk<Box>('GET', `${path}?delivery_id=${id}&limit=1`)
}

runOnEveryDoor(
  'outbox links follow the origin the emulator was reached on',
  (t) => {
    it("click, open and unsubscribe links start with the caller's origin (any port)", async () => {
      const box = await deliveredOutbox(t)
      const mail = box.mails[0]!
      expect(mail.text).toContain(`${t.baseUrl}/__mock/click/`)
      expect(mail.html).toContain(`src="${t.baseUrl}/__mock/open/`)
      expect(mail.headers['List-Unsubscribe']).toMatch(
        new RegExp(`^<${t.baseUrl.replace(/[.]/g, '\\.')}/__mock/unsubscribe/\\d+/\\d+>$`),
      )
      // the link works on this very server
      const click = /(\/__mock\/click\/\d+\/\d+)/.exec(mail.text)![1]!
      const r = await t.fetch(click, { redirect: 'manual' })
      expect(r.status).toBe(302)
      expect(r.headers.get('location')).toBe('https://www.example.com/a/')
    })
  },
  { engine: mailDoorEngine(sectionWithoutBase) },
)

runOnEveryDoor(
  '--public-url (engine publicUrl) wins for links and tenant base URLs',
  (t) => {
    it('uses the public URL', async () => {
      const box = await deliveredOutbox(t)
      expect(box.mails[0]!.text).toContain('https://mock.example.jp/krs/__mock/click/')
      const created = await t.admin<{ base_url: string; tenant_id: string }>('POST', 'tenants', {})
      expect(created.body.base_url).toBe(`https://mock.example.jp/krs/${created.body.tenant_id}`)
    })
  },
  { engine: mailDoorEngine(sectionWithoutBase, { publicUrl: 'https://mock.example.jp/krs/' }) },
)

runOnEveryDoor(
  'POST /__mock/tenants answers the base URL the SDK takes',
  (t) => {
    it('base_url + /api/v1/{name} reaches the new tenant', async () => {
      const created = await t.admin<{ base_url: string; tokens: Record<string, string> }>('POST', 'tenants', {})
      expect(created.body.base_url).not.toMatch(/\/api\/v1$/)
      expect(created.body.base_url.startsWith(`${t.baseUrl}/`)).toBe(true)
      const path = created.body.base_url.slice(t.baseUrl.length)
      const r = await t.fetch(`${path}/api/v1/add_member`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${created.body.tokens['krs-all']}` },
        body: JSON.stringify({ member_table_id: 3, member_info: { e_202: 'tenant-only@example.com' } }),
      })
      expect(r.status).toBe(200)
      // the default tenant did not change
      const count = await t.call<number>('get_members_num_by_condition', { member_table_id: 3, condition_id: 1 })
      const inTenant = await t.fetch(`${path}/api/v1/get_members_num_by_condition`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${created.body.tokens['krs-all']}` },
        body: JSON.stringify({ member_table_id: 3, condition_id: 1 }),
      })
      expect(await inTenant.json()).toBe(count.body + 1)
    })
  },
  { engine: { members: 10 } },
)

/**
 * The last handler: a request none of the others took is recorded in `seen` and fails as a
 * network error, as MSW's "error" strategy fails it, but without MSW printing an error block
 * for a miss the test makes on purpose (and checks).
 */
function missed(seen: string[]) {
  return http.all('*', ({ request }) => {
    seen.push(`${request.method} ${request.url}`)
    return HttpResponse.error()
  })
}

describe('createMockHandlers() answers only the KREISEL hosts by default', () => {
  let server: ReturnType<typeof setupServer> | null = null
  afterEach(() => {
    server?.close()
    server = null
  })
  const post = (url: string) =>
    fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })

  it('https://krs.bz is emulated; another service is not', async () => {
    expect(KREISEL_BASE_URLS).toEqual(['https://krs.bz'])
    const engine = createEngine({ members: 5, clock: { mode: 'manual', now: T0 } })
    const other = http.post('https://api.other.example/api/v1/:name', () => HttpResponse.json({ answered_by: 'other' }))
    const seen: string[] = []
    server = setupServer(...createMockHandlers({ engine }), other, missed(seen))
    server.listen({ onUnhandledRequest: 'error' })
    const kreisel = await post('https://krs.bz/env1/api/v1/get_version')
    expect(kreisel.status).toBe(200)
    expect(typeof (await kreisel.json())).toBe('string')
    expect((await post('https://krs.bz/api/v1/get_version')).status).toBe(200)
    expect(await (await post('https://api.other.example/api/v1/get_version')).json()).toEqual({ answered_by: 'other' })
    // a host nobody handles is not answered by the emulator (MSW refuses it here)
    await expect(post('http://localhost:4010/api/v1/get_version')).rejects.toThrow()
    expect(seen).toEqual(['POST http://localhost:4010/api/v1/get_version'])
  })

  it('given base URLs (one or several) are answered instead', async () => {
    const engine = createEngine({ members: 5, clock: { mode: 'manual', now: T0 } })
    const seen: string[] = []
    server = setupServer(
      ...createMockHandlers({ engine, baseUrl: ['https://members.example.jp', 'http://localhost:4010/'] }),
      missed(seen),
    )
    server.listen({ onUnhandledRequest: 'error' })
    expect((await post('https://members.example.jp/api/v1/get_version')).status).toBe(200)
    expect((await post('http://localhost:4010/env/api/v1/get_version')).status).toBe(200)
    await expect(post('https://krs.bz/api/v1/get_version')).rejects.toThrow()
    expect(seen).toEqual(['POST https://krs.bz/api/v1/get_version'])
  })
})
