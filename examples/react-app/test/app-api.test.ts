import { describe, expect, it } from 'vitest'
import type { DeliveryReport, MemberPage } from '../server/app-api'
import { seedDemo } from '../src/mocks/seed'
import { appFetchOf, useTenant } from './emulator'

describe('the /app-api route handler over the SDK', () => {
  const tenant = useTenant()

  it('lists the members a page at a time', async () => {
    const get = appFetchOf(tenant())
    const first = (await (await get('/app-api/members')).json()) as MemberPage
    expect(first.total).toBe(60)
    expect(first.members).toHaveLength(50)
    expect(first.members[0]).toMatchObject({ id: 1, email: expect.stringContaining('@') })
    const second = (await (await get('/app-api/members?offset=50')).json()) as MemberPage
    expect(second.members.map((m) => m.id)).toEqual(Array.from({ length: 10 }, (_, i) => 51 + i))
  })

  it('refuses an offset the API cannot page to, without calling it', async () => {
    const krs = tenant()
    const res = await appFetchOf(krs)('/app-api/members?offset=7')
    expect(res.status).toBe(400)
    expect(krs.journal()).toHaveLength(0)
  })

  it("shows a member this test added, and this test's tenant only", async () => {
    const krs = tenant()
    const id = await krs.client.addMember({
      member_table_id: 1,
      member_info: { e_4: 'new@example.com', e_6: '新井 花子' },
    })
    const page = (await (await appFetchOf(krs)('/app-api/members?offset=50')).json()) as MemberPage
    expect(page.total).toBe(61)
    expect(page.members.at(-1)).toEqual({ id, email: 'new@example.com', name: '新井 花子' })
  })

  it('starts every test from the scenario again (the previous test added a member elsewhere)', async () => {
    const page = (await (await appFetchOf(tenant())('/app-api/members')).json()) as MemberPage
    expect(page.total).toBe(60)
  })

  it('reports a delivery once the clock has run it', async () => {
    const krs = tenant()
    const id = await seedDemo(krs.client, {
      now: async () => krs.clock.now().getTime() / 1000,
      advance: async (s) => {
        await krs.clock.advance(s * 1000)
      },
    })
    const report = (await (await appFetchOf(krs)(`/app-api/deliveries/${id}`)).json()) as DeliveryReport
    expect(report).toMatchObject({ id, title: '4月号', subject: '春のお知らせ', phase: 3 })
    expect(report.counts.all).toBe(60)
    expect(report.counts.valid).toBeGreaterThan(0)
    expect(report.counts.valid).toBeLessThanOrEqual(report.counts.all!)
  })

  it("answers an unknown delivery with 400 and the service's code", async () => {
    const res = await appFetchOf(tenant())('/app-api/deliveries/99')
    expect(res.status).toBe(400)
    expect(((await res.json()) as { code: string }).code).toMatch(/^KR_API_F\d{4}$/)
  })
})
