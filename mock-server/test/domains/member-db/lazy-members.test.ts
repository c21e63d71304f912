import { describe, expect, it } from 'vitest'
import { createEngine } from '../../../src/index.js'
import { pendingCount } from '../../../src/domains/member-db/lazy-members.js'
import { memberCount, peekTables } from '../../../src/domains/member-db/shared-tables.js'
import type { Engine } from '../../../src/kernel/engine.js'

const NOW = Date.UTC(2026, 0, 15, 3) / 1000

function call(engine: Engine, api: string, body: unknown = {}): Promise<Response> {
  return engine.handle(
    new Request(`http://127.0.0.1/api/v1/${api}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer krs-all' },
      body: JSON.stringify(body),
    }),
  )
}

function table(engine: Engine, id: number) {
  const t = new Map(peekTables(engine.defaultTenant.state.memberDb.tables)).get(id)
  if (!t) throw new Error(`no table ${id}`)
  return t
}

describe('generated members are made on first read of their table', () => {
  it('get_member_tables counts them without making them', async () => {
    const engine = createEngine({ clock: { mode: 'manual', now: NOW } })
    expect(pendingCount(table(engine, 1))).toBe(1000)
    const r = await call(engine, 'get_member_tables')
    expect(r.status).toBe(200)
    const body = (await r.json()) as { id: number; nums: number }[]
    expect(body.find((t) => t.id === 1)?.nums).toBe(1000)
    expect(pendingCount(table(engine, 1))).toBe(1000)
  })

  it('a read makes them, and the same seed gives the same members whenever they are made', async () => {
    const early = createEngine({ clock: { mode: 'manual', now: NOW }, seed: 7 })
    const late = createEngine({ clock: { mode: 'manual', now: NOW }, seed: 7 })
    expect(table(early, 1).members.count).toBe(1000)
    expect(pendingCount(table(early, 1))).toBeNull()
    // the other engine makes them only later, after its clock moved and other tables were read
    late.defaultTenant.clock.advance(86_400)
    for (const t of late.defaultTenant.state.memberDb.tables.values()) if (t.id !== 1) void t.members.count
    expect(pendingCount(table(late, 1))).toBe(1000)
    const earlyTable = JSON.stringify(early.exportTenant(early.defaultTenant).state)
    const lateTable = JSON.stringify(late.exportTenant(late.defaultTenant).state)
    expect(lateTable).toBe(earlyTable)
    const other = createEngine({ clock: { mode: 'manual', now: NOW }, seed: 8 })
    expect(JSON.stringify(other.exportTenant(other.defaultTenant).state)).not.toBe(earlyTable)
  })

  it('the first call that reads a member makes the members of its table', async () => {
    const engine = createEngine({ clock: { mode: 'manual', now: NOW } })
    expect((await call(engine, 'get_member_tables')).status).toBe(200)
    expect(pendingCount(table(engine, 1))).toBe(1000)
    const r = await call(engine, 'get_member_info', { member_table_id: 1, member_id: 1000 })
    expect(r.status).toBe(200)
    expect(pendingCount(table(engine, 1))).toBeNull()
    expect(table(engine, 1).members.count).toBe(1000)
  })

  it('a fork taken before the read gets the same members as its parent, each made once', async () => {
    const engine = createEngine({ clock: { mode: 'manual', now: NOW }, seed: 3 })
    const fork = engine.createTenant({ from: 'default' })
    const forkTable = new Map(peekTables(fork.state.memberDb.tables)).get(1)!
    expect(memberCount(forkTable)).toBe(1000)
    expect(pendingCount(table(engine, 1))).toBe(1000)
    const ofFork = fork.state.memberDb.tables.get(1)!.members
    expect(ofFork.count).toBe(1000)
    expect(engine.defaultTenant.state.memberDb.tables.get(1)!.members.count).toBe(1000)
    const state = (t: typeof fork) => (engine.exportTenant(t).state as { memberDb: unknown }).memberDb
    expect(JSON.stringify(state(fork))).toBe(JSON.stringify(state(engine.defaultTenant)))
    const alone = createEngine({ clock: { mode: 'manual', now: NOW }, seed: 3 })
    expect(JSON.stringify(state(fork))).toBe(
      JSON.stringify((alone.exportTenant(alone.defaultTenant).state as { memberDb: unknown }).memberDb),
    )
  })
})
