import { describe, expect, it } from 'vitest'
import { createEngine, type Engine, type TenantRuntime, tokensByName } from '../../../src/index.js'
import { memberInfoOf } from '../../../src/domains/member-db/members/member-view.js'
import type { StringColumn } from '../../../src/domains/member-db/member-columns.js'

// Without response validation (krs-mock's default), get_member_info answers a member read
// again with the JSON text made the last time (member-answer-cache.ts). Whatever changed in
// between (a write through the API, a write to a column in process, a fork's write, a
// deletion, a restored snapshot, a reset), the answer must be what the state holds now, for
// readers with and without the encryption right.

function engineUnderTest(): Engine {
  return createEngine({ members: 40, seed: 3, validateResponses: false, clock: { mode: 'manual', now: 1_768_446_000 } })
}

async function call(engine: Engine, op: string, body: unknown, token = 'krs-all') {
  const out = await engine.respond({
    method: 'POST',
    path: `/api/v1/${op}`,
    query: '',
    header: (name) => ({ 'content-type': 'application/json', authorization: `Bearer ${token}` })[name],
    bodyText: JSON.stringify(body),
  })
  return { status: out.status, text: String(out.body) }
}

const read = (engine: Engine, memberId: number, token = 'krs-all') =>
  call(engine, 'get_member_info', { member_table_id: 1, member_id: memberId }, token)

const write = (engine: Engine, memberId: number, info: Record<string, unknown>, token = 'krs-all') =>
  call(engine, 'update_member', { member_table_id: 1, member_id: memberId, member_info: info }, token)

/** One field of a member's answer. */
const field = async (answer: Promise<{ text: string }>, key: string): Promise<unknown> =>
  (JSON.parse((await answer).text) as Record<string, unknown>)[key]

/** What the member's answer must be: its object from the tenant's state, stringified. */
function expected(t: TenantRuntime, memberId: number, encryptedKey: boolean): string {
  const table = t.state.memberDb.tables.get(1)!
  return JSON.stringify(memberInfoOf(table, table.members.rowOf(memberId), { encryptedKey }))
}

describe('get_member_info read again', () => {
  it('answers the same text while nothing changed, and a write through the API at once', async () => {
    const engine = engineUnderTest()
    const t = engine.defaultTenant
    const first = await read(engine, 5)
    expect(first.status).toBe(200)
    expect(first.text).toBe(expected(t, 5, true))
    expect((await read(engine, 5)).text).toBe(first.text)
    const next = (((JSON.parse(first.text) as { e_19: number | null }).e_19 ?? 0) + 7) % 1000
    expect((await write(engine, 5, { e_19: next })).status).toBe(200)
    expect(await field(read(engine, 5), 'e_19')).toBe(next)
    expect((await read(engine, 5)).text).toBe(expected(t, 5, true))
  })

  it('sees a value written to a column in process (tests do this) on the next read', async () => {
    const engine = engineUnderTest()
    const t = engine.defaultTenant
    await read(engine, 3)
    const table = t.state.memberDb.tables.get(1)!
    const column = table.members.columns.get(21) as StringColumn
    column.set(table.members.rowOf(3), 'written in process')
    expect(await field(read(engine, 3), 'e_21')).toBe('written in process')
    expect((await read(engine, 3)).text).toBe(expected(t, 3, true))
  })

  it('keeps the answers of readers with and without the encryption right apart, in any order', async () => {
    const engine = engineUnderTest()
    const t = engine.defaultTenant
    for (const token of ['krs-noencrypt', 'krs-all', 'krs-noencrypt', 'krs-all'])
      expect((await read(engine, 8, token)).text).toBe(expected(t, 8, token === 'krs-all'))
    expect((await read(engine, 8, 'krs-noencrypt')).text).not.toBe((await read(engine, 8, 'krs-all')).text)
  })

  it('answers a deleted member with F0005 after it was read', async () => {
    const engine = engineUnderTest()
    expect((await read(engine, 9)).status).toBe(200)
    expect((await call(engine, 'delete_member', { member_table_id: 1, member_id: 9 })).status).toBe(200)
    const gone = await read(engine, 9)
    expect(gone.status).toBe(400)
    expect(JSON.parse(gone.text)).toMatchObject({ error_code: 'KR_API_F0005' })
  })

  it('keeps a fork and its source apart: each answers its own writes', async () => {
    const engine = engineUnderTest()
    const before = (await read(engine, 4)).text
    const fork = engine.createTenant({ from: engine.defaultTenant.id })
    const forkToken = tokensByName(fork)['krs-all']!
    expect((await read(engine, 4, forkToken)).text).toBe(before)
    await write(engine, 4, { e_21: 'in the fork' }, forkToken)
    expect((await read(engine, 4, forkToken)).text).toBe(expected(fork, 4, true))
    expect(await field(read(engine, 4, forkToken), 'e_21')).toBe('in the fork')
    expect((await read(engine, 4)).text).toBe(before)
    await write(engine, 4, { e_21: 'in the source' })
    expect(await field(read(engine, 4), 'e_21')).toBe('in the source')
    expect(await field(read(engine, 4, forkToken), 'e_21')).toBe('in the fork')
  })

  it('answers the restored state after a snapshot import and after a reset', async () => {
    const engine = engineUnderTest()
    const t = engine.defaultTenant
    const original = (await read(engine, 6)).text
    const snapshot = JSON.parse(JSON.stringify(engine.exportTenant(t))) as unknown
    await write(engine, 6, { e_21: 'changed' })
    expect((await read(engine, 6)).text).not.toBe(original)
    engine.importTenant(t, snapshot)
    expect((await read(engine, 6)).text).toBe(original)
    await write(engine, 6, { e_21: 'changed again' })
    expect(await field(read(engine, 6), 'e_21')).toBe('changed again')
    engine.resetTenant(t)
    expect((await read(engine, 6)).text).toBe(original)
  })
})
