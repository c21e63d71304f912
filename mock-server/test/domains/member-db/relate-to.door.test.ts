import { expect, it } from 'vitest'
import { defaultScenario, type Scenario } from '../../../src/scenario/index.js'
import { runOnEveryDoor, type CallResult } from '../../support/run-on-every-door.js'

// Conditions on elements of a table that references this one (`relate_to`).
// Table 1 (members, key e_2 = member number); table 2 (orders) refers to it through its
// relation element e_11 (`relate_to: 2`), with a product e_12 and a quantity e_13.

function relationScenario(): Scenario {
  const s = defaultScenario()
  s.memberTables = [
    {
      id: 1,
      title: '会員',
      elements: [
        { id: 1, name: 'メール', type: 'email', unique: true },
        { id: 2, name: '会員番号', type: 'text', unique: true, config: { type: 'alphanum', max: 10 } },
      ],
      members: {
        list: [
          { e_1: 'a@example.com', e_2: 'M1' },
          { e_1: 'b@example.com', e_2: 'M2' },
          { e_1: 'c@example.com', e_2: 'M3' },
        ],
      },
    },
    {
      id: 2,
      title: '注文',
      elements: [
        {
          id: 11,
          name: '会員番号（リレーション）',
          type: 'text',
          config: { type: 'alphanum', max: 10, relate_to: 2, delete_cascade: 'cascade' },
        },
        { id: 12, name: '商品', type: 'text', config: { type: 'any', max: 40 } },
        { id: 13, name: '数量', type: 'integer', config: { min: 0, max: 100 } },
      ],
      members: {
        list: [
          { e_11: 'M1', e_12: 'りんご', e_13: 3 },
          { e_11: 'M1', e_12: 'みかん', e_13: 1 },
          { e_11: 'M2', e_12: 'みかん', e_13: 10 },
        ],
      },
    },
    {
      id: 3,
      title: '無関係',
      elements: [{ id: 21, name: 'メモ', type: 'text', config: { type: 'any', max: 10 } }],
      members: { list: [] },
    },
  ]
  return s
}

type Info = { id: number }
const ids = (r: CallResult<Info[]>) => {
  expect(r.status, JSON.stringify(r.body)).toBe(200)
  return r.body.map((m) => m.id)
}

runOnEveryDoor(
  'conditions on relation elements of another table (relate_to)',
  (t) => {
    const search = (conditions: Record<string, unknown>, grouping = true) =>
      t.call<Info[]>('get_member_infos_by_oneshot_condition', {
        member_table_id: 1,
        condition_info: { grouping, conditions },
        offset: 0,
        sort_key: 0,
        order: true,
      })

    it('matches members of which at least one related record satisfies the clause', async () => {
      expect(ids(await search({ e_12: [2, { value: 'みかん' }] }))).toEqual([1, 2])
      expect(ids(await search({ e_12: [2, { value: 'りんご' }] }))).toEqual([1])
      expect(ids(await search({ e_13: [2, { min_value: 5, max_value: null }] }))).toEqual([2])
      // combined with the table's own elements, AND and OR
      expect(ids(await search({ e_12: [2, { value: 'みかん' }], e_1: [3, { value: 'b@' }] }))).toEqual([2])
      expect(ids(await search({ e_12: [2, { value: 'りんご' }], e_1: [3, { value: 'c@' }] }, false))).toEqual([1, 3])
      // a member without related records never matches a related clause
      expect(ids(await search({ e_12: [20, {}] }))).toEqual([1, 2])
    })

    it('counts, saved conditions and deliveries see the same members', async () => {
      const n = await t.call<number>('get_members_num_by_oneshot_condition', {
        member_table_id: 1,
        condition_info: { grouping: true, conditions: { e_12: [2, { value: 'みかん' }] } },
      })
      expect(n.body).toBe(2)
      const saved = await t.call<number>('add_condition', {
        member_table_id: 1,
        condition_info: { title: 'みかん購入者', grouping: true, conditions: { e_12: [2, { value: 'みかん' }] } },
      })
      expect(saved.status, JSON.stringify(saved.body)).toBe(200)
      expect(
        (await t.call<number>('get_members_num_by_condition', { member_table_id: 1, condition_id: saved.body })).body,
      ).toBe(2)
    })

    it('follows changes of the related table', async () => {
      const added = await t.call<number>('add_member', {
        member_table_id: 2,
        member_info: { e_11: 'M3', e_12: 'りんご', e_13: 2 },
      })
      expect(added.status, JSON.stringify(added.body)).toBe(200)
      expect(ids(await search({ e_12: [2, { value: 'りんご' }] }))).toEqual([1, 3])
    })

    it('refuses the relation element itself and elements of unrelated tables (F0007)', async () => {
      const rel = await search({ e_11: [2, { value: 'M1' }] })
      expect((rel.body as unknown as { error_code: string }).error_code).toBe('KR_API_F0007')
      const unrelated = await search({ e_21: [2, { value: 'x' }] })
      expect((unrelated.body as unknown as { error_code: string }).error_code).toBe('KR_API_F0007')
      // the related table's own conditions cannot reach back (the relation goes one way)
      const back = await t.call('get_members_num_by_oneshot_condition', {
        member_table_id: 2,
        condition_info: { grouping: true, conditions: { e_1: [2, { value: 'a@example.com' }] } },
      })
      expect((back.body as { error_code: string }).error_code).toBe('KR_API_F0007')
    })
  },
  { engine: () => ({ scenario: relationScenario(), clock: { mode: 'manual', now: 1_768_446_000 } }) },
)
