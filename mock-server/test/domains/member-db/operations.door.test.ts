import { expect, it } from 'vitest'
import { markConditionUse } from '../../../src/domains/member-db/conditions/index.js'
import { runOnEveryDoor, type DoorTarget } from '../../support/run-on-every-door.js'
import { fixtureScenario } from './support.js'

type Err = { error_code: string; error_desc: string; message?: string }
const all = { grouping: true, conditions: {} }

async function expectError(p: Promise<{ status: number; body: unknown }>, code: string, status = 400): Promise<Err> {
  const r = await p
  expect((r.body as Err).error_code).toBe(code)
  expect(r.status).toBe(status)
  return r.body as Err
}

runOnEveryDoor(
  'member database operations',
  (t: DoorTarget) => {
    it('get_environment_name and get_member_tables', async () => {
      expect((await t.call('get_environment_name')).body).toBe('krs-kit デモ環境')
      const r = await t.call('get_member_tables')
      expect(r.status).toBe(200)
      expect(r.body).toEqual([
        { id: 1, title: 'テスト', nums: 5 },
        { id: 2, title: '別テーブル', nums: 2 },
        { id: 3, title: '鍵なし', nums: 0 },
      ])
      expect((await t.call('get_member_tables', {}, 'krs-table1')).body).toEqual([{ id: 1, title: 'テスト', nums: 5 }])
    })

    it('get_member_table_elements, get_member_table_element_config, and their refusals', async () => {
      const els = (await t.call<{ id: number; type: string }[]>('get_member_table_elements', { member_table_id: 2 }))
        .body
      expect(els.map((e) => [e.id, e.type])).toEqual([
        [50, 'email'],
        [51, 'select'],
        [52, 'password'],
        [53, 'hashed_password'],
      ])
      expect((await t.call('get_member_table_element_config', { element_id: 51 })).body).toEqual({
        options: { '1': '初級', '2': '上級' },
      })
      await expectError(t.call('get_member_table_elements', { member_table_id: 9 }), 'KR_API_F0005')
      await expectError(t.call('get_member_table_element_config', { element_id: 999 }), 'KR_API_F0005')
      await expectError(t.call('get_member_table_elements', { member_table_id: 2 }, 'krs-table1'), 'KR_API_F0014', 403)
    })

    it('lock_database and unlock_database answer false when nothing changes', async () => {
      expect((await t.call('lock_database', { member_table_id: 1 }, 'krs-operation')).body).toBe(true)
      expect((await t.call('lock_database', { member_table_id: 1 })).body).toBe(false)
      // the lock restricts only export and import: another account still adds members
      expect((await t.call('add_member', { member_table_id: 1, member_info: { e_2: 'l@example.com' } })).status).toBe(
        200,
      )
      expect((await t.call('unlock_database', { member_table_id: 1 })).body).toBe(true)
      expect((await t.call('unlock_database', { member_table_id: 1 })).body).toBe(false)
    })

    it('lookup_member_id and its error codes', async () => {
      const look = (table: number, info: object) =>
        t.call('lookup_member_id', { member_table_id: table, member_info: info })
      expect((await look(1, { e_2: 'hanako@docomo.ne.jp' })).body).toBe(2)
      expect((await look(1, { e_2: 'none@example.com' })).body).toBe(0)
      expect((await look(2, { e_50: 'a@example.com', e_51: 1, e_52: 'pass1234' })).body).toBe(1)
      expect((await look(2, { e_50: 'a@example.com', e_51: 1, e_53: 'nothash' })).body).toBe(0)
      await expectError(look(2, { e_50: 'a@example.com', e_51: 1, e_52: 'pass1234', e_53: 'hash1234' }), 'KR_API_F0301')
      await expectError(look(1, { e_2: 'taro@example.com', e_3: 'x' }), 'KR_API_F0302')
      await expectError(look(2, { e_50: 'a@example.com' }), 'KR_API_F0303')
      await expectError(look(1, { e_2: 'no-at-sign' }), 'KR_API_F0004')
      await expectError(look(3, { e_60: 'x' }), 'KR_API_F0009')
    })

    it('get_member_info masks secrets by permission', async () => {
      const m = (await t.call<Record<string, unknown>>('get_member_info', { member_table_id: 1, member_id: 1 })).body
      expect(m).toMatchObject({
        id: 1,
        e_2: 'taro@example.com',
        e_11: '******',
        e_10: '',
        e_12: 'T001',
        regist_date: '2025-12-20 10:00:00',
      })
      const n = (
        await t.call<Record<string, unknown>>('get_member_info', { member_table_id: 1, member_id: 1 }, 'krs-noencrypt')
      ).body
      expect(n.e_10).toBe('(暗号化)')
      await expectError(t.call('get_member_info', { member_table_id: 1, member_id: 99 }), 'KR_API_F0005')
    })

    it('oneshot lists and counts with sorting, paging and refusals', async () => {
      const list = async (body: object, token?: string) =>
        (
          await t.call<{ id: number }[]>(
            'get_member_infos_by_oneshot_condition',
            { member_table_id: 1, condition_info: all, offset: 0, sort_key: 0, order: true, ...body },
            token,
          )
        ).body.map((x) => x.id)
      expect(await list({ sort_key: 4, order: false })).toEqual([3, 1, 2, 4, 5])
      expect(
        await list({ condition_info: { grouping: false, conditions: { e_2: [16, { carriers: ['iphone', 'au'] }] } } }),
      ).toEqual([3, 5])
      expect(await list({ offset: 50 })).toEqual([])
      expect(await list({}, 'krs-search')).toHaveLength(5)
      const num = await t.call(
        'get_members_num_by_oneshot_condition',
        { member_table_id: 1, condition_info: { grouping: true, conditions: { e_7: [5, { options: [1, 2] }] } } },
        'krs-search',
      )
      expect(num.body).toBe(2)
      await expectError(
        t.call('get_member_infos_by_oneshot_condition', {
          member_table_id: 1,
          condition_info: all,
          offset: 10,
          sort_key: 0,
          order: true,
        }),
        'KR_API_F0304',
      )
      await expectError(
        t.call('get_member_infos_by_oneshot_condition', {
          member_table_id: 1,
          condition_info: all,
          offset: 0,
          sort_key: 7,
          order: true,
        }),
        'KR_API_F0230',
      )
      await expectError(
        t.call('get_members_num_by_oneshot_condition', {
          member_table_id: 1,
          condition_info: { grouping: true, conditions: { e_10: [20, {}] } },
        }),
        'KR_API_F0229',
      )
      await expectError(
        t.call('get_members_num_by_oneshot_condition', {
          member_table_id: 1,
          condition_info: { grouping: true, conditions: { e_50: [20, {}] } },
        }),
        'KR_API_F0007',
      )
    })

    it('run-date-relative kinds follow the engine clock', async () => {
      const info = {
        grouping: true,
        conditions: { e_4: [26, { calc_start_value: 0, calc_end_value: 0, calc_ignore_year: true }] },
      }
      const count = async () =>
        (await t.call('get_members_num_by_oneshot_condition', { member_table_id: 1, condition_info: info })).body
      expect(await count()).toBe(2) // January birthdays (1990-01-15, 1985-01-20)
      await t.admin('POST', 'clock', { advance_seconds: 40 * 86400 })
      expect(await count()).toBe(1) // February: 2000-02-01
    })

    it('saved conditions: lists, counts, add, delete and get', async () => {
      expect((await t.call('get_members_num_by_condition', { member_table_id: 1, condition_id: 2 })).body).toBe(2)
      const ids = (
        await t.call<{ id: number }[]>('get_member_infos_by_condition', {
          member_table_id: 1,
          condition_id: 1,
          offset: 0,
          sort_key: 0,
          order: false,
        })
      ).body.map((m) => m.id)
      expect(ids).toEqual([5, 4, 3, 2, 1])
      const id = (
        await t.call<number>(
          'add_condition',
          {
            member_table_id: 1,
            condition_info: { title: '男性', grouping: true, conditions: { e_5: [2, { values: [1] }] } },
          },
          'krs-work',
        )
      ).body
      expect(id).toBe(5)
      expect((await t.call('get_conditions', { member_table_id: 1 }, 'krs-reference')).body).toEqual([
        { id: 1, title: '全員', predefined: 'all' },
        { id: 2, title: '東京', predefined: null },
        { id: 5, title: '男性', predefined: null },
      ])
      expect((await t.call('get_members_num_by_condition', { member_table_id: 1, condition_id: id })).body).toBe(3)
      expect((await t.call('delete_condition', { condition_id: id }, 'krs-work')).body).toBe(true)
      await expectError(t.call('delete_condition', { condition_id: id }), 'KR_API_F0005')
      await expectError(t.call('get_members_num_by_condition', { member_table_id: 1, condition_id: 3 }), 'KR_API_F0005')
      await expectError(t.call('get_members_num_by_condition', { member_table_id: 1, condition_id: 4 }), 'KR_API_F0007')
      await expectError(
        t.call('add_condition', {
          member_table_id: 1,
          condition_info: { title: 'x', grouping: true, conditions: { e_10: [10, {}] } },
        }),
        'KR_API_F0229',
      )
    })

    it('delete_condition: F0104 while in use, F0021 for the predefined condition', async () => {
      markConditionUse(t.engine.defaultTenant.state.memberDb, 2, 'delivery:1')
      const e = await expectError(t.call('delete_condition', { condition_id: 2 }), 'KR_API_F0104')
      expect(e.message).toContain('delivery:1')
      await expectError(t.call('delete_condition', { condition_id: 1 }), 'KR_API_F0021')
      expect((await t.call<{ id: number }[]>('get_conditions', { member_table_id: 1 })).body.map((c) => c.id)).toEqual([
        1, 2,
      ])
    })

    it('lookup_member_id: F0007 for an element of another table', async () => {
      await expectError(
        t.call('lookup_member_id', {
          member_table_id: 1,
          member_info: { e_2: 'taro@example.com', e_50: 'a@example.com' },
        }),
        'KR_API_F0007',
      )
    })

    it('add_member, update_member and delete_member', async () => {
      const id = (
        await t.call<number>('add_member', {
          member_table_id: 1,
          member_info: { e_2: 'new@example.com', e_3: '新人', e_7: [3, 1] },
        })
      ).body
      expect(id).toBe(6)
      const m = (await t.call<Record<string, unknown>>('get_member_info', { member_table_id: 1, member_id: id })).body
      expect(m).toMatchObject({
        e_2: 'new@example.com',
        e_3: '新人',
        e_7: [1, 3],
        e_11: '******',
        e_12: 'T006',
        e_4: null,
      })
      expect(
        (await t.call('update_member', { member_table_id: 1, member_id: id, member_info: { e_9: 42 } })).body,
      ).toBe(true)
      expect(
        (await t.call<Record<string, unknown>>('get_member_info', { member_table_id: 1, member_id: id })).body,
      ).toMatchObject({ e_3: '新人', e_9: 42 })
      expect(
        (await t.call('update_member', { member_table_id: 1, member_id: 404, member_info: { e_9: 1 } })).body,
      ).toBe(false)
      expect((await t.call('delete_member', { member_table_id: 1, member_id: id }, 'krs-noencrypt')).body).toBe(true)
      expect((await t.call('delete_member', { member_table_id: 1, member_id: id })).body).toBe(false)
    })

    it('member writes refuse with F0116, F0117 and F0228 and change nothing', async () => {
      const e = await expectError(
        t.call('add_member', { member_table_id: 1, member_info: { e_2: 'x@example.com', e_9: -1, e_4: '1999-02-30' } }),
        'KR_API_F0116',
      )
      expect(e.message).toContain('e_9: 「ポイント」は0以上で指定してください。')
      expect(e.message).toContain('e_4:')
      await expectError(
        t.call('add_member', { member_table_id: 1, member_info: { e_2: 'taro@example.com' } }),
        'KR_API_F0117',
      )
      await expectError(
        t.call('update_member', { member_table_id: 1, member_id: 1, member_info: { e_12: 'T777' } }),
        'KR_API_F0116',
      )
      await expectError(
        t.call('add_member', { member_table_id: 1, member_info: { e_2: 'y@example.com' } }, 'krs-noencrypt'),
        'KR_API_F0228',
        403,
      )
      await expectError(
        t.call('update_member', { member_table_id: 1, member_id: 1, member_info: { e_3: 'y' } }, 'krs-noencrypt'),
        'KR_API_F0228',
        403,
      )
      expect((await t.call('get_member_tables')).body).toContainEqual({ id: 1, title: 'テスト', nums: 5 })
    })

    it('rights of the contract apply to the member operations', async () => {
      await expectError(
        t.call('add_member', { member_table_id: 1, member_info: {} }, 'krs-reference'),
        'KR_API_F0014',
        403,
      )
      await expectError(t.call('lock_database', { member_table_id: 1 }, 'krs-reference'), 'KR_API_F0014', 403)
      await expectError(
        t.call('get_member_info', { member_table_id: 1, member_id: 1 }, 'krs-search'),
        'KR_API_F0014',
        403,
      )
    })
  },
  { engine: () => ({ scenario: fixtureScenario() }) },
)
