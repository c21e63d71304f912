import { describe, expect, it } from 'vitest'
import { parseMailScenario } from '../../src/domains/mail-delivery-scenario.js'
import { mailDeliverySection } from '../../src/domains/mail-delivery-section.js'
import { useSection } from '../../src/engine/state-section.js'
import { T0, call, ctxFor, deliverySection, expectKrs, makeTenant, textMail } from './support.js'

describe('the delivery scenario section', () => {
  it('has defaults for every key', () => {
    const sc = parseMailScenario(undefined)
    expect(sc.settings.timing).toEqual({ listBaseSeconds: 30, listSecondsPer1000: 1, handoverBaseSeconds: 60, handoverSecondsPer1000: 10 })
    expect(sc.settings.agentProgramMax).toBe(20)
    expect(sc.settings.errorStopThreshold).toBe(3)
    expect(sc.settings.bounces.map((b) => b.match)).toEqual(['@bounce.example.com', '@full.example.jp'])
    expect(sc.messages).toEqual([])
  })

  it('is created on first use from the tenant scenario section "delivery"', () => {
    const tenant = makeTenant()
    delete tenant.mailDelivery
    ;(tenant as unknown as { scenario: unknown }).scenario = { delivery: { agent_program_max: 7, unsubscribed: ['A@Example.com'] } }
    const state = useSection(tenant, mailDeliverySection, T0)
    expect(state.settings.agentProgramMax).toBe(7)
    expect([...state.unsubscribed]).toEqual(['a@example.com'])
    expect(useSection(tenant, mailDeliverySection, T0 + 5)).toBe(state)
  })

  it('makes phase durations grow with the number of targets', () => {
    const tenant = makeTenant({ ...deliverySection, timing: { list_base_seconds: 10, list_seconds_per_1000: 1000, handover_base_seconds: 5, handover_seconds_per_1000: 2000 } })
    const clock = { now: T0 }
    const ctx = ctxFor(tenant, clock)
    const a = call(ctx, 'add_mail_message', { member_table_id: 1, mail_info: textMail() })
    const b = call(ctx, 'add_mail_message', { member_table_id: 1, mail_info: textMail() })
    const all = call(ctx, 'add_delivery_schedule', { mail_message_id: a, delivery_info: { title: 'all', condition_id: 1, element_id: 2, delivery_date: T0 + 60, blacklist: true } })
    const men = call(ctx, 'add_delivery_schedule', { mail_message_id: b, delivery_info: { title: 'men', condition_id: 2, element_id: 2, delivery_date: T0 + 60, blacklist: true } })
    clock.now = T0 + 1000
    const r = (id: number) => call(ctx, 'get_delivery_result', { delivery_id: id })
    // all: 10 targets → 10 + 10 = 20 s; 5 real → 5 + 10 = 15 s. men: 6 targets (1,3,4,6,9,10) → 16 s; 3 real (1,6,10) → 11 s
    expect([r(all).start_date, r(all).end_date]).toEqual([T0 + 80, T0 + 95])
    expect([r(men).start_date, r(men).end_date]).toEqual([T0 + 76, T0 + 87])
  })

  it('bounces a stable share of the other addresses with error_rate', () => {
    const errorsOf = (rate: number, runs = 2): number[][] => {
      const tenant = makeTenant({ ...deliverySection, error_rate: rate, bounces: [] })
      const clock = { now: T0 }
      const ctx = ctxFor(tenant, clock)
      const out: number[][] = []
      for (let i = 0; i < runs; i++) {
        const m = call(ctx, 'add_mail_message', { member_table_id: 1, mail_info: textMail() })
        const d = call(ctx, 'add_delivery_schedule', { mail_message_id: m, delivery_info: { title: 'r', condition_id: 1, element_id: 2, delivery_date: clock.now + 60, blacklist: true } })
        clock.now += 10_000
        out.push(call(ctx, 'get_addresses_for_delivery', { delivery_id: d, type: 'error', offset: 0 }).map((a) => a.member_id))
      }
      return out
    }
    expect(errorsOf(0, 1)).toEqual([[]])
    expect(errorsOf(1, 1)).toEqual([[1, 6, 7, 8, 10]])
    const [a, b] = errorsOf(0.5)
    expect(a).toEqual(b)
  })

  it('loads admin-screen messages; a decorated agent mail cannot be updated (F0226)', () => {
    const tenant = makeTenant({
      ...deliverySection,
      messages: [{ member_table_id: 1, purpose: 'agent', type: 4, from: 'info@example.com', subject: 'デコメ', html_part: '<p>deco</p>' }],
    })
    const ctx = ctxFor(tenant, { now: T0 })
    expectKrs(() => call(ctx, 'update_mail_message_for_agent_program', { mail_message_id: 1, mail_info: textMail() }), 'KR_API_F0226')
    const pid = call(ctx, 'add_agent_program', { mail_message_id: 1, program_info: { title: 'deco', condition_id: 1, element_id: 2, delivery_time_info: { type: 2, hour: 9, min: 0, day_of_week: 5 } } })
    expect(call(ctx, 'get_mail_message_by_agent_program', { agent_program_id: pid })).toMatchObject({ mail_message_id: 1, type: 4, html_part: '<p>deco</p>', text_part: null })
    expect(call(ctx, 'add_mail_message', { member_table_id: 1, mail_info: textMail() })).toBe(2)
  })
})
