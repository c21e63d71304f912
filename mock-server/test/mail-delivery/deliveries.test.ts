import { describe, expect, it } from 'vitest'
import { advanceMailDelivery } from '../../src/domains/mail-delivery-section.js'
import { T0, call, ctxFor, expectKrs, makeTenant, textMail } from './support.js'

function setup() {
  const tenant = makeTenant()
  const clock = { now: T0 }
  const ctx = ctxFor(tenant, clock)
  const msg = call(ctx, 'add_mail_message', { member_table_id: 1, mail_info: textMail() })
  return { tenant, clock, ctx, msg }
}

const info = (over: Record<string, unknown> = {}) => ({ title: '1月号', condition_id: 1, element_id: 2, delivery_date: T0 + 600, blacklist: true, ...over })

describe('add_delivery_schedule', () => {
  it('reserves a delivery in phase 0 with zero counts and no dates', () => {
    const { ctx, msg } = setup()
    const id = call(ctx, 'add_delivery_schedule', { mail_message_id: msg, delivery_info: info() })
    expect(call(ctx, 'get_delivery_status', { delivery_id: id })).toEqual([0, ''])
    const r = call(ctx, 'get_delivery_result', { delivery_id: id })
    expect(r.start_date).toBeNull()
    expect(r.end_date).toBeNull()
    expect(Object.values(r.count_info).every((v) => v === 0)).toBe(true)
    expect(call(ctx, 'get_addresses_for_delivery', { delivery_id: id, type: 'valid', offset: 0 })).toEqual([])
  })

  it('refuses a non-e-mail element (F0103), an unknown one (F0005), one of another table (F0007)', () => {
    const { ctx, msg } = setup()
    expectKrs(() => call(ctx, 'add_delivery_schedule', { mail_message_id: msg, delivery_info: info({ element_id: 3 }) }), 'KR_API_F0103')
    expectKrs(() => call(ctx, 'add_delivery_schedule', { mail_message_id: msg, delivery_info: info({ element_id: 999 }) }), 'KR_API_F0005')
    expectKrs(() => call(ctx, 'add_delivery_schedule', { mail_message_id: msg, delivery_info: info({ element_id: 50 }) }), 'KR_API_F0007')
  })

  it('needs a usable condition of the same table (F0005, F0007)', () => {
    const { ctx, msg } = setup()
    expectKrs(() => call(ctx, 'add_delivery_schedule', { mail_message_id: msg, delivery_info: info({ condition_id: 77 }) }), 'KR_API_F0005')
    expectKrs(() => call(ctx, 'add_delivery_schedule', { mail_message_id: msg, delivery_info: info({ condition_id: 3 }) }), 'KR_API_F0005')
    expectKrs(() => call(ctx, 'add_delivery_schedule', { mail_message_id: msg, delivery_info: info({ condition_id: 4 }) }), 'KR_API_F0007')
  })

  it('locks the message: a second schedule is refused (F0102); agent messages are refused (F0211)', () => {
    const { ctx, msg } = setup()
    call(ctx, 'add_delivery_schedule', { mail_message_id: msg, delivery_info: info() })
    expectKrs(() => call(ctx, 'add_delivery_schedule', { mail_message_id: msg, delivery_info: info() }), 'KR_API_F0102')
    const agent = call(ctx, 'add_mail_message_for_agent_program', { member_table_id: 1, mail_info: textMail() })
    expectKrs(() => call(ctx, 'add_delivery_schedule', { mail_message_id: agent, delivery_info: info() }), 'KR_API_F0211')
    expectKrs(() => call(ctx, 'add_delivery_schedule', { mail_message_id: 999, delivery_info: info() }), 'KR_API_F0005')
  })

  it('runs 0 → 1 → 2 → 3 on the clock, with durations from the timing section', () => {
    const { ctx, clock, msg } = setup()
    const id = call(ctx, 'add_delivery_schedule', { mail_message_id: msg, delivery_info: info() })
    clock.now = T0 + 599
    expect(call(ctx, 'get_delivery_status', { delivery_id: id })[0]).toBe(0)
    clock.now = T0 + 600
    expect(call(ctx, 'get_delivery_status', { delivery_id: id })).toEqual([1, ''])
    expect(call(ctx, 'get_delivery_result', { delivery_id: id }).count_info.all).toBe(0)
    // 10 targets: list 30 + 0.01 → 31 s; 5 real: handover 60 + 0.05 → 61 s
    clock.now = T0 + 600 + 31
    const [phase, desc] = call(ctx, 'get_delivery_status', { delivery_id: id })
    expect(phase).toBe(2)
    expect(desc).toBe('配信対象数 10 (0%完了)')
    clock.now = T0 + 600 + 31 + 30
    const mid = call(ctx, 'get_delivery_result', { delivery_id: id })
    expect(mid.start_date).toBe(T0 + 631)
    expect(mid.end_date).toBeNull()
    expect(mid.count_info.ready + mid.count_info.composed).toBe(5)
    expect(mid.count_info.composed).toBe(2) // floor(5 × 30/61)
    expect(call(ctx, 'get_delivery_status', { delivery_id: id })[1]).toBe('配信対象数 10 (49%完了)')
    clock.now = T0 + 600 + 31 + 61
    expect(call(ctx, 'get_delivery_status', { delivery_id: id })).toEqual([3, '配信対象数 10 (100%完了)'])
    const r = call(ctx, 'get_delivery_result', { delivery_id: id })
    expect(r).toEqual({
      count_info: { all: 10, stopped: 1, no_address: 1, error: 2, blacklist: 2, unsubscribed_address: 1, ready: 0, composed: 5 },
      start_date: T0 + 631,
      end_date: T0 + 692,
    })
  })

  it('extracts the targets at phase 1, not at reservation', () => {
    const { ctx, clock, msg, tenant } = setup()
    const id = call(ctx, 'add_delivery_schedule', { mail_message_id: msg, delivery_info: info({ condition_id: 2 }) })
    // a member who becomes male after the reservation is a target; one deleted is not
    const table = tenant.memberDb.tables.get(1)!
    table.members.columns.get(5)!.set(table.members.rowOf(8), 1)
    table.members.removeRow(table.members.rowOf(10))
    clock.now = T0 + 10_000
    const valid = call(ctx, 'get_addresses_for_delivery', { delivery_id: id, type: 'valid', offset: 0 }).map((a) => a.member_id)
    expect(valid).toEqual([1, 8])
  })

  it('counts blacklisted addresses only when the flag is on', () => {
    const { ctx, clock, msg } = setup()
    const id = call(ctx, 'add_delivery_schedule', { mail_message_id: msg, delivery_info: info({ blacklist: false }) })
    clock.now = T0 + 10_000
    const r = call(ctx, 'get_delivery_result', { delivery_id: id }).count_info
    expect(r.blacklist).toBe(0)
    expect(r.composed).toBe(7)
  })

  it('starts at once when the delivery date is past', () => {
    const { ctx, msg } = setup()
    const id = call(ctx, 'add_delivery_schedule', { mail_message_id: msg, delivery_info: info({ delivery_date: T0 - 60 }) })
    expect(call(ctx, 'get_delivery_status', { delivery_id: id })[0]).toBe(1)
  })

  it('deletes the condition after building the list when delete_condition is true', () => {
    const { ctx, clock, msg, tenant } = setup()
    call(ctx, 'add_delivery_schedule', { mail_message_id: msg, delivery_info: info({ condition_id: 2, delete_condition: true }) })
    expect(tenant.memberDb.conditionUses.get(2)?.size).toBe(1)
    clock.now = T0 + 600
    call(ctx, 'get_delivery_results_by_interval', { member_table_id: 1, start_timestamp: 0 })
    expect(tenant.memberDb.conditions.has(2)).toBe(false)
  })

  it('moves phases without any API call when the clock is advanced (advanceMailDelivery)', () => {
    const { ctx, msg, tenant } = setup()
    const id = call(ctx, 'add_delivery_schedule', { mail_message_id: msg, delivery_info: info() })
    advanceMailDelivery(tenant, T0 + 10_000)
    const d = tenant.mailDelivery!.deliveries.get(id)!
    expect(d.phase).toBe(3)
    expect(d.startDate).toBe(T0 + 631)
    advanceMailDelivery(tenant, T0 + 10_000) // idempotent
    expect(d.phase).toBe(3)
  })
})

