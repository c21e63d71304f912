import { describe, expect, it } from 'vitest'
import { admin, newEngine } from '../support/in-process.js'

// PUT /__mock/snapshot (and a data dir's file, which is loaded by the same check) refuses a
// snapshot whose parts contradict each other, naming the JSON pointer, and changes nothing:
// the next member must not reuse an id, a column must not read back nulls it was not given.

type Snapshot = { state: any; [k: string]: unknown }

const ints = (b64: string): number[] => [...new Int32Array(new Uint8Array(Buffer.from(b64, 'base64')).buffer)]
const base64Of = (values: number[]): string => Buffer.from(new Int32Array(values).buffer).toString('base64')

const cases: [string, (s: Snapshot) => void, string][] = [
  [
    'members.nextId not above every id',
    (s) => {
      s.state.memberDb.tables[0].members.nextId = 1
    },
    '/state/memberDb/tables/0/members/nextId must be above every member id',
  ],
  [
    'a duplicate member id',
    (s) => {
      const m = s.state.memberDb.tables[0].members
      const ids = ints(m.id)
      ids[1] = ids[0]!
      m.id = base64Of(ids)
    },
    '/state/memberDb/tables/0/members/id must hold increasing ids, each once (row 1',
  ],
  [
    'a member id of 0',
    (s) => {
      const m = s.state.memberDb.tables[0].members
      m.id = base64Of(ints(m.id).map((id, i) => (i === 0 ? 0 : id)))
    },
    '/state/memberDb/tables/0/members/id must hold ids above 0 (row 0: 0)',
  ],
  [
    'a negative member id',
    (s) => {
      const m = s.state.memberDb.tables[0].members
      m.id = base64Of(ints(m.id).map((id, i) => (i === 0 ? -5 : id)))
    },
    '/state/memberDb/tables/0/members/id must hold ids above 0 (row 0: -5)',
  ],
  [
    'an element column with one value for five rows',
    (s) => {
      const columns = s.state.memberDb.tables[0].members.columns as Record<string, { kind: string; data: unknown }>
      const c = Object.values(columns).find((c) => c.kind !== 'string')!
      c.data = Buffer.from(Buffer.from(c.data as string, 'base64').subarray(0, 8)).toString('base64')
    },
    '/state/memberDb/tables/0/members/columns/',
  ],
  [
    'a text column longer than the rows',
    (s) => {
      const columns = s.state.memberDb.tables[0].members.columns as Record<string, { kind: string; data: unknown }>
      const c = Object.values(columns).find((c) => c.kind === 'string')!
      c.data = Array.from({ length: 51 }, () => 'x')
    },
    '/data must hold /rows (5) values (it holds 51)',
  ],
  [
    'a text column shorter than the rows',
    (s) => {
      const columns = s.state.memberDb.tables[0].members.columns as Record<string, { kind: string; data: unknown[] }>
      const c = Object.values(columns).find((c) => c.kind === 'string')!
      c.data = c.data.slice(0, 2)
    },
    '/data must hold /rows (5) values (it holds 2)',
  ],
  [
    'a system text column shorter than the rows',
    (s) => {
      const m = s.state.memberDb.tables[0].members
      m.last_host = m.last_host.slice(0, 1)
    },
    '/state/memberDb/tables/0/members/last_host must hold /rows (5) values (it holds 1)',
  ],
  [
    'a token whose account does not exist',
    (s) => {
      s.state.tokens[0].accountId = 999
    },
    '/state/tokens/0/accountId must name an account of /state/accounts (999 is none)',
  ],
  [
    'two accounts with one id',
    (s) => {
      s.state.accounts[1].id = s.state.accounts[0].id
    },
    '/state/accounts/1/id must be unique',
  ],
  [
    'a condition id at nextConditionId',
    (s) => {
      const db = s.state.memberDb
      db.nextConditionId = db.conditions[0].id
    },
    '/state/memberDb/nextConditionId must be above every condition id',
  ],
  [
    'two conditions with one id',
    (s) => {
      const db = s.state.memberDb
      db.conditions[1].id = db.conditions[0].id
    },
    '/state/memberDb/conditions/1/id must be unique',
  ],
  [
    'a delivery id at nextDeliveryId',
    (s) => {
      const mail = s.state.extra.mailDelivery
      mail.deliveries.$map.push([mail.nextDeliveryId, {}])
    },
    '/state/extra/mailDelivery/nextDeliveryId must be above every id of /state/extra/mailDelivery/deliveries',
  ],
  [
    'a message id of 0',
    (s) => {
      s.state.extra.mailDelivery.messages.$map.push([0, {}])
    },
    '/state/extra/mailDelivery/messages must have ids above 0 (got 0)',
  ],
  [
    'a batch job id above nextJobId',
    (s) => {
      const batch = s.state.extra.batch
      batch.jobs[String(batch.nextJobId + 5)] = {}
    },
    '/state/extra/batch/nextJobId must be above every id of /state/extra/batch/jobs',
  ],
  [
    'a stored file id at nextId',
    (s) => {
      const files = s.state.extra.storedFiles
      files.files[String(files.nextId)] = {}
    },
    '/state/extra/storedFiles/nextId must be above every id of /state/extra/storedFiles/files',
  ],
]

