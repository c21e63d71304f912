import { describe, expect, it } from 'vitest'
import { createEngine, type Engine } from '../../src/index.js'

// PUT /__mock/snapshot refuses a state whose parts contradict the contract or each other, naming
// the JSON pointer, and changes nothing: two tables with one id, an account level or an element
// type the contract does not have, an element config that is not an object.

type Snapshot = { state: any; [k: string]: unknown }

async function admin(engine: Engine, method: string, body?: unknown): Promise<{ status: number; body: any }> {
  const init: RequestInit = { method, headers: { 'content-type': 'application/json' } }
  if (body !== undefined) init.body = JSON.stringify(body)
  const res = await engine.handle(new Request('http://krs.test/__mock/snapshot', init))
  return { status: res.status, body: JSON.parse(await res.text()) }
}

const cases: [string, (s: Snapshot) => void, string][] = [
  [
    'two tables with id 1',
    (s) => {
      s.state.memberDb.tables[1].id = s.state.memberDb.tables[0].id
    },
    '/state/memberDb/tables/1/id must be unique',
  ],
  [
    'two elements of one table with one id',
    (s) => {
      const els = s.state.memberDb.tables[0].elements
      els[1].id = els[0].id
    },
    '/state/memberDb/tables/0/elements/1/id must be unique in its table',
  ],
  [
    'an account level "root"',
    (s) => {
      s.state.accounts[0].level = 'root'
    },
    '/state/accounts/0/level',
  ],
  [
    'an element config "x"',
    (s) => {
      s.state.memberDb.tables[0].elements[3].config = 'x'
    },
    '/state/memberDb/tables/0/elements/3/config',
  ],
  [
    'an element type the contract does not have',
    (s) => {
      s.state.memberDb.tables[0].elements[3].type = 'hologram'
    },
    '/state/memberDb/tables/0/elements/3/type',
  ],
  [
    'an account whose tables are not ids',
    (s) => {
      s.state.accounts[0].tables = ['one']
    },
    '/state/accounts/0/tables',
  ],
]

describe('PUT /__mock/snapshot checks the contract and unique ids', () => {
  it.each(cases)('refuses %s with 400 invalid_snapshot naming the path, changing nothing', async (_, spoil, path) => {
    const engine = createEngine({ members: 5, clock: { mode: 'manual', now: 1_767_225_600 } })
    const before = (await admin(engine, 'GET')).body as Snapshot
    expect(before.state.memberDb.tables.length).toBeGreaterThan(1)
    const bad = structuredClone(before)
    spoil(bad)
    const r = await admin(engine, 'PUT', bad)
    expect({ status: r.status, error: r.body.error }).toEqual({ status: 400, error: 'invalid_snapshot' })
    expect(r.body.message).toContain(path)
    expect((await admin(engine, 'GET')).body).toEqual(before)
  })

  it('still takes back what it exported', async () => {
    const engine = createEngine({ members: 5 })
    expect((await admin(engine, 'PUT', (await admin(engine, 'GET')).body)).status).toBe(200)
  })
})
