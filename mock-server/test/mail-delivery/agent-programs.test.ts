import { describe, expect, it } from 'vitest'
import { dateConditionPredicate } from '../../src/domains/agent-programs/date-condition.js'
import { firstRun, nextOccurrence } from '../../src/domains/agent-programs/occurrences.js'
import { advanceMailDelivery } from '../../src/domains/mail-delivery-section.js'
import { parseDay } from '../../src/model/day-number.js'
import { T0, call, ctxFor, expectKrs, makeTenant, textMail } from './support.js'

/** Unix time of a JST wall-clock time. */
const jst = (s: string): number => Date.parse(`${s}+09:00`) / 1000

function setup() {
  const tenant = makeTenant()
  const clock = { now: T0 }
  const ctx = ctxFor(tenant, clock)
  const msg = call(ctx, 'add_mail_message_for_agent_program', { member_table_id: 1, mail_info: textMail({ subject: 'お誕生日おめでとうございます' }) })
  return { tenant, clock, ctx, msg }
}

const daily = (hour: number, min: number) => ({ type: 1, hour, min })
const birthday = { pattern: 1, element_id: 4, direction: 0, enable_year: false }
const program = (over: Record<string, unknown> = {}) => ({
  title: '誕生日メール', condition_id: 1, element_id: 2, blacklist: true, enable: true,
  delivery_time_info: daily(9, 0), delivery_condition_info: birthday, ...over,
})

describe('occurrences (JST calendar)', () => {
  it('finds daily, weekly and monthly times; month end is 99; missing days are skipped', () => {
    expect(T0).toBe(jst('2026-01-15T12:00:00'))
    expect(nextOccurrence({ type: 1, hour: 12, min: 30, dayOfWeek: null, day: null }, T0)).toBe(jst('2026-01-15T12:30:00'))
    expect(nextOccurrence({ type: 1, hour: 9, min: 0, dayOfWeek: null, day: null }, T0)).toBe(jst('2026-01-16T09:00:00'))
    expect(nextOccurrence({ type: 2, hour: 10, min: 0, dayOfWeek: 1, day: null }, T0)).toBe(jst('2026-01-19T10:00:00')) // Monday
    expect(nextOccurrence({ type: 3, hour: 18, min: 30, dayOfWeek: null, day: 99 }, T0)).toBe(jst('2026-01-31T18:30:00'))
    expect(nextOccurrence({ type: 3, hour: 18, min: 30, dayOfWeek: null, day: 99 }, jst('2026-01-31T18:30:00'))).toBe(jst('2026-02-28T18:30:00'))
    expect(nextOccurrence({ type: 3, hour: 0, min: 0, dayOfWeek: null, day: 31 }, jst('2026-01-31T00:00:00'))).toBe(jst('2026-03-31T00:00:00'))
  })

  it('moves a first run within 5 minutes (or past) to the next occurrence', () => {
    const t = { type: 1 as const, hour: 12, min: 5, dayOfWeek: null, day: null }
    expect(firstRun(t, T0)).toBe(jst('2026-01-16T12:05:00'))
    expect(firstRun({ ...t, min: 10 }, T0)).toBe(jst('2026-01-15T12:10:00'))
  })
})

