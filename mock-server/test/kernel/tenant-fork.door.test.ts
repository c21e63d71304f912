import { describe, expect, it } from 'vitest'
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import { createEngine, tokensByName } from '../../src/index.js'
import { sharesSection } from '../../src/kernel/tenant-fork.js'
import { SharedTables, sharesMembers } from '../../src/domains/member-db/shared-tables.js'
import { runOnEveryDoor, type DoorTarget } from '../support/run-on-every-door.js'

// Forks (`POST /__mock/tenants {"from"}`): a fork shares its source's state until it writes,
// and no write crosses between a fork, its parent and its siblings, in either direction.

const START = 1_767_225_600 // the runner's manual clock

const mailInfo = {
  type: 1,
  from: 'info@example.com',
  from_desc: '事務局',
  subject: 'お知らせ',
  text_part: '本文\n',
}

interface Created {
  tenant_id: string
  tokens: Record<string, string>
  base_url: string
}

async function fork(t: DoorTarget, from: string, extra: object = {}): Promise<{ id: string; token: string }> {
  const r = await t.admin<Created>('POST', 'tenants', { from, ...extra })
  expect(r.status, JSON.stringify(r.body)).toBe(201)
  expect(r.body.base_url).toMatch(new RegExp(`/${r.body.tenant_id}$`))
  return { id: r.body.tenant_id, token: r.body.tokens['krs-all']! }
}

async function ok<T>(t: DoorTarget, op: string, body: unknown, token: string): Promise<T> {
  const r = await t.call<T>(op, body, token)
  if (r.status !== 200) throw new Error(`${op}: ${r.status} ${JSON.stringify(r.body)}`)
  return r.body
}

/** `e_6` (the name) of a member, or the error code when there is no such member. */
async function nameOf(t: DoorTarget, token: string, memberId: number): Promise<string> {
  const r = await t.call<{ e_6?: string; error_code?: string }>(
    'get_member_info',
    { member_table_id: 1, member_id: memberId },
    token,
  )
  return r.status === 200 ? r.body.e_6! : r.body.error_code!
}

async function clockOf(t: DoorTarget, token: string): Promise<number> {
  return (await t.admin<{ now: number }>('GET', 'clock', undefined, token)).body.now
}

/** The status of a delivery, or the error code when there is none. */
async function deliveryOf(t: DoorTarget, token: string, id: number): Promise<unknown> {
  const r = await t.call<unknown[] | { error_code: string }>('get_delivery_status', { delivery_id: id }, token)
  return r.status === 200 ? r.body : (r.body as { error_code: string }).error_code
}

