import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { engineClient, type EngineAnswer } from './support/engine-client.js'
import { validExample } from './support/request-examples.js'

// Stateful property tests (fast-check 4, model-based): random sequences of member writes,
// conditions, deliveries and clock moves against the emulator in process (every answer
// checked against the contract by engineClient), compared with a small model after each step.
// In process on purpose: hundreds of sequences, each on a fresh engine, in seconds.

const TABLE = 1
const ALL = 1 // the predefined condition "全員"

interface Model {
  count: number
  members: Map<number, string> // members the sequence added: id → name
  gone: number[] // ids the sequence deleted
  conditions: number
  now: number
  deliveries: Map<number, { at: number; cancelled: boolean }>
  nextEmail: number
}

type Real = ReturnType<typeof engineClient>

const ok = (a: EngineAnswer): unknown => {
  if (a.status !== 200) throw new Error(`expected a success, got ${a.status} ${JSON.stringify(a.json)}`)
  return a.json
}

class AddMember implements fc.AsyncCommand<Model, Real> {
  constructor(readonly name: string) {}
  check = (): boolean => true
  async run(m: Model, r: Real): Promise<void> {
    const email = `prop${m.nextEmail++}@example.com`
    const id = ok(
      await r.call('add_member', {
        member_table_id: TABLE,
        member_info: { e_4: email, e_5: 'abcd1234', e_6: this.name },
      }),
    )
    expect(id).toBeTypeOf('number')
    expect(m.members.has(id as number) || m.gone.includes(id as number), 'a new id').toBe(false)
    m.members.set(id as number, this.name)
    m.count++
  }
  toString = (): string => `AddMember(${JSON.stringify(this.name)})`
}

class AddDuplicate implements fc.AsyncCommand<Model, Real> {
  check = (m: Readonly<Model>): boolean => m.nextEmail > 0
  async run(m: Model, r: Real): Promise<void> {
    // The last e-mail address given out is either present (unique key → refused) or deleted (accepted).
    const email = `prop${m.nextEmail - 1}@example.com`
    const a = await r.call('add_member', {
      member_table_id: TABLE,
      member_info: { e_4: email, e_5: 'abcd1234', e_6: '重複 太郎' },
    })
    const lookup = await r.call('lookup_member_id', { member_table_id: TABLE, member_info: { e_4: email } })
    if (a.status === 200) {
      m.members.set(a.json as number, '重複 太郎')
      m.count++
    } else {
      expect(a.code).toBe('KR_API_F0117')
      expect(lookup.status).toBe(200)
    }
  }
  toString = (): string => 'AddDuplicate'
}

class UpdateMember implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly pick: number,
    readonly name: string,
  ) {}
  check = (m: Readonly<Model>): boolean => m.members.size > 0
  async run(m: Model, r: Real): Promise<void> {
    const ids = [...m.members.keys()]
    const id = ids[this.pick % ids.length]!
    expect(
      ok(await r.call('update_member', { member_table_id: TABLE, member_id: id, member_info: { e_6: this.name } })),
    ).toBe(true)
    m.members.set(id, this.name)
  }
  toString = (): string => `UpdateMember(#${this.pick}, ${JSON.stringify(this.name)})`
}

class DeleteMember implements fc.AsyncCommand<Model, Real> {
  constructor(readonly pick: number) {}
  check = (m: Readonly<Model>): boolean => m.members.size > 0
  async run(m: Model, r: Real): Promise<void> {
    const ids = [...m.members.keys()]
    const id = ids[this.pick % ids.length]!
    expect(ok(await r.call('delete_member', { member_table_id: TABLE, member_id: id }))).toBe(true)
    m.members.delete(id)
    m.gone.push(id)
    m.count--
  }
  toString = (): string => `DeleteMember(#${this.pick})`
}

class TouchDeleted implements fc.AsyncCommand<Model, Real> {
  constructor(readonly pick: number) {}
  check = (m: Readonly<Model>): boolean => m.gone.length > 0
  async run(m: Model, r: Real): Promise<void> {
    const id = m.gone[this.pick % m.gone.length]!
    const del = await r.call('delete_member', { member_table_id: TABLE, member_id: id })
    const upd = await r.call('update_member', { member_table_id: TABLE, member_id: id, member_info: { e_6: '亡霊' } })
    const get = await r.call('get_member_info', { member_table_id: TABLE, member_id: id })
    // A write on an absent member answers result false (or KR_API_F0005), never true; a read is F0005.
    for (const a of [del, upd])
      expect(a.status === 200 ? a.json : a.code).toSatisfy((v: unknown) => v === false || v === 'KR_API_F0005')
    expect(get.code).toBe('KR_API_F0005')
  }
  toString = (): string => `TouchDeleted(#${this.pick})`
}

class AddCondition implements fc.AsyncCommand<Model, Real> {
  constructor(readonly title: string) {}
  check = (): boolean => true
  async run(m: Model, r: Real): Promise<void> {
    const id = ok(
      await r.call('add_condition', {
        member_table_id: TABLE,
        condition_info: { title: this.title, grouping: true, conditions: { e_16: [11, {}] } },
      }),
    )
    const list = ok(await r.call('get_conditions', { member_table_id: TABLE })) as Array<{ id: number; title: string }>
    expect(list.find((c) => c.id === id)?.title).toBe(this.title)
    m.conditions++
  }
  toString = (): string => `AddCondition(${JSON.stringify(this.title)})`
}

