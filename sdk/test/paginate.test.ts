import { describe, expect, it } from 'vitest'
import { createKrsClient, KrsSdkError } from '../src/index.js'
import { operationMeta } from '@krs-kit/contract/operation-meta'
import { fetchAlways, json } from './support/fake-fetch.js'

/** A fake list of `total` members served `step` at a time from `offset`. */
function memberServer(total: number, step: number) {
  return fetchAlways(async (request) => {
    const { offset } = (await request.json()) as { offset: number }
    const page = []
    for (let i = offset; i < Math.min(total, offset + step); i++) page.push({ id: i + 1 })
    return json(page)
  })
}

const body = { member_table_id: 1, condition_id: 1, sort_key: 0, order: true }

describe('paginate', () => {
  it('pages exactly the operations with a step in the contract, with the documented steps', () => {
    const steps = Object.fromEntries(
      Object.entries(operationMeta)
        .filter(([, m]) => m.pageStep !== null)
        .map(([name, m]) => [name, m.pageStep]),
    )
    expect(steps).toEqual({
      get_member_infos_by_oneshot_condition: 50,
      get_member_infos_by_condition: 50,
      get_addresses_for_delivery: 50_000,
      get_click_count_result: 10_000,
      get_deleted_member_list: 100,
      get_posted_image_urls_by_oneshot_condition: 50,
      get_posted_image_urls_by_condition: 50,
    })
  })

  for (const total of [0, 1, 49, 50, 51, 100, 101, 149]) {
    it(`yields all ${total} members in steps of 50 and stops at the first short or empty page`, async () => {
      const f = memberServer(total, 50)
      const krs = createKrsClient({ baseUrl: 'http://x.test', token: 't', fetch: f.fetch })
      const ids: number[] = []
      for await (const m of krs.paginate('get_member_infos_by_condition', body)) ids.push(m.id as number)
      expect(ids).toEqual(Array.from({ length: total }, (_, i) => i + 1))
      const offsets = f.requests.map((r) => (r.body as { offset: number }).offset)
      const expectedCalls = Math.floor(total / 50) + 1
      expect(offsets).toEqual(Array.from({ length: expectedCalls }, (_, i) => i * 50))
      expect(f.requests[0]?.body).toMatchObject(body)
    })
  }

  it('starts at the given offset', async () => {
    const f = memberServer(120, 50)
    const krs = createKrsClient({ baseUrl: 'http://x.test', token: 't', fetch: f.fetch })
    const ids: number[] = []
    for await (const m of krs.paginate('get_member_infos_by_condition', { ...body, offset: 100 }))
      ids.push(m.id as number)
    expect(ids).toEqual(Array.from({ length: 20 }, (_, i) => 101 + i))
  })

  it('stops fetching when the loop breaks', async () => {
    const f = memberServer(1000, 50)
    const krs = createKrsClient({ baseUrl: 'http://x.test', token: 't', fetch: f.fetch })
    let n = 0
    for await (const _ of krs.paginate('get_member_infos_by_condition', body)) if (++n === 60) break
    expect(f.requests).toHaveLength(2)
  })

  it('accepts legacy-wrapped pages', async () => {
    const f = fetchAlways((_, i) =>
      json({ member_infos: i === 0 ? Array.from({ length: 50 }, () => ({ id: 1 })) : [{ id: 2 }] }),
    )
    const krs = createKrsClient({ baseUrl: 'http://x.test', token: 't', fetch: f.fetch })
    let n = 0
    for await (const _ of krs.paginate('get_member_infos_by_condition', body)) n++
    expect(n).toBe(51)
  })

  it('uses the step of each operation (50 000 for delivery addresses)', async () => {
    const f = fetchAlways((_, i) =>
      json(i === 0 ? Array.from({ length: 50_000 }, (_, j) => `a${j}@example.com`) : ['last@example.com']),
    )
    const krs = createKrsClient({ baseUrl: 'http://x.test', token: 't', fetch: f.fetch })
    const pages: number[] = []
    for await (const page of krs.pages('get_addresses_for_delivery', { delivery_id: 3, type: 'valid' }))
      pages.push(page.length)
    expect(pages).toEqual([50_000, 1])
    expect(f.requests.map((r) => (r.body as { offset: number }).offset)).toEqual([0, 50_000])
  })

  it('yields [member ID, albums] entries of posted-image pages and stops only at an empty page', async () => {
    const image = {
      url: 'https://x/1.jpg',
      file_name: '1.jpg',
      mime_type: 'image/jpeg',
      size: 1,
      date: '2025-08-20 10:15:00',
      expire: '2025-09-01 13:00:00',
    }
    // members without images are left out, so a page of 50 members can hold fewer keys
    const replies = [{ '132': { '1': [image] }, '133': { '2': [image] } }, { '190': { '1': [image] } }, {}]
    const f = fetchAlways((_, i) => json(replies[i]))
    const krs = createKrsClient({ baseUrl: 'http://x.test', token: 't', fetch: f.fetch })
    const members: string[] = []
    const body = { member_table_id: 1, condition_id: 1, sort_key: 0, order: true }
    for await (const [memberId, albums] of krs.paginate('get_posted_image_urls_by_condition', body)) {
      members.push(memberId)
      expect(Object.keys(albums).length).toBe(1)
    }
    expect(members).toEqual(['132', '133', '190'])
    expect(f.requests.map((r) => (r.body as { offset: number }).offset)).toEqual([0, 50, 100])
  })

  it('refuses an operation without a page step', async () => {
    const krs = createKrsClient({ baseUrl: 'http://x.test', token: 't', fetch: fetchAlways(() => json([])).fetch })
    const it = krs.paginate('get_member_tables' as never, {} as never)
    await expect(it.next()).rejects.toBeInstanceOf(KrsSdkError)
  })
})