runOnEveryDoor(
  'tenant forks',
  (t) => {
    const parent = 'krs-all'

    it("member writes of a fork stay in it, and the parent's later writes stay out of it", async () => {
      const original = await nameOf(t, parent, 1)
      const second = await nameOf(t, parent, 2)
      const a = await fork(t, 'default')
      const b = await fork(t, 'default')
      const c = await fork(t, 'default') // read only after the parent's writes
      expect(await nameOf(t, a.token, 1)).toBe(original)

      const added = await ok<number>(
        t,
        'add_member',
        { member_table_id: 1, member_info: { e_4: 'fork-a@example.com', e_5: 'pass1234', e_6: '分岐 花子' } },
        a.token,
      )
      await ok(t, 'update_member', { member_table_id: 1, member_id: 1, member_info: { e_6: 'フォーク 一郎' } }, a.token)
      await ok(t, 'delete_member', { member_table_id: 1, member_id: 2 }, a.token)
      expect(await nameOf(t, a.token, added)).toBe('分岐 花子')
      expect(await nameOf(t, a.token, 1)).toBe('フォーク 一郎')
      expect(await nameOf(t, a.token, 2)).toBe('KR_API_F0005')
      for (const other of [parent, b.token]) {
        expect(await nameOf(t, other, 1)).toBe(original)
        expect(await nameOf(t, other, 2)).toBe(second)
        expect(await nameOf(t, other, added)).toBe('KR_API_F0005')
      }

      // c has not touched the table yet: it still shares it when the parent writes
      await ok(t, 'update_member', { member_table_id: 1, member_id: 1, member_info: { e_6: '親 太郎' } }, parent)
      await ok(t, 'delete_member', { member_table_id: 1, member_id: 3 }, parent)
      expect(await nameOf(t, parent, 1)).toBe('親 太郎')
      expect(await nameOf(t, a.token, 1)).toBe('フォーク 一郎')
      for (const other of [b.token, c.token]) {
        expect(await nameOf(t, other, 1)).toBe(original)
        expect(await nameOf(t, other, 3)).not.toBe('KR_API_F0005')
        expect(await nameOf(t, other, added)).toBe('KR_API_F0005')
      }
    })

    it("messages, deliveries, batch jobs and the clock of a fork stay in it, and the parent's stay out", async () => {
      const before = await clockOf(t, parent)
      const a = await fork(t, 'default')
      const b = await fork(t, 'default')
      const c = await fork(t, 'default') // read only after the parent's writes
      expect(await clockOf(t, a.token)).toBe(before)

      const msg = await ok<number>(t, 'add_mail_message', { member_table_id: 1, mail_info: mailInfo }, a.token)
      const delivery = await ok<number>(
        t,
        'add_delivery_schedule',
        {
          mail_message_id: msg,
          delivery_info: {
            title: 'フォーク',
            condition_id: 1,
            element_id: 4,
            delivery_date: START + 60,
            blacklist: false,
          },
        },
        a.token,
      )
      const job = await ok<number>(
        t,
        'export_members',
        { member_table_id: 1, condition_id: 1, columnset_id: 1 },
        a.token,
      )
      expect((await t.admin('POST', 'clock', { advance_seconds: 3600 }, a.token)).status).toBe(200)
      expect(await clockOf(t, a.token)).toBe(before + 3600)
      const sent = await deliveryOf(t, a.token, delivery)
      expect(sent).not.toBe('KR_API_F0005')

      for (const other of [parent, b.token]) {
        expect(await clockOf(t, other)).toBe(before)
        expect(await deliveryOf(t, other, delivery)).toBe('KR_API_F0005')
        const status = await t.call<{ error_code?: string }>('get_batch_job_status', { batch_job_id: job }, other)
        expect(status.status).not.toBe(200)
        const del = await t.call('delete_mail_message', { mail_message_id: msg }, other)
        expect(del.status).not.toBe(200)
      }

      // the parent's own delivery (scheduled later) and clock move do not reach the forks
      const pmsg = await ok<number>(t, 'add_mail_message', { member_table_id: 1, mail_info: mailInfo }, parent)
      const pdel = await ok<number>(
        t,
        'add_delivery_schedule',
        {
          mail_message_id: pmsg,
          delivery_info: { title: '親', condition_id: 1, element_id: 4, delivery_date: START + 7200, blacklist: false },
        },
        parent,
      )
      expect((await t.admin('POST', 'clock', { advance_seconds: 60 }, parent)).status).toBe(200)
      expect(await clockOf(t, a.token)).toBe(before + 3600)
      expect(await clockOf(t, b.token)).toBe(before)
      expect(await deliveryOf(t, a.token, pdel)).toEqual(sent) // a's own delivery of the same id
      expect(await deliveryOf(t, b.token, pdel)).toBe('KR_API_F0005')
      expect(await deliveryOf(t, c.token, pdel)).toBe('KR_API_F0005')
      expect(await clockOf(t, c.token)).toBe(before)
      const cdel = await t.call('delete_mail_message', { mail_message_id: pmsg }, c.token)
      expect(cdel.status).not.toBe(200)
    })

    it('unique keys: a fork checks them against its own members, the parent against its own', async () => {
      const add = (token: string, email: string) =>
        t.call<number | { error_code: string }>(
          'add_member',
          { member_table_id: 1, member_info: { e_4: email, e_5: 'pass1234', e_6: '一意 確認' } },
          token,
        )
      const code = (r: { status: number; body: unknown }) =>
        r.status === 200 ? 'ok' : (r.body as { error_code: string }).error_code
      // the parent's index exists before the fork: the fork's copy reads it under its own changes
      const before = (await add(parent, 'before@example.com')).body as number
      const a = await fork(t, 'default')
      expect(code(await add(a.token, 'before@example.com'))).toBe('KR_API_F0117')
      await ok(t, 'delete_member', { member_table_id: 1, member_id: before }, a.token)
      expect(code(await add(a.token, 'before@example.com'))).toBe('ok')
      expect(code(await add(parent, 'after@example.com'))).toBe('ok')
      expect(code(await add(a.token, 'after@example.com'))).toBe('ok')
      expect(code(await add(parent, 'before@example.com'))).toBe('KR_API_F0117')
      expect(code(await add(a.token, 'after@example.com'))).toBe('KR_API_F0117')
    })

    it('a fork of a fork starts from its parent fork and is as separate', async () => {
      const a = await fork(t, 'default')
      await ok(t, 'update_member', { member_table_id: 1, member_id: 1, member_info: { e_6: '一代目' } }, a.token)
      const a2 = await fork(t, a.id)
      expect(await nameOf(t, a2.token, 1)).toBe('一代目')
      await ok(t, 'update_member', { member_table_id: 1, member_id: 1, member_info: { e_6: '二代目' } }, a2.token)
      await ok(t, 'update_member', { member_table_id: 1, member_id: 2, member_info: { e_6: '一代目の後' } }, a.token)
      expect(await nameOf(t, a.token, 1)).toBe('一代目')
      expect(await nameOf(t, a2.token, 1)).toBe('二代目')
      expect(await nameOf(t, a2.token, 2)).not.toBe('一代目の後')
      expect(await nameOf(t, parent, 1)).not.toBe('一代目')
    })

    it('deleting a fork leaves its parent and siblings working', async () => {
      const original = await nameOf(t, parent, 1)
      const a = await fork(t, 'default')
      const b = await fork(t, 'default')
      await ok(t, 'update_member', { member_table_id: 1, member_id: 1, member_info: { e_6: '消える' } }, a.token)
      expect((await t.admin('DELETE', 'tenants', undefined, a.token)).status).toBe(200)
      expect((await t.call('get_member_info', { member_table_id: 1, member_id: 1 }, a.token)).status).toBe(401)
      const list = await t.admin<{ tenants: { tenant_id: string }[] }>('GET', 'tenants')
      expect(list.body.tenants.map((x) => x.tenant_id)).not.toContain(a.id)
      expect(await nameOf(t, parent, 1)).toBe(original)
      expect(await nameOf(t, b.token, 1)).toBe(original)
      await ok(t, 'update_member', { member_table_id: 1, member_id: 1, member_info: { e_6: '親' } }, parent)
      expect(await nameOf(t, parent, 1)).toBe('親')
      expect(await nameOf(t, b.token, 1)).toBe(original)
    })

    it('templates: built once, forked by name; bad names, taken names and unknown sources are refused', async () => {
      const made = await t.admin('POST', 'templates', { name: 'small', members: 5 })
      expect(made.status, JSON.stringify(made.body)).toBe(201)
      expect((await t.admin<{ templates: string[] }>('GET', 'templates')).body.templates).toEqual(['small'])
      const a = await fork(t, 'small')
      const b = await fork(t, 'small')
      const count = (token: string) =>
        ok<number>(t, 'get_members_num_by_condition', { member_table_id: 1, condition_id: 1 }, token)
      expect(await count(a.token)).toBe(5)
      await ok(t, 'delete_member', { member_table_id: 1, member_id: 1 }, a.token)
      expect(await count(a.token)).toBe(4)
      expect(await count(b.token)).toBe(5)
      expect(await count((await fork(t, 'small')).token)).toBe(5)

      const taken = await t.admin<{ error: string }>('POST', 'templates', { name: 'small' })
      expect([taken.status, taken.body.error]).toEqual([409, 'template_exists'])
      for (const name of ['default', 't_abc', 'Big', '']) {
        const bad = await t.admin<{ error: string }>('POST', 'templates', { name })
        expect(bad.status, name).toBe(400)
      }
      const unknown = await t.admin<{ error: string }>('POST', 'tenants', { from: 'nothing' })
      expect([unknown.status, unknown.body.error]).toEqual([404, 'unknown_source'])
      const both = await t.admin<{ error: string }>('POST', 'tenants', { from: 'small', members: 3 })
      expect([both.status, both.body.error]).toEqual([400, 'from_conflict'])
      expect((await t.admin<{ tenants: unknown[] }>('GET', 'tenants')).body.tenants).toHaveLength(4)
    })

    it('a fork has its own token values under the same names and an empty journal', async () => {
      await ok(t, 'get_member_tables', {}, parent)
      const r = await t.admin<Created>('POST', 'tenants', { from: 'default', clock: { set: START + 99 } })
      expect(Object.keys(r.body.tokens).sort()).toEqual(Object.keys(tokensByName(t.engine.defaultTenant)).sort())
      for (const [name, value] of Object.entries(r.body.tokens)) expect(value).not.toBe(name)
      const token = r.body.tokens['krs-all']!
      expect(await clockOf(t, token)).toBe(START + 99)
      const journal = await t.admin<{ entries: unknown[] }>('GET', 'journal', undefined, token)
      expect(journal.body.entries).toEqual([])
    })
  },
  { engine: { members: 20 } },
)