describe('cancel_delivery_schedule', () => {
  it('cancels while reserved and unlocks the message', () => {
    const { ctx, msg } = setup()
    const id = call(ctx, 'add_delivery_schedule', { mail_message_id: msg, delivery_info: info() })
    expect(call(ctx, 'cancel_delivery_schedule', { delivery_id: id })).toBe(true)
    expectKrs(() => call(ctx, 'get_delivery_status', { delivery_id: id }), 'KR_API_F0005')
    expectKrs(() => call(ctx, 'cancel_delivery_schedule', { delivery_id: id }), 'KR_API_F0005')
    expect(call(ctx, 'delete_mail_message', { message_id: msg })).toBe(true)
  })

  it('refuses once started (F0213) and once finished (F0005)', () => {
    const { ctx, clock, msg } = setup()
    const id = call(ctx, 'add_delivery_schedule', { mail_message_id: msg, delivery_info: info() })
    clock.now = T0 + 600
    expectKrs(() => call(ctx, 'cancel_delivery_schedule', { delivery_id: id }), 'KR_API_F0213')
    clock.now = T0 + 650
    expectKrs(() => call(ctx, 'cancel_delivery_schedule', { delivery_id: id }), 'KR_API_F0213')
    clock.now = T0 + 10_000
    expectKrs(() => call(ctx, 'cancel_delivery_schedule', { delivery_id: id }), 'KR_API_F0005')
    expectKrs(() => call(ctx, 'cancel_delivery_schedule', { delivery_id: 4242 }), 'KR_API_F0005')
  })

  it('refuses a delivery of an agent program (F0212)', () => {
    const { ctx, clock, tenant } = setup()
    const am = call(ctx, 'add_mail_message_for_agent_program', { member_table_id: 1, mail_info: textMail() })
    // weekly on Thursday 13:00 JST; T0 is Thursday 12:00 JST
    call(ctx, 'add_agent_program', { mail_message_id: am, program_info: { title: 'w', condition_id: 1, element_id: 2, enable: true, delivery_time_info: { type: 2, hour: 13, min: 0, day_of_week: 4 } } })
    clock.now = T0 + 3600
    call(ctx, 'get_agent_programs', { member_table_id: 1 })
    const agentDelivery = [...tenant.mailDelivery!.deliveries.values()].find((d) => d.kind === 'agent')!
    expectKrs(() => call(ctx, 'cancel_delivery_schedule', { delivery_id: agentDelivery.id }), 'KR_API_F0212')
  })
})

