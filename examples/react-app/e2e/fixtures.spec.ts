import { expect, test } from './fixtures'

// The documented fixtures themselves: each test has its own tenant on the worker's emulator,
// reachable over HTTP from the browser's side of the test (Playwright's request context).

const call = (baseUrl: string, token: string, name: string, data: unknown = {}) => ({
  url: `${baseUrl}/api/v1/${name}`,
  options: { headers: { authorization: `Bearer ${token}` }, data },
})

const lookup = (krs: { baseUrl: string; token: string }) =>
  call(krs.baseUrl, krs.token, 'lookup_member_id', { member_table_id: 1, member_info: { e_4: 'fixture@example.com' } })

test('a test writes a member in its own tenant', async ({ request, krs }) => {
  const add = call(krs.baseUrl, krs.token, 'add_member', {
    member_table_id: 1,
    member_info: { e_4: 'fixture@example.com', e_6: '試験 太郎' },
  })
  const added = await request.post(add.url, add.options)
  expect(added.status()).toBe(200)
  const id = (await added.json()) as number
  const found = await request.post(lookup(krs).url, lookup(krs).options)
  expect(await found.json()).toBe(id)
  expect(krs.journal().map((e) => e.operation)).toEqual(['add_member', 'lookup_member_id'])
})

test('the next test does not see it: a new tenant, an empty journal', async ({ request, krs }) => {
  expect(krs.journal()).toEqual([])
  const found = await request.post(lookup(krs).url, lookup(krs).options)
  expect(found.status()).toBe(200)
  // 0: no member has that address in this tenant
  expect(await found.json()).toBe(0)
  expect(krs.describe()).toContain('lookup_member_id → 200')
})