describe('forks share until they touch', () => {
  it('a fork shares every section; a member write copies that table only, in the fork and in the parent', async () => {
    const engine = createEngine({ clock: { mode: 'manual', now: START }, members: 20 })
    const parent = engine.defaultTenant
    const f = engine.createTenant({ from: 'default' })
    expect(sharesSection(f.state, 'memberDb')).toBe(true)
    expect(sharesSection(f.state, 'mailDelivery')).toBe(true)
    expect(sharesSection(parent.state, 'memberDb')).toBe(true)
    const token = tokensByName(f)['krs-all']!
    const res = await engine.handle(
      new Request('http://krs.test/api/v1/update_member', {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ member_table_id: 1, member_id: 1, member_info: { e_6: '書いた' } }),
      }),
    )
    expect(res.status).toBe(200)
    const tables = f.state.memberDb.tables as SharedTables
    expect(tables).toBeInstanceOf(SharedTables)
    expect(tables.shares(1)).toBe(false)
    expect(tables.shares(2)).toBe(true)
    // the parent has not read its member database since the fork
    expect(sharesSection(parent.state, 'memberDb')).toBe(true)
    // reading a table's elements copies its description, not its members
    const listed = await engine.handle(
      new Request('http://krs.test/api/v1/get_member_table_elements', {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: '{"member_table_id":2}',
      }),
    )
    expect(listed.status).toBe(200)
    expect(tables.shares(2)).toBe(false)
    expect(sharesMembers(tables.get(2)!)).toBe(true)
    expect(sharesMembers(tables.get(1)!)).toBe(false)
  })

  it('the form outbox: a fork starts with none, the parent keeps its own', () => {
    const engine = createEngine({ clock: { mode: 'manual', now: START }, members: 20 })
    const parent = engine.defaultTenant
    const entry = { id: 1, at: START } as unknown as (typeof parent.state.forms.outbox)[number]
    parent.state.forms.outbox.push(entry)
    const f = engine.createTenant({ from: 'default' })
    expect(f.state.forms.outbox).toEqual([])
    expect(parent.state.forms.outbox).toEqual([entry])
  })

  it("a fork's snapshot export reads the shared state as it is and equals the export of its full copy", async () => {
    const engine = createEngine({ clock: { mode: 'manual', now: START }, members: 20 })
    const parentToken = 'krs-all'
    await engine.handle(
      new Request('http://krs.test/api/v1/update_member', {
        method: 'POST',
        headers: { authorization: `Bearer ${parentToken}`, 'content-type': 'application/json' },
        body: JSON.stringify({ member_table_id: 1, member_id: 1, member_info: { e_6: '親の変更' } }),
      }),
    )
    const f = engine.createTenant({ from: 'default' })
    const shared = engine.exportTenant(f)
    expect(sharesSection(f.state, 'memberDb')).toBe(true) // the export copied nothing
    // a full copy: the same state imported into a tenant built the ordinary way (in another
    // engine: the fork's tokens belong to the fork here)
    const other = createEngine({ clock: { mode: 'manual', now: START }, members: 20 })
    other.importTenant(other.defaultTenant, shared)
    const full = engine.exportTenant(other.defaultTenant)
    expect(JSON.stringify(full).replaceAll('"default"', `"${f.id}"`)).toBe(JSON.stringify(shared))
    // and the fork's state once it has made its own copy of everything
    for (const key of Object.keys(f.state)) void (f.state as unknown as Record<string, unknown>)[key]
    ;[...f.state.memberDb.tables.values()]
    expect(sharesSection(f.state, 'memberDb')).toBe(false)
    expect(engine.exportTenant(f)).toEqual(shared)
    // the fork's export is the parent's state under the fork's own tokens
    const parentExport = engine.exportTenant(engine.defaultTenant)
    const strip = (s: typeof shared) => {
      const state = { ...(s.state as Record<string, unknown>) }
      delete state.tokens
      delete state.id
      // the random state as unsigned words: a restored source writes them so, a running one signed
      return { ...s, tenant_id: '', state, random: s.random.map((w) => w >>> 0) }
    }
    expect(strip(shared)).toEqual(strip(parentExport))
  })
})