describe('add_test_delivery_schedule', () => {
  const test = (over: Record<string, unknown> = {}) => ({ emails: ['taro@example.com'], element_id: 2, ...over })

  it('checks the addresses: none (F0214), over 50 (F0215), not an address (F0216)', () => {
    const { ctx, msg } = setup()
    expectKrs(() => call(ctx, 'add_test_delivery_schedule', { mail_message_id: msg, delivery_info: test({ emails: [] }) }), 'KR_API_F0214')
    const many = Array.from({ length: 51 }, (_, i) => `t${i}@example.com`)
    expectKrs(() => call(ctx, 'add_test_delivery_schedule', { mail_message_id: msg, delivery_info: test({ emails: many }) }), 'KR_API_F0215')
    expect(call(ctx, 'add_test_delivery_schedule', { mail_message_id: msg, delivery_info: test({ emails: [...many.slice(0, 49), 'taro@example.com'] }) })).toBeGreaterThan(0)
    expectKrs(() => call(ctx, 'add_test_delivery_schedule', { mail_message_id: msg, delivery_info: test({ emails: ['taro@example.com', 'not-an-address'] }) }), 'KR_API_F0216')
    expectKrs(() => call(ctx, 'add_test_delivery_schedule', { mail_message_id: msg, delivery_info: test({ emails: ['nobody@example.com'] }) }), 'KR_API_F0214')
    expectKrs(() => call(ctx, 'add_test_delivery_schedule', { mail_message_id: msg, delivery_info: test({ element_id: 4 }) }), 'KR_API_F0103')
  })

  it('merges duplicates, skips unknown addresses, rolls a past date to the next 5-minute timing', () => {
    const { ctx, clock, msg, tenant } = setup()
    clock.now = T0 + 61 // 12:01:01
    const id = call(ctx, 'add_test_delivery_schedule', {
      mail_message_id: msg,
      delivery_info: test({ emails: ['taro@example.com', 'TARO@example.com', 'unknown@example.com', 'hanako@example.jp'], delivery_date: T0 - 3600 }),
    })
    const d = tenant.mailDelivery!.deliveries.get(id)!
    expect(d.deliveryDate).toBe(T0 + 300)
    expect(d.testEmails).toEqual(['taro@example.com', 'hanako@example.jp'])
    clock.now = T0 + 10_000
    expect(call(ctx, 'get_delivery_result', { delivery_id: id }).count_info).toMatchObject({ all: 2, composed: 2 })
    expect(call(ctx, 'get_addresses_for_delivery', { delivery_id: id, type: 'valid', offset: 0 }).map((a) => a.member_id)).toEqual([1, 8])
  })

  it('uses the default prefix, no prefix for an empty string, and does not lock the message', () => {
    const { ctx, clock, msg } = setup()
    const a = call(ctx, 'add_test_delivery_schedule', { mail_message_id: msg, delivery_info: test({ prefix: null }) })
    const b = call(ctx, 'add_test_delivery_schedule', { mail_message_id: msg, delivery_info: test({ prefix: '' }) })
    const c = call(ctx, 'add_test_delivery_schedule', { mail_message_id: msg, delivery_info: test({ prefix: '[確認]' }) })
    clock.now = T0 + 10_000
    expect(call(ctx, 'get_summary_for_delivery_status', { delivery_id: a }).messages.subject).toBe('【テスト配信】お知らせ')
    expect(call(ctx, 'get_summary_for_delivery_status', { delivery_id: b }).messages.subject).toBe('お知らせ')
    expect(call(ctx, 'get_summary_for_delivery_status', { delivery_id: c }).messages.subject).toBe('[確認]お知らせ')
    expect(call(ctx, 'delete_mail_message', { message_id: msg })).toBe(true)
  })

  it('can be cancelled while reserved', () => {
    const { ctx, msg } = setup()
    const id = call(ctx, 'add_test_delivery_schedule', { mail_message_id: msg, delivery_info: test({ delivery_date: T0 + 3600 }) })
    expect(call(ctx, 'cancel_delivery_schedule', { delivery_id: id })).toBe(true)
  })
})
