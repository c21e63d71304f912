import { expect, it } from 'vitest'
import { runOnEveryDoor } from '../../support/run-on-every-door.js'
import { kit, mailDoorEngine, textMail } from './door-kit.js'
import { T0 } from './support.js'

/** Conditions of the member database that read delivery data (click logs, error counts). */
runOnEveryDoor(
  'conditions on delivery data',
  (t) => {
    const k = kit(t)
    /** A finished delivery to all ten members with one click count. */
    async function delivered() {
      const msg = await k.ok<number>('add_mail_message', {
        member_table_id: 1,
        mail_info: textMail({ clickcounts: [{ url: 'https://www.example.com/a/' }] }),
      })
      const id = await k.ok<number>('add_delivery_schedule', {
        mail_message_id: msg,
        delivery_info: { title: 't', condition_id: 1, element_id: 2, delivery_date: T0 + 60, blacklist: true },
      })
      await k.advance(10_000)
      return id
    }
    const condition = (title: string, conditions: Record<string, unknown>) =>
      k.ok<number>('add_condition', { member_table_id: 1, condition_info: { title, grouping: true, conditions } })
    /** The members a new delivery on the condition targets (every address type). */
    const targets = async (conditionId: number): Promise<number[]> => {
      const m = await k.ok<number>('add_mail_message', { member_table_id: 1, mail_info: textMail() })
      const d = await k.ok<number>('add_delivery_schedule', {
        mail_message_id: m,
        delivery_info: { title: 'x', condition_id: conditionId, element_id: 2, delivery_date: (await k.now()) + 60 },
      })
      await k.advance(10_000)
      const all: number[] = []
      for (const type of ['valid', 'error', 'stopped', 'no_address', 'blacklist', 'unsubscribed_address'])
        all.push(...(await k.ids(d, type)))
      return all.sort((a, b) => a - b)
    }

    it('click_count_flag selects the members who clicked (or did not click) in a delivery', async () => {
      const id = await delivered()
      const cc = (await k.ok<{ id: number }[]>('get_click_counts_for_delivery', { delivery_id: id }))[0]!.id
      for (const member of [8, 10])
        expect(
          (await k.event({ type: 'click', delivery_id: id, member_id: member, url: 'https://www.example.com/a/' }))
            .status,
        ).toBe(200)
      const clicked = await condition('クリックした', {
        click_count_flag: [13, { delivery_id: id, delivery_type: 1, values: [cc] }],
      })
      const notClicked = await condition('クリックしていない', {
        click_count_flag: [14, { delivery_id: id, delivery_type: 1, values: [] }],
      })
      expect(await targets(clicked)).toEqual([8, 10])
      expect(await targets(notClicked)).toEqual([1, 2, 3, 4, 5, 6, 7, 9])
    })

    it('comparison kind 17 reads the error count of each address', async () => {
      await delivered()
      const oneError = await condition('エラー1回', { e_2: [17, { min_value: 1, max_value: 1 }] })
      // only the hard bounce (5.1.1) of member 6 counts; 4.2.2 is a soft bounce
      expect(await targets(oneError)).toEqual([6])
    })
  },
  { engine: mailDoorEngine() },
)