describe('add_agent_program', () => {
  it('checks message purpose (F0225), lock (F0102), elements (F0103, F0131, F0007) and the maximum (F0227)', () => {
    const { ctx, msg } = setup()
    const normal = call(ctx, 'add_mail_message', { member_table_id: 1, mail_info: textMail() })
    expectKrs(() => call(ctx, 'add_agent_program', { mail_message_id: normal, program_info: program() }), 'KR_API_F0225')
    expectKrs(() => call(ctx, 'add_agent_program', { mail_message_id: msg, program_info: program({ element_id: 3 }) }), 'KR_API_F0103')
    expectKrs(() => call(ctx, 'add_agent_program', { mail_message_id: msg, program_info: program({ delivery_condition_info: { ...birthday, element_id: 3 } }) }), 'KR_API_F0131')
    expectKrs(() => call(ctx, 'add_agent_program', { mail_message_id: msg, program_info: program({ delivery_condition_info: { ...birthday, element_id: 50 } }) }), 'KR_API_F0007')
    expectKrs(() => call(ctx, 'add_agent_program', { mail_message_id: msg, program_info: program({ condition_id: 99 }) }), 'KR_API_F0005')
    expectKrs(() => call(ctx, 'add_agent_program', { mail_message_id: 999, program_info: program() }), 'KR_API_F0005')
    expect(call(ctx, 'add_agent_program', { mail_message_id: msg, program_info: program() })).toBe(1)
    expectKrs(() => call(ctx, 'add_agent_program', { mail_message_id: msg, program_info: program() }), 'KR_API_F0102')
    for (let i = 0; i < 2; i++) {
      const m = call(ctx, 'add_mail_message_for_agent_program', { member_table_id: 1, mail_info: textMail() })
      call(ctx, 'add_agent_program', { mail_message_id: m, program_info: program() })
    }
    const extra = call(ctx, 'add_mail_message_for_agent_program', { member_table_id: 1, mail_info: textMail() })
    expectKrs(() => call(ctx, 'add_agent_program', { mail_message_id: extra, program_info: program() }), 'KR_API_F0227')
  })

  it('requires offset for pattern 2 and for pattern 1 with a direction', () => {
    const { ctx, msg } = setup()
    expectKrs(() => call(ctx, 'add_agent_program', { mail_message_id: msg, program_info: program({ delivery_condition_info: { pattern: 2, element_id: 4 } }) }), 'KR_API_F0006')
    expectKrs(() => call(ctx, 'add_agent_program', { mail_message_id: msg, program_info: program({ delivery_condition_info: { pattern: 1, element_id: 4, direction: 1 } }) }), 'KR_API_F0006')
  })

  it('lists programs with defaults filled in; non-daily programs have no delivery condition', () => {
    const { ctx, msg } = setup()
    call(ctx, 'add_agent_program', { mail_message_id: msg, program_info: program({ enable: undefined, blacklist: undefined }) })
    const m2 = call(ctx, 'add_mail_message_for_agent_program', { member_table_id: 1, mail_info: textMail() })
    call(ctx, 'add_agent_program', { mail_message_id: m2, program_info: program({ title: '月末', delivery_time_info: { type: 3, hour: 18, min: 30, day: 99 }, delivery_condition_info: birthday }) })
    expect(call(ctx, 'get_agent_programs', { member_table_id: 1 })).toEqual([
      {
        id: 1, title: '誕生日メール', condition_id: 1, mail_message_id: msg, element_id: 2, blacklist: false, enable: false,
        delivery_time_info: { type: 1, hour: 9, min: 0 },
        delivery_condition_info: { pattern: 1, element_id: 4, offset: 0, direction: 0, enable_year: false, interval_days: 1, max_num: 0 },
      },
      {
        id: 2, title: '月末', condition_id: 1, mail_message_id: m2, element_id: 2, blacklist: true, enable: true,
        delivery_time_info: { type: 3, hour: 18, min: 30, day: 99 }, delivery_condition_info: null,
      },
    ])
    expect(call(ctx, 'get_agent_programs', { member_table_id: 2 })).toEqual([])
    expectKrs(() => call(ctx, 'get_agent_programs', { member_table_id: 9 }), 'KR_API_F0005')
  })
})

