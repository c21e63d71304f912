import { expect, it } from 'vitest'
import type { EngineContext } from '../../src/index.js'
import { ReadBodyMemo, READ_BODY_MEMO_CHARS } from '../../src/kernel/read-body-memo.js'
import { runOnEveryDoor } from '../support/run-on-every-door.js'

const auth = { 'content-type': 'application/json', authorization: 'Bearer krs-all' }

const logged: string[] = []

/** What each call of the handler below received: its body, and whether it was frozen. */
const seen: { body: unknown; frozen: boolean }[] = []

/** A read handler that looks at its body and tries to change it (`member_id` 13: on purpose). */
const handlers = {
  get_member_info: (_ctx: EngineContext, body: { member_id: number; member_table_id: number }) => {
    seen.push({ body, frozen: Object.isFrozen(body) })
    if (body.member_id === 13) (body as { member_id: number }).member_id = 14
    return { id: body.member_id, regist_date: '2026-01-01 00:00:00', update_date: '2026-01-01 00:00:00' }
  },
}

runOnEveryDoor(
  'a repeated read: its body is parsed and validated once',
  (t) => {
    it('the same read twice: the same answer, the same frozen body, both journaled with their text', async () => {
      seen.length = 0
      const body = { member_table_id: 1, member_id: 7 }
      const first = await t.call('get_member_info', body)
      const second = await t.call('get_member_info', body)
      expect(first.status).toBe(200)
      expect(second.body).toEqual(first.body)
      expect(seen).toHaveLength(2)
      expect(seen[0]!.frozen).toBe(true)
      // the second call got the body kept from the first, not a new parse of the same text
      expect(seen[1]!.body).toBe(seen[0]!.body)
      const journal = await t.admin<{ entries: { request: unknown; status: number }[] }>('GET', 'journal')
      expect(journal.body.entries.slice(-2).map((e) => [e.status, e.request])).toEqual([
        [200, body],
        [200, body],
      ])
    })

    it('a handler that writes into its body fails loudly (500), and the next same read means what it says', async () => {
      seen.length = 0
      const body = { member_table_id: 1, member_id: 13 }
      const first = await t.call<{ error_code: string }>('get_member_info', body)
      expect(first.status).toBe(500)
      expect(first.body.error_code).toBe('KRSKIT_INTERNAL_ERROR')
      const second = await t.call<{ error_code: string }>('get_member_info', body)
      expect(second.status).toBe(500)
      expect((seen.at(-1)!.body as { member_id: number }).member_id).toBe(13)
      expect(logged.at(-1)).toMatch(/unexpected exception .*read only property 'member_id'/)
    })

    it('a body kept as valid does not let a different one through: each text is validated', async () => {
      const valid = await t.call('get_member_info', { member_table_id: 1, member_id: 7 })
      expect(valid.status).toBe(200)
      const missing = await t.call<{ error_code: string }>('get_member_info', { member_table_id: 1 })
      expect(missing.status).toBe(400)
      expect(missing.body.error_code).toBe('KR_API_F0006')
      // and the same valid text again after the refusal
      expect((await t.call('get_member_info', { member_table_id: 1, member_id: 7 })).status).toBe(200)
    })

    it('a body nested past the shape bounds is refused unparsed (F0004) and its text is not kept', async () => {
      const deep = `{"member_table_id":${'['.repeat(70)}${']'.repeat(70)}}`
      const res = await t.fetch('/api/v1/get_member_info', { method: 'POST', headers: auth, body: deep })
      expect(res.status).toBe(400)
      expect(((await res.json()) as { error_code: string }).error_code).toBe('KR_API_F0004')
      const journal = await t.admin<{ entries: { error_code: string; request: unknown }[] }>('GET', 'journal')
      expect(journal.body.entries.at(-1)).toMatchObject({ error_code: 'KR_API_F0004', request: null })
    })
  },
  {
    engine: () => ({
      members: 20,
      handlers: handlers as never,
      logger: { error: (m: string, e?: unknown) => void logged.push(`${m} ${String(e)}`), warn: () => {} },
    }),
  },
)

it('ReadBodyMemo: a value under the bound is kept frozen and found by operation and text only', () => {
  const memo = new ReadBodyMemo()
  const value = { a: [{ b: 1 }] }
  memo.keep('get_member_info', '{"a":[{"b":1}]}', value)
  expect(memo.get('get_member_info', '{"a":[{"b":1}]}')).toBe(value)
  expect(Object.isFrozen(value.a[0])).toBe(true)
  expect(memo.get('get_member_infos', '{"a":[{"b":1}]}')).toBeUndefined()
  expect(memo.get('get_member_info', '{"a":[{"b":2}]}')).toBeUndefined()
  const long = `{"pad":"${'x'.repeat(READ_BODY_MEMO_CHARS)}"}`
  const big = { pad: 'x' }
  memo.keep('get_member_info', long, big)
  expect(memo.get('get_member_info', long)).toBeUndefined()
  expect(Object.isFrozen(big)).toBe(false)
  // the kept one stays
  expect(memo.get('get_member_info', '{"a":[{"b":1}]}')).toBe(value)
})