class AdvanceClock implements fc.AsyncCommand<Model, Real> {
  constructor(readonly seconds: number) {}
  check = (): boolean => true
  async run(m: Model, r: Real): Promise<void> {
    const a = await r.admin('POST', 'clock', { advance_seconds: this.seconds })
    expect(a.status).toBe(200)
    m.now += this.seconds
    expect((a.json as { now: number }).now).toBe(m.now)
  }
  toString = (): string => `AdvanceClock(${this.seconds})`
}

class ScheduleDelivery implements fc.AsyncCommand<Model, Real> {
  constructor(readonly delay: number) {}
  check = (): boolean => true
  async run(m: Model, r: Real): Promise<void> {
    // A mail message is locked once a delivery reserves it (KR_API_F0102): one message per delivery.
    const message = ok(
      await r.call('add_mail_message', { ...(validExample('add_mail_message') as object), member_table_id: TABLE }),
    ) as number
    const body = validExample('add_delivery_schedule') as { delivery_info: Record<string, unknown> }
    const at = m.now + this.delay
    const id = ok(
      await r.call('add_delivery_schedule', {
        ...body,
        mail_message_id: message,
        delivery_info: { ...body.delivery_info, condition_id: ALL, delivery_date: at },
      }),
    )
    m.deliveries.set(id as number, { at, cancelled: false })
  }
  toString = (): string => `ScheduleDelivery(+${this.delay}s)`
}

class CancelDelivery implements fc.AsyncCommand<Model, Real> {
  constructor(readonly pick: number) {}
  check = (m: Readonly<Model>): boolean => m.deliveries.size > 0
  async run(m: Model, r: Real): Promise<void> {
    const ids = [...m.deliveries.keys()]
    const id = ids[this.pick % ids.length]!
    const d = m.deliveries.get(id)!
    const a = await r.call('cancel_delivery_schedule', { delivery_id: id })
    if (!d.cancelled && d.at > m.now) {
      expect(a.status, 'a future delivery can be cancelled').toBe(200)
      d.cancelled = true
    } else {
      expect(a.status, 'a cancelled or started delivery cannot be cancelled').not.toBe(200)
    }
  }
  toString = (): string => `CancelDelivery(#${this.pick})`
}

/** After every command: the member count of the table equals the model's; names match. */
async function checkInvariant(m: Model, r: Real): Promise<void> {
  expect(ok(await r.call('get_members_num_by_condition', { member_table_id: TABLE, condition_id: ALL }))).toBe(m.count)
  for (const [id, name] of [...m.members].slice(-3)) {
    const info = ok(await r.call('get_member_info', { member_table_id: TABLE, member_id: id })) as Record<
      string,
      unknown
    >
    expect(info.e_6).toBe(name)
  }
}

const name = fc.constantFrom('山田 太郎', '佐藤 花子', 'ｱｲｳ', 'Ｏ’Ｂｒｉｅｎ', '李 小龍', '田中 一郎')
const commands = [
  name.map((n) => new AddMember(n)),
  fc.constant(new AddDuplicate()),
  fc.tuple(fc.nat(), name).map(([p, n]) => new UpdateMember(p, n)),
  fc.nat().map((p) => new DeleteMember(p)),
  fc.nat().map((p) => new TouchDeleted(p)),
  fc.constantFrom('購読者 A', '購読者 B', '条件 ①').map((t) => new AddCondition(t)),
  fc.integer({ min: 1, max: 3 * 86_400 }).map((s) => new AdvanceClock(s)),
  fc.integer({ min: 60, max: 2 * 86_400 }).map((d) => new ScheduleDelivery(d)),
  fc.nat().map((p) => new CancelDelivery(p)),
]

describe('stateful property tests (fast-check model-based)', () => {
  it('member writes, conditions, deliveries and clock moves agree with the model', { timeout: 300_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(fc.commands(commands, { maxCommands: 25 }), async (cmds) => {
        const client = engineClient()
        const real: Real = client
        const count = ok(
          await real.call('get_members_num_by_condition', { member_table_id: TABLE, condition_id: ALL }),
        ) as number
        const clock = (await real.admin('GET', 'clock')).json as { now: number }
        const model: Model = {
          count,
          members: new Map(),
          gone: [],
          conditions: 0,
          now: clock.now,
          deliveries: new Map(),
          nextEmail: 0,
        }
        const wrapped = [...cmds].map((c) => ({
          check: (mm: Readonly<Model>) => c.check(mm),
          run: async (mm: Model, rr: Real) => {
            await c.run(mm, rr)
            await checkInvariant(mm, rr)
          },
          toString: () => c.toString(),
        }))
        await fc.asyncModelRun(() => ({ model, real }), wrapped)
      }),
      { numRuns: Number(process.env.PROPERTY_RUNS ?? 40), seed: Number(process.env.PROPERTY_SEED ?? 424242) },
    )
  })
})