describe('agent program occurrences', () => {
  it('sends the birthday mail to the members born on that day (one occurrence, phase 0 to 3)', () => {
    const { ctx, clock, msg, tenant } = setup()
    const pid = call(ctx, 'add_agent_program', { mail_message_id: msg, program_info: program() })
    // nothing before 2026-01-16 09:00 JST
    advanceMailDelivery(tenant, jst('2026-01-16T08:59:59'))
    expect(tenant.mailDelivery!.deliveries.size).toBe(0)
    clock.now = jst('2026-01-16T10:00:00')
    const history = call(ctx, 'get_delivery_results_by_agent_program', { agent_program_id: pid, start_timestamp: T0, end_timestamp: clock.now })
    const ids = Object.keys(history)
    expect(ids).toHaveLength(1)
    const id = Number(ids[0])
    // members 1 and 8 are born on 16 January
    expect(history[ids[0]!]).toEqual({
      title: '誕生日メール', subject: 'お誕生日おめでとうございます', condition_title: '全員', mail_type: 1,
      delivery_date: jst('2026-01-16T09:00:00'), status: 3, nums: 2,
    })
    expect(call(ctx, 'get_addresses_for_delivery', { delivery_id: id, type: 'valid', offset: 0 }).map((a) => a.member_id)).toEqual([1, 8])
    expect(call(ctx, 'get_delivery_result', { delivery_id: id }).count_info).toEqual({
      all: 2, stopped: 0, no_address: 0, error: 0, blacklist: 0, unsubscribed_address: 0, ready: 0, composed: 2,
    })
    // the next day's occurrence finds nobody
    clock.now = jst('2026-01-17T10:00:00')
    const h2 = call(ctx, 'get_delivery_results_by_agent_program', { agent_program_id: pid, start_timestamp: T0, end_timestamp: clock.now })
    expect(Object.values(h2).map((x) => x.nums).sort()).toEqual([0, 2])
  })

  it('shifts the day by direction and offset (2 = days after)', () => {
    const { ctx, clock, msg } = setup()
    const pid = call(ctx, 'add_agent_program', { mail_message_id: msg, program_info: program({ delivery_condition_info: { ...birthday, direction: 2, offset: 1 } }) })
    clock.now = jst('2026-01-17T12:00:00')
    const h = call(ctx, 'get_delivery_results_by_agent_program', { agent_program_id: pid, start_timestamp: T0, end_timestamp: clock.now })
    const byDate = Object.fromEntries(Object.values(h).map((x) => [x.delivery_date, x.nums]))
    expect(byDate).toEqual({ [jst('2026-01-16T09:00:00')]: 0, [jst('2026-01-17T09:00:00')]: 2 })
  })

  it('pattern 2 repeats every interval_days from the shifted date, at most max_num times', () => {
    const { tenant } = setup()
    const table = tenant.memberDb.tables.get(1)!
    table.members.columns.get(4)!.set(table.members.rowOf(10), parseDay('2026-01-10'))
    const cond = { pattern: 2 as const, elementId: 4, offset: 2, direction: 2, enableYear: true, intervalDays: 7, maxNum: 2 }
    const row = table.members.rowOf(10)
    const hits = ['2026-01-11', '2026-01-12', '2026-01-19', '2026-01-26', '2026-02-02']
      .filter((d) => dateConditionPredicate(table, cond, jst(`${d}T09:00:00`))(row))
    expect(hits).toEqual(['2026-01-12', '2026-01-19'])
  })

  it('serves 29 February birthdays on 28 February in other years when the year is ignored', () => {
    const { tenant } = setup()
    const table = tenant.memberDb.tables.get(1)!
    const row = table.members.rowOf(10)
    table.members.columns.get(4)!.set(row, parseDay('2000-02-29'))
    const cond = { pattern: 1 as const, elementId: 4, offset: 0, direction: 0, enableYear: false, intervalDays: 1, maxNum: 0 }
    expect(dateConditionPredicate(table, cond, jst('2026-02-28T09:00:00'))(row)).toBe(true)
    expect(dateConditionPredicate(table, cond, jst('2028-02-28T09:00:00'))(row)).toBe(false)
    expect(dateConditionPredicate(table, cond, jst('2028-02-29T09:00:00'))(row)).toBe(true)
  })

  it('creates nothing while disabled; enabling applies the 5-minute rule; the switch is audited every time', () => {
    const { ctx, clock, msg, tenant } = setup()
    const pid = call(ctx, 'add_agent_program', { mail_message_id: msg, program_info: program({ enable: false, delivery_time_info: daily(12, 15), delivery_condition_info: { ...birthday, enable_year: true } }) })
    clock.now = jst('2026-01-16T12:11:00')
    call(ctx, 'get_agent_programs', { member_table_id: 1 })
    expect(tenant.mailDelivery!.deliveries.size).toBe(0)
    expect(call(ctx, 'enable_agent_program', { agent_program_id: pid })).toBe(true)
    expect(tenant.mailDelivery!.agentPrograms.get(pid)!.nextRun).toBe(jst('2026-01-17T12:15:00'))
    expect(call(ctx, 'enable_agent_program', { agent_program_id: pid, enable: true })).toBe(true)
    const audits = tenant.audit.filter((a) => a.action === 'enable_agent_program')
    expect(audits).toHaveLength(2)
    expect(audits[1]!.detail).toMatchObject({ agent_program_id: pid, enable: true, changed: false })
    call(ctx, 'enable_agent_program', { agent_program_id: pid, enable: false })
    clock.now = jst('2026-01-20T00:00:00')
    call(ctx, 'get_agent_programs', { member_table_id: 1 })
    expect(tenant.mailDelivery!.deliveries.size).toBe(0)
    expectKrs(() => call(ctx, 'enable_agent_program', { agent_program_id: 42 }), 'KR_API_F0005')
  })

  it('can be deleted while active; created deliveries finish; history by program is then F0005', () => {
    const { ctx, clock, msg, tenant } = setup()
    const pid = call(ctx, 'add_agent_program', { mail_message_id: msg, program_info: program() })
    clock.now = jst('2026-01-16T09:00:10')
    call(ctx, 'get_agent_programs', { member_table_id: 1 })
    expect(call(ctx, 'delete_agent_program', { agent_program_id: pid })).toBe(true)
    expectKrs(() => call(ctx, 'delete_agent_program', { agent_program_id: pid }), 'KR_API_F0005')
    expectKrs(() => call(ctx, 'get_mail_message_by_agent_program', { agent_program_id: pid }), 'KR_API_F0005')
    expectKrs(() => call(ctx, 'get_delivery_results_by_agent_program', { agent_program_id: pid, start_timestamp: 0, end_timestamp: clock.now }), 'KR_API_F0005')
    clock.now = jst('2026-01-20T00:00:00')
    const ds = [...tenant.mailDelivery!.deliveries.values()]
    call(ctx, 'get_agent_programs', { member_table_id: 1 })
    expect(ds.map((d) => d.phase)).toEqual([3])
    expect(tenant.mailDelivery!.deliveries.size).toBe(1)
  })

  it('a later update of the agent message applies to the next occurrence only', () => {
    const { ctx, clock, msg } = setup()
    const pid = call(ctx, 'add_agent_program', { mail_message_id: msg, program_info: program() })
    clock.now = jst('2026-01-16T09:00:05')
    call(ctx, 'get_agent_programs', { member_table_id: 1 })
    call(ctx, 'update_mail_message_for_agent_program', { mail_message_id: msg, mail_info: textMail({ subject: '新件名' }) })
    clock.now = jst('2026-01-17T10:00:00')
    const h = call(ctx, 'get_delivery_results_by_agent_program', { agent_program_id: pid, start_timestamp: 0, end_timestamp: clock.now })
    expect(Object.values(h).map((x) => x.subject).sort()).toEqual(['お誕生日おめでとうございます', '新件名'])
  })
})