describe('saving forks', () => {
  it('a saved engine state restores every fork as a tenant of its own, with what it wrote and nothing of its siblings', async () => {
    const engine = createEngine({ clock: { mode: 'manual', now: START }, members: 20 })
    const a = engine.createTenant({ from: 'default' })
    const b = engine.createTenant({ from: 'default' })
    const original = await nameOfEngine(engine, 'krs-all')
    const aToken = tokensByName(a)['krs-all']!
    const bToken = tokensByName(b)['krs-all']!
    await engine.handle(
      new Request('http://krs.test/api/v1/update_member', {
        method: 'POST',
        headers: { authorization: `Bearer ${aToken}`, 'content-type': 'application/json' },
        body: JSON.stringify({ member_table_id: 1, member_id: 1, member_info: { e_6: '保存された' } }),
      }),
    )
    const saved = JSON.parse(JSON.stringify(engine.exportState()))
    const restored = createEngine({ clock: { mode: 'manual', now: START } })
    restored.importState(saved)
    expect(
      restored
        .tenants()
        .map((t) => t.id)
        .sort(),
    ).toEqual([a.id, b.id, 'default'].sort())
    expect(await nameOfEngine(restored, aToken)).toBe('保存された')
    expect(await nameOfEngine(restored, bToken)).toBe(original)
    expect(await nameOfEngine(restored, 'krs-all')).toBe(original)
  })
})

