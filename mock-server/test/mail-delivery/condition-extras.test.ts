import { describe, expect, it } from 'vitest'
import { addCondition } from '../../src/domains/conditions/index.js'
import { applyEvent } from '../../src/domains/mail-delivery-admin.js'
import { T0, call, ctxFor, makeTenant, textMail } from './support.js'

describe('conditions on delivery data', () => {
  function delivered() {
    const tenant = makeTenant()
    const clock = { now: T0 }
    const ctx = ctxFor(tenant, clock)
    const msg = call(ctx, 'add_mail_message', { member_table_id: 1, mail_info: textMail({ clickcounts: [{ url: 'https://www.example.com/a/' }] }) })
    const id = call(ctx, 'add_delivery_schedule', { mail_message_id: msg, delivery_info: { title: 't', condition_id: 1, element_id: 2, delivery_date: T0 + 60, blacklist: true } })
    clock.now = T0 + 10_000
    call(ctx, 'get_delivery_status', { delivery_id: id })
    return { tenant, clock, ctx, id }
  }
  const targets = (ctx: ReturnType<typeof ctxFor>, clock: { now: number }, conditionId: number): number[] => {
    const m = call(ctx, 'add_mail_message', { member_table_id: 1, mail_info: textMail() })
    const d = call(ctx, 'add_delivery_schedule', { mail_message_id: m, delivery_info: { title: 'x', condition_id: conditionId, element_id: 2, delivery_date: clock.now + 60 } })
    clock.now += 10_000
    return ['valid', 'error', 'stopped', 'no_address', 'blacklist', 'unsubscribed_address']
      .flatMap((type) => call(ctx, 'get_addresses_for_delivery', { delivery_id: d, type, offset: 0 }).map((a) => a.member_id))
      .sort((a, b) => a - b)
  }

  it('click_count_flag selects the members who clicked (or did not click) in a delivery', () => {
    const { tenant, clock, ctx, id } = delivered()
    const cc = tenant.mailDelivery!.deliveries.get(id)!.clickcountIds[0]!
    applyEvent(tenant, { type: 'click', delivery_id: id, member_id: 8, url: 'https://www.example.com/a/' }, clock.now)
    applyEvent(tenant, { type: 'click', delivery_id: id, member_id: 10, url: 'https://www.example.com/a/' }, clock.now)
    const db = tenant.memberDb
    const table = db.tables.get(1)!
    const clicked = addCondition(db, table, { title: 'クリックした', grouping: true, conditions: { click_count_flag: [13, { delivery_id: id, delivery_type: 1, values: [cc] }] } }, clock.now)
    const notClicked = addCondition(db, table, { title: 'クリックしていない', grouping: true, conditions: { click_count_flag: [14, { delivery_id: id, delivery_type: 1, values: [] }] } }, clock.now)
    expect(targets(ctx, clock, clicked)).toEqual([8, 10])
    expect(targets(ctx, clock, notClicked)).toEqual([1, 2, 3, 4, 5, 6, 7, 9])
  })

  it('comparison kind 17 reads the error count of each address', () => {
    const { tenant, clock, ctx } = delivered()
    const db = tenant.memberDb
    const oneError = addCondition(db, db.tables.get(1)!, { title: 'エラー1回', grouping: true, conditions: { e_2: [17, { min_value: 1, max_value: 1 }] } }, clock.now)
    // only the hard bounce (5.1.1) of member 6 counts; 4.2.2 is a soft bounce
    expect(targets(ctx, clock, oneError)).toEqual([6])
  })
})
