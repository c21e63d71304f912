import { expect, it } from 'vitest'
import { checkOneclickUrl } from '../../../src/domains/forms/forms-admin.js'
import { advance, expectError, expectOk, runServicesSuite, START, stateOf } from '../../support/services-doors.js'

interface Img {
  url: string
  file_name: string
  mime_type: string
  size: number
  date: string
  expire: string
}
type Urls = Record<string, Record<string, Img[]>>

runServicesSuite(
  'get_oneclick_login_url',
  (t) => {
    it('issues a URL valid until issue time + limit rounded up to whole hours, checkable by the admin side', async () => {
      await advance(t, 1234) // 00:20:34 UTC
      const url = expectOk(
        await t.call<string>('get_oneclick_login_url', { member_form_id: 22, member_id: 3, limit: 2 }),
      )
      expect(url).toMatch(/^https?:\/\/.+token=/)
      const now = START + 1234
      const check = checkOneclickUrl(stateOf(t), url, now)
      expect(check).toMatchObject({ valid: true, memberId: 3, expiresAt: START + 3 * 3600 })
      expect(checkOneclickUrl(stateOf(t), url, START + 3 * 3600 - 1).valid).toBe(true)
      expect(checkOneclickUrl(stateOf(t), url, START + 3 * 3600)).toMatchObject({ valid: false, reason: 'expired' })
      expect(
        checkOneclickUrl(
          stateOf(t),
          url.replace(/.$/, (c) => (c === '0' ? '1' : '0')),
          now,
        ),
      ).toMatchObject({ valid: false, reason: 'signature' })
      const minutes = expectOk(
        await t.call<string>('get_oneclick_login_url', { member_form_id: 22, member_id: 3, limit: 30, unit: 'minute' }),
      )
      expect(checkOneclickUrl(stateOf(t), minutes, now).expiresAt).toBe(START + 3600)
    })

    it('limit is 1 to 335 (KR_API_F0209); update forms only (F0120); the member must exist (F0118)', async () => {
      expectOk(await t.call('get_oneclick_login_url', { member_form_id: 22, member_id: 1, limit: 335 }))
      for (const limit of [0, 336, -1])
        expectError(await t.call('get_oneclick_login_url', { member_form_id: 22, member_id: 1, limit }), 'KR_API_F0209')
      expectError(
        await t.call('get_oneclick_login_url', { member_form_id: 16, member_id: 1, limit: 1 }),
        'KR_API_F0120',
      )
      expectError(
        await t.call('get_oneclick_login_url', { member_form_id: 22, member_id: 99999, limit: 1 }),
        'KR_API_F0118',
      )
      expectError(
        await t.call('get_oneclick_login_url', { member_form_id: 23, member_id: 1, limit: 1 }),
        'KR_API_F0110',
      )
    })
  },
  20,
)

runServicesSuite(
  'posted images',
  (t) => {
    it("groups one member's images by album with URLs that expire from the time of the call", async () => {
      await advance(t, 600)
      const r = expectOk(await t.call<Urls>('get_posted_image_urls', { member_table_id: 1, member_id: 3 }))
      expect(Object.keys(r)).toEqual(['3'])
      const albums = Object.keys(r['3']!)
      expect(albums.length).toBeGreaterThan(1)
      const img = r['3']![albums[0]!]![0]!
      expect(img.url).toMatch(/^https:\/\/.+\/images\/posted\/[0-9a-f]{8}\.(jpg|png)\?token=/)
      const exp = new Date((START + 600 + 3600 + 9 * 3600) * 1000).toISOString().slice(0, 19).replace('T', ' ')
      expect(img.expire).toBe(exp)
      const only = expectOk(
        await t.call<Urls>('get_posted_image_urls', { member_table_id: 1, member_id: 3, album_ids: [2] }),
      )
      expect(Object.keys(only['3']!)).toEqual(['2'])
      expect(
        expectOk(await t.call('get_posted_image_urls', { member_table_id: 1, member_id: 3, album_ids: [] })),
      ).toEqual(r)
      expect(
        expectOk(await t.call('get_posted_image_urls', { member_table_id: 1, member_id: 2, album_ids: [3] })),
      ).toEqual({})
      expectError(await t.call('get_posted_image_urls', { member_table_id: 1, member_id: 99999 }), 'KR_API_F0005')
    })

    it('by condition: the members of one page of 50 (offset steps of 50, F0304), sort keys as member lists (F0230)', async () => {
      const page = (body: Record<string, unknown>) =>
        t.call<Urls>('get_posted_image_urls_by_condition', {
          member_table_id: 1,
          condition_id: 1,
          offset: 0,
          sort_key: 0,
          order: true,
          ...body,
        })
      const first = expectOk(await page({}))
      const ids = Object.keys(first).map(Number)
      expect(ids.length).toBeGreaterThan(0)
      expect(Math.max(...ids)).toBeLessThanOrEqual(50)
      const second = expectOk(await page({ offset: 50 }))
      expect(
        Object.keys(second)
          .map(Number)
          .every((id) => id > 50),
      ).toBe(true)
      expect(expectOk(await page({ offset: 5000 }))).toEqual({})
      expectError(await page({ offset: 25 }), 'KR_API_F0304')
      expectError(await page({ sort_key: 21 }), 'KR_API_F0230')
      expectError(await page({ condition_id: 999 }), 'KR_API_F0005')
      expectError(await page({ condition_id: 7 }), 'KR_API_F0007')
      const desc = expectOk(await page({ order: false }))
      expect(Math.min(...Object.keys(desc).map(Number))).toBeGreaterThan(50)
    })

    it('by oneshot condition: only matching members; encrypted elements are refused (F0229)', async () => {
      const cond = { grouping: true, conditions: { id: [2, { value: 9 }] } }
      const r = expectOk(
        await t.call<Urls>('get_posted_image_urls_by_oneshot_condition', {
          member_table_id: 1,
          condition_info: cond,
          offset: 0,
          sort_key: 0,
          order: true,
          album_ids: null,
        }),
      )
      expect(Object.keys(r)).toEqual(['9'])
      expectError(
        await t.call('get_posted_image_urls_by_oneshot_condition', {
          member_table_id: 1,
          condition_info: { grouping: true, conditions: { e_15: [20, {}] } },
          offset: 0,
          sort_key: 0,
          order: true,
        }),
        'KR_API_F0229',
      )
    })

    it('view-only accounts need the posted image menu right (KR_API_F0014)', async () => {
      expectOk(await t.call('get_posted_image_urls', { member_table_id: 1, member_id: 3 }, 'krs-reference'))
      stateOf(t).accounts.get(4)!.postedImageMenu = false
      expectError(
        await t.call('get_posted_image_urls', { member_table_id: 1, member_id: 3 }, 'krs-reference'),
        'KR_API_F0014',
      )
    })
  },
  120,
)
