import { expect, it } from 'vitest'
import { runOnEveryDoor } from '../../support/run-on-every-door.js'

// The engine checks every response against the contract in tests: these calls prove that
// the answers for every element type of the default scenario fit the contract's schemas.
runOnEveryDoor(
  'member database answers fit the contract (default scenario)',
  (t) => {
    it('element configs of every element of every table', async () => {
      const tables = (await t.call<{ id: number }[]>('get_member_tables')).body
      expect(tables.map((x) => x.id)).toEqual([1, 2, 3])
      for (const table of tables) {
        const els = (
          await t.call<{ id: number; type: string }[]>('get_member_table_elements', { member_table_id: table.id })
        ).body
        for (const el of els) {
          const r = await t.call('get_member_table_element_config', { element_id: el.id })
          expect(r.status, `element ${el.id} (${el.type})`).toBe(200)
        }
      }
    })

    it('member lists with every element type, for readers with and without the encrypted key', async () => {
      for (const token of ['krs-all', 'krs-noencrypt', 'krs-reference']) {
        for (const table of [1, 2, 3]) {
          const r = await t.call<Record<string, unknown>[]>(
            'get_member_infos_by_condition',
            { member_table_id: table, condition_id: 1, offset: 0, sort_key: 0, order: true },
            token,
          )
          expect(r.status, `${token} table ${table}`).toBe(200)
          expect(r.body.length).toBeGreaterThan(0)
        }
      }
    })

    it('saved conditions of the default scenario all run', async () => {
      const conds = (await t.call<{ id: number }[]>('get_conditions', { member_table_id: 1 })).body
      expect(conds.map((c) => c.id)).toEqual([1, 2, 3, 4, 5])
      for (const c of conds) {
        const r = await t.call('get_members_num_by_condition', { member_table_id: 1, condition_id: c.id })
        expect(r.status).toBe(200)
      }
    })
  },
  { engine: { members: 120 } },
)
