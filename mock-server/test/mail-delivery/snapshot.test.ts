import { describe, expect, it } from 'vitest'
import { mailDeliverySection } from '../../src/domains/mail-delivery-section.js'
import { T0, call, ctxFor, makeTenant, textMail } from './support.js'

describe('mailDeliverySection snapshot', () => {
  it('survives JSON: messages, deliveries with their lists, programs, click logs, address lists', () => {
    const tenant = makeTenant()
    const clock = { now: T0 }
    const ctx = ctxFor(tenant, clock)
    const msg = call(ctx, 'add_mail_message', { member_table_id: 1, mail_info: textMail({ clickcounts: [{ url: 'https://www.example.com/a/' }] }) })
    const id = call(ctx, 'add_delivery_schedule', { mail_message_id: msg, delivery_info: { title: 't', condition_id: 1, element_id: 2, delivery_date: T0 + 60, blacklist: true } })
    const am = call(ctx, 'add_mail_message_for_agent_program', { member_table_id: 1, mail_info: textMail() })
    call(ctx, 'add_agent_program', { mail_message_id: am, program_info: { title: 'w', condition_id: 2, element_id: 2, enable: true, delivery_time_info: { type: 2, hour: 10, min: 0, day_of_week: 1 } } })
    clock.now = T0 + 50 // phase 0 for the delivery
    const before0 = call(ctx, 'get_delivery_status', { delivery_id: id })
    const json0 = JSON.parse(JSON.stringify(mailDeliverySection.toJSON(tenant.mailDelivery!)))
    clock.now = T0 + 10_000
    const beforeResult = call(ctx, 'get_delivery_result', { delivery_id: id })
    const beforeErrors = call(ctx, 'get_addresses_for_delivery', { delivery_id: id, type: 'error', offset: 0 })
    const json = JSON.parse(JSON.stringify(mailDeliverySection.toJSON(tenant.mailDelivery!)))

    const restored = makeTenant()
    restored.mailDelivery = mailDeliverySection.fromJSON(json)
    const rctx = ctxFor(restored, clock)
    expect(call(rctx, 'get_delivery_result', { delivery_id: id })).toEqual(beforeResult)
    expect(call(rctx, 'get_addresses_for_delivery', { delivery_id: id, type: 'error', offset: 0 })).toEqual(beforeErrors)
    expect(call(rctx, 'get_agent_programs', { member_table_id: 1 })).toEqual(call(ctx, 'get_agent_programs', { member_table_id: 1 }))
    // a snapshot taken in phase 0 resumes the phase machine after import
    const early = makeTenant()
    early.mailDelivery = mailDeliverySection.fromJSON(json0)
    const ectx = ctxFor(early, { now: T0 + 50 })
    expect(call(ectx, 'get_delivery_status', { delivery_id: id })).toEqual(before0)
    expect(call(ctxFor(early, clock), 'get_delivery_result', { delivery_id: id })).toEqual(beforeResult)
    expect(() => mailDeliverySection.fromJSON({ format: 'other' })).toThrow(/format/)
  })
})