describe('PUT /__mock/snapshot checks what the schema cannot say', () => {
  it.each(cases)(
    'refuses %s with 400 invalid_snapshot naming the pointer, changing nothing',
    async (_, spoil, message) => {
      const engine = newEngine()
      const before = (await admin(engine, 'GET', 'snapshot')).body as Snapshot
      expect(before.state.memberDb.conditions.length).toBeGreaterThan(1)
      const bad = structuredClone(before)
      spoil(bad)
      const r = await admin(engine, 'PUT', 'snapshot', bad)
      expect(r.status).toBe(400)
      expect(r.body.error).toBe('invalid_snapshot')
      expect(r.body.message).toContain(message)
      expect((await admin(engine, 'GET', 'snapshot')).body).toEqual(before)
    },
  )

  it('still takes back what it exported', async () => {
    const engine = newEngine()
    const snap = (await admin(engine, 'GET', 'snapshot')).body
    expect((await admin(engine, 'PUT', 'snapshot', snap)).status).toBe(200)
  })

  it('exports every text column as long as the rows, in format krs-kit-tenant/2', async () => {
    const snap = (await admin(newEngine(), 'GET', 'snapshot')).body as Snapshot
    expect(snap.state.format).toBe('krs-kit-tenant/2')
    for (const t of snap.state.memberDb.tables) {
      const m = t.members
      for (const key of ['last_host', 'last_referer', 'last_useragent']) expect(m[key].length).toBe(m.rows)
      for (const c of Object.values(m.columns) as { kind: string; data: unknown[] }[])
        if (c.kind === 'string') expect(c.data.length).toBe(m.rows)
    }
  })

  it('still loads a krs-kit-tenant/1 snapshot whose text columns leave trailing nulls out', async () => {
    const engine = newEngine()
    const snap = (await admin(engine, 'GET', 'snapshot')).body as Snapshot
    const old = structuredClone(snap)
    old.state.format = 'krs-kit-tenant/1'
    const m = old.state.memberDb.tables[0].members
    const columns = m.columns as Record<string, { kind: string; data: unknown[] }>
    const [id, c] = Object.entries(columns).find(([, c]) => c.kind === 'string')!
    c.data = [...c.data.slice(0, 2), null, null]
    m.last_host = []
    const put = await admin(engine, 'PUT', 'snapshot', old)
    expect(put.status).toBe(200)
    const back = (await admin(engine, 'GET', 'snapshot')).body as Snapshot
    const m2 = back.state.memberDb.tables[0].members
    expect(back.state.format).toBe('krs-kit-tenant/2')
    expect(m2.columns[id].data).toEqual([...c.data.slice(0, 2), ...Array(m2.rows - 2).fill(null)])
    expect(m2.last_host).toEqual(Array(m2.rows).fill(null))
  })
})