describe('deleting a fork frees it', () => {
  it('neither the parent nor the engine keeps the deleted fork or the state only it shared', async () => {
    setFlagsFromString('--expose-gc')
    const gc = runInNewContext('gc') as () => void
    const collect = async () => {
      for (let i = 0; i < 3; i++) {
        await new Promise((r) => setTimeout(r, 0))
        gc()
      }
    }
    const engine = createEngine({ clock: { mode: 'manual', now: START }, members: 20 })
    const write = async (token: string, name: string) => {
      const res = await engine.handle(
        new Request('http://krs.test/api/v1/update_member', {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ member_table_id: 1, member_id: 1, member_info: { e_6: name } }),
        }),
      )
      expect(res.status).toBe(200)
    }
    const refs = (() => {
      const base = engine.defaultTenant.state.memberDb // shared by the fork below, then by nobody
      const f = engine.createTenant({ from: 'default' })
      return {
        fork: new WeakRef(f),
        state: new WeakRef(f.state),
        base: new WeakRef(base),
        token: tokensByName(f)['krs-all']!,
      }
    })()
    await write(refs.token, 'フォーク')
    const forkTable = new WeakRef(refs.state.deref()!.memberDb.tables.get(1)!)
    await write('krs-all', '親') // the parent makes its own copy: the base is now the fork's alone
    engine.deleteTenant(refs.fork.deref()!)
    await collect()
    expect(refs.fork.deref()).toBeUndefined()
    expect(refs.state.deref()).toBeUndefined()
    expect(forkTable.deref()).toBeUndefined()
    expect(refs.base.deref()).toBeUndefined()
    expect(await nameOfEngine(engine, 'krs-all')).toBe('親')
  })
})

async function nameOfEngine(engine: ReturnType<typeof createEngine>, token: string): Promise<string> {
  const res = await engine.handle(
    new Request('http://krs.test/api/v1/get_member_info', {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ member_table_id: 1, member_id: 1 }),
    }),
  )
  return ((await res.json()) as { e_6: string }).e_6
}
