import fc from 'fast-check'
import { beforeAll, describe, expect, it } from 'vitest'
import { checkedCall } from './support/http-call.js'
import { newTenant, type Tenant } from './support/tenant.js'

// Tenant isolation: random calls with the tokens of two tenants of the one server never see
// each other's data. Every call and answer is checked against the contract (checkedCall).
let a: Tenant
let b: Tenant
beforeAll(async () => {
  ;[a, b] = await Promise.all([newTenant(), newTenant()])
})

/** The tenant's snapshot without `clock.wall_ms` (the wall time of the export, which always moves). */
async function snapshotOf(t: Tenant): Promise<string> {
  const snap = (await t.admin('GET', 'snapshot')).json as { clock: Record<string, unknown> }
  delete snap.clock.wall_ms
  return JSON.stringify(snap)
}

async function count(t: Tenant): Promise<number> {
  const r = await checkedCall(
    t,
    'get_members_num_by_condition',
    { member_table_id: 1, condition_id: 1 },
    t.tokens['krs-all'],
  )
  return r.json as number
}

async function lookup(t: Tenant, email: string): Promise<number | null> {
  const r = await checkedCall(
    t,
    'lookup_member_id',
    { member_table_id: 1, member_info: { e_4: email } },
    t.tokens['krs-all'],
  )
  // lookup_member_id answers 0 (or an error) when no member matches.
  return r.status === 200 && r.json !== 0 ? (r.json as number) : null
}

describe('tenant isolation', () => {
  it('the tenants have distinct tokens, and a token works only for its own tenant', async () => {
    const values = new Set([...Object.values(a.tokens), ...Object.values(b.tokens)])
    expect(values.size).toBe(Object.keys(a.tokens).length + Object.keys(b.tokens).length)
    // A's token on B's path prefix still selects A (the token chooses the tenant, not the path).
    const before = await count(a)
    expect(
      (await fetch(`${a.mockUrl}/${b.id}/api/v1/get_members_num_by_condition`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${a.tokens['krs-all']}` },
        body: JSON.stringify({ member_table_id: 1, condition_id: 1 }),
      }).then((r) => r.json())) as number,
    ).toBe(before)
  })

  it('random writes in one tenant are invisible in the other', { timeout: 240_000 }, async () => {
    let serial = 0
    const step = fc.record({
      tenant: fc.constantFrom('a', 'b'),
      action: fc.constantFrom('add', 'delete', 'condition', 'clock'),
    })
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 3, maxLength: 8 }), async (steps) => {
        const added: Record<'a' | 'b', Array<{ id: number; email: string }>> = { a: [], b: [] }
        for (const s of steps) {
          const me = s.tenant === 'a' ? a : b
          const other = s.tenant === 'a' ? b : a
          const otherCount = await count(other)
          const otherSnapshot = await snapshotOf(other)
          const otherClock = (await other.admin('GET', 'clock')).json
          if (s.action === 'add') {
            const email = `iso-${s.tenant}-${process.pid}-${serial++}@example.com`
            const r = await checkedCall(
              me,
              'add_member',
              { member_table_id: 1, member_info: { e_4: email, e_5: 'abcd1234', e_6: '分離 試験' } },
              me.tokens['krs-all'],
            )
            expect(r.status).toBe(200)
            added[s.tenant].push({ id: r.json as number, email })
            expect(await lookup(other, email), 'the other tenant must not find the address').toBeNull()
            expect(await lookup(me, email)).toBe(r.json)
          } else if (s.action === 'delete' && added[s.tenant].length > 0) {
            const m = added[s.tenant].pop()!
            const r = await checkedCall(
              me,
              'delete_member',
              { member_table_id: 1, member_id: m.id },
              me.tokens['krs-all'],
            )
            expect(r.json).toBe(true)
          } else if (s.action === 'condition') {
            const r = await checkedCall(
              me,
              'add_condition',
              {
                member_table_id: 1,
                condition_info: { title: `分離 ${serial++}`, grouping: true, conditions: { e_16: [11, {}] } },
              },
              me.tokens['krs-all'],
            )
            expect(r.status).toBe(200)
            const theirs = await checkedCall(other, 'get_conditions', { member_table_id: 1 }, other.tokens['krs-all'])
            expect((theirs.json as Array<{ title: string }>).some((c) => c.title === `分離 ${serial - 1}`)).toBe(false)
          } else if (s.action === 'clock') {
            expect((await me.admin('POST', 'clock', { advance_seconds: 3600 })).status).toBe(200)
          }
          // Nothing of the other tenant moved: count, whole snapshot, clock.
          expect(await count(other)).toBe(otherCount)
          expect(await snapshotOf(other)).toBe(otherSnapshot)
          expect((await other.admin('GET', 'clock')).json).toEqual(otherClock)
        }
        // A member id of one tenant read with the other's token is the other's own member (or absent), never ours.
        for (const m of added.a) {
          const r = await checkedCall(
            b,
            'get_member_info',
            { member_table_id: 1, member_id: m.id },
            b.tokens['krs-all'],
          )
          if (r.status === 200) expect((r.json as { e_4: unknown }).e_4).not.toBe(m.email)
        }
      }),
      { numRuns: Number(process.env.ISOLATION_RUNS ?? 6), seed: 77 },
    )
  })
})
