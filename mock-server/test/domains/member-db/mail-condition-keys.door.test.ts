import { expect, it } from 'vitest'
import { applyEvent } from '../../../src/domains/mail/mail-admin.js'
import { mailDeliveryStateFrom } from '../../../src/domains/mail/mail-section.js'
import { runOnEveryDoor } from '../../support/run-on-every-door.js'
import { deliverySection, mailScenario, textMail } from '../mail/support.js'

/**
 * The mail domain's condition keys in member-database calls: comparison kind 17 (delivery error
 * count of the address) and click_count_flag work in oneshot lists and counts, in stored
 * conditions and in add_condition, after a delivery with a bounce and click events.
 * Members of mailScenario(): 6 bounces with 5.1.1 (counts), 7 with 4.2.2 (soft, does not).
 */
runOnEveryDoor(
  'member conditions on delivery data',
  (t) => {
    it('kind 17 and click_count_flag select members in list, count and stored-condition calls', async () => {
      const ok = async <T>(op: string, body: unknown): Promise<T> => {
        const r = await t.call<T>(op, body)
        if (r.status !== 200) throw new Error(`${op}: ${r.status} ${JSON.stringify(r.body)}`)
        return r.body
      }
      const state = t.engine.defaultTenant.state
      state.mailDelivery = mailDeliveryStateFrom(deliverySection)
      const now = async () => (await t.admin<{ now: number }>('GET', 'clock')).body.now
      const msg = await ok<number>('add_mail_message', {
        member_table_id: 1,
        mail_info: textMail({ clickcounts: [{ url: 'https://www.example.com/a/' }] }),
      })
      const id = await ok<number>('add_delivery_schedule', {
        mail_message_id: msg,
        delivery_info: {
          title: 't',
          condition_id: 1,
          element_id: 2,
          delivery_date: (await now()) + 60,
          blacklist: true,
        },
      })
      await t.admin('POST', 'clock', { advance_seconds: 10_000 })
      expect((await ok<[number, string]>('get_delivery_status', { delivery_id: id }))[0]).toBe(3)
      const cc = state.mailDelivery.deliveries.get(id)!.clickcountIds[0]!
      for (const member of [8, 10])
        applyEvent(
          state,
          { type: 'click', delivery_id: id, member_id: member, url: 'https://www.example.com/a/' },
          await now(),
        )

      const ids = async (conditions: Record<string, unknown>) => {
        const page = await ok<{ id: number }[]>('get_member_infos_by_oneshot_condition', {
          member_table_id: 1,
          condition_info: { grouping: true, conditions },
          offset: 0,
          sort_key: 0,
          order: true,
        })
        const count = await ok<number>('get_members_num_by_oneshot_condition', {
          member_table_id: 1,
          condition_info: { grouping: true, conditions },
        })
        expect(count).toBe(page.length)
        return page.map((m) => m.id)
      }
      expect(await ids({ e_2: [17, { min_value: 1, max_value: 1 }] })).toEqual([6])
      expect(await ids({ e_2: [17, { min_value: 0, max_value: 0 }] })).not.toContain(6)
      expect(await ids({ click_count_flag: [13, { delivery_id: id, delivery_type: 1, values: [cc] }] })).toEqual([
        8, 10,
      ])
      expect(await ids({ click_count_flag: [14, { delivery_id: id, delivery_type: 1, values: [] }] })).toEqual([
        1, 2, 3, 4, 5, 6, 7, 9,
      ])

      // a stored condition (add_condition compiles it with the same keys)
      const stored = await ok<number>('add_condition', {
        member_table_id: 1,
        condition_info: {
          title: 'クリックかエラー',
          grouping: false,
          conditions: {
            click_count_flag: [13, { delivery_id: id, delivery_type: 1, values: [cc] }],
            e_2: [17, { min_value: 1, max_value: 5 }],
          },
        },
      })
      expect(await ok('get_members_num_by_condition', { member_table_id: 1, condition_id: stored })).toBe(3)
      const page = await ok<{ id: number }[]>('get_member_infos_by_condition', {
        member_table_id: 1,
        condition_id: stored,
        offset: 0,
        sort_key: 0,
        order: true,
      })
      expect(page.map((m) => m.id)).toEqual([6, 8, 10])
    })
  },
  { engine: () => ({ scenario: mailScenario() }) },
)
