import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { createEngine, tokensByName } from '../../../src/index.js'
import { CHUNK_ROWS } from '../../../src/domains/member-db/chunks.js'
import type { Engine } from '../../../src/kernel/engine.js'
import type { TenantRuntime } from '../../../src/kernel/tenant-runtime.js'

// Forks share their source's member columns chunk by chunk and copy only what they write.
// Model: every tenant of a family of forks answers, call for call, what one unforked tenant
// answers when the same calls (its parents' before each fork, then its own) are replayed on
// it from scratch; and their snapshots export the same member database.

const NOW = 1_767_225_600
const SEED = 11
/** Members of table 1: three chunks and a little, so writes and adds cross chunk boundaries. */
const MEMBERS = 3 * CHUNK_ROWS - 6

type Call = { op: string; body: unknown }
type Step = { holder: number; call: Call } | { holder: number; fork: true }

const boundaryIds = [
  1,
  2,
  CHUNK_ROWS - 1,
  CHUNK_ROWS,
  CHUNK_ROWS + 1,
  CHUNK_ROWS + 2,
  2 * CHUNK_ROWS,
  2 * CHUNK_ROWS + 1,
]
const idArb = fc.oneof(
  fc.constantFrom(...boundaryIds, MEMBERS - 1, MEMBERS, MEMBERS + 1, MEMBERS + 4, MEMBERS + 9),
  fc.integer({ min: 1, max: MEMBERS + 10 }),
)
/** A few addresses, so that writes collide on the unique key (KR_API_F0117) now and then. */
const emailArb = fc.constantFrom('a@example.test', 'b@example.test', 'c@example.test', 'd@example.test')

const callArb: fc.Arbitrary<Call> = fc.oneof(
  {
    weight: 5,
    arbitrary: fc
      .record({ id: idArb, name: fc.constantFrom('書込', '二回目', 'Ｚ'), points: fc.integer({ min: 0, max: 1000 }) })
      .map(({ id, name, points }) => ({
        op: 'update_member',
        body: { member_table_id: 1, member_id: id, member_info: { e_6: name, e_19: points } },
      })),
  },
  {
    weight: 2,
    arbitrary: fc.record({ id: idArb, email: emailArb }).map(({ id, email }) => ({
      op: 'update_member',
      body: { member_table_id: 1, member_id: id, member_info: { e_4: email } },
    })),
  },
  {
    weight: 2,
    arbitrary: emailArb.map((email) => ({
      op: 'add_member',
      body: { member_table_id: 1, member_info: { e_4: email, e_6: '追加', e_19: 7 } },
    })),
  },
  { weight: 2, arbitrary: idArb.map((id) => ({ op: 'delete_member', body: { member_table_id: 1, member_id: id } })) },
  {
    weight: 3,
    arbitrary: idArb.map((id) => ({ op: 'get_member_info', body: { member_table_id: 1, member_id: id } })),
  },
  {
    weight: 2,
    arbitrary: emailArb.map((email) => ({
      op: 'lookup_member_id',
      body: { member_table_id: 1, member_info: { e_4: email } },
    })),
  },
  {
    weight: 2,
    arbitrary: fc.record({ key: fc.constantFrom(0, 6, 19), order: fc.boolean() }).map(({ key, order }) => ({
      op: 'get_member_infos_by_oneshot_condition',
      body: {
        member_table_id: 1,
        condition_info: { grouping: true, conditions: { e_19: [2, { min_value: 0, max_value: 30 }] } },
        sort_key: key,
        order,
        offset: 0,
      },
    })),
  },
)

const stepArb: fc.Arbitrary<Step> = fc.oneof(
  { weight: 8, arbitrary: fc.record({ holder: fc.nat(5), call: callArb }) },
  { weight: 1, arbitrary: fc.record({ holder: fc.nat(5), fork: fc.constant(true as const) }) },
)

async function answer(engine: Engine, token: string, call: Call): Promise<string> {
  const res = await engine.handle(
    new Request(`http://krs.test/api/v1/${call.op}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(call.body),
    }),
  )
  return `${res.status} ${await res.text()}`
}

const engineOptions = { clock: { mode: 'manual' as const, now: NOW }, seed: SEED, members: MEMBERS }

/** The member database of a tenant's snapshot, as text. */
function memberDbOf(engine: Engine, t: TenantRuntime): string {
  return JSON.stringify((engine.exportTenant(t).state as { memberDb: unknown }).memberDb)
}

interface Holder {
  tenant: TenantRuntime
  token: string
  /** The calls of this tenant and of its parents before each fork, with their answers. */
  log: { call: Call; answer: string }[]
}

describe('forks copy member columns chunk by chunk', () => {
  it('a family of forks answers as unforked tenants given the same calls', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(stepArb, { minLength: 4, maxLength: 24 }), async (steps) => {
        const engine = createEngine(engineOptions)
        const root = engine.defaultTenant
        const holders: Holder[] = [{ tenant: root, token: 'krs-all', log: [] }]
        for (const step of steps) {
          const h = holders[step.holder % holders.length]!
          if ('fork' in step) {
            const tenant = engine.createTenant({ from: h.tenant.id })
            holders.push({ tenant, token: tokensByName(tenant)['krs-all']!, log: h.log.slice() })
            continue
          }
          h.log.push({ call: step.call, answer: await answer(engine, h.token, step.call) })
        }
        for (const h of holders) {
          const alone = createEngine(engineOptions)
          for (const { call, answer: got } of h.log) {
            expect(got, `${call.op} ${JSON.stringify(call.body)}`).toBe(await answer(alone, 'krs-all', call))
          }
          expect(memberDbOf(engine, h.tenant)).toBe(memberDbOf(alone, alone.defaultTenant))
        }
      }),
      { numRuns: 5 },
    )
  }, 120_000)

  it('a fork reads its source in place and owns only the chunks it wrote', async () => {
    const engine = createEngine(engineOptions)
    const parentTable = engine.defaultTenant.state.memberDb.tables.get(1)!
    const parentMembers = parentTable.members
    expect(parentMembers.count).toBe(MEMBERS)
    const fork = engine.createTenant({ from: 'default' })
    const token = tokensByName(fork)['krs-all']!
    const read = await answer(engine, token, {
      op: 'get_member_info',
      body: { member_table_id: 1, member_id: CHUNK_ROWS + 1 },
    })
    expect(read).toMatch(/^200 /)
    const mine = fork.state.memberDb.tables.get(1)!.members
    expect(mine).not.toBe(parentMembers)
    expect(mine.ownedChunks()).toBe(0)
    const wrote = await answer(engine, token, {
      op: 'update_member',
      body: { member_table_id: 1, member_id: CHUNK_ROWS + 1, member_info: { e_6: '書込' } },
    })
    expect(wrote).toMatch(/^200 /)
    // the name column's chunk and the update time's: one chunk each
    expect(mine.ownedChunks()).toBe(2)
    // a fork of the fork shares the written chunk too, and the parent never saw the write
    const grandchild = engine.createTenant({ from: fork.id })
    const inGrandchild = await answer(engine, tokensByName(grandchild)['krs-all']!, {
      op: 'get_member_info',
      body: { member_table_id: 1, member_id: CHUNK_ROWS + 1 },
    })
    expect(inGrandchild).toContain('"e_6":"書込"')
    expect(grandchild.state.memberDb.tables.get(1)!.members.ownedChunks()).toBe(0)
    const inParent = await answer(engine, 'krs-all', {
      op: 'get_member_info',
      body: { member_table_id: 1, member_id: CHUNK_ROWS + 1 },
    })
    expect(inParent).not.toContain('"e_6":"書込"')
  })
})
