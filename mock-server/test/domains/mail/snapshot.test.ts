import { expect, it } from 'vitest'
import { runOnEveryDoor } from '../../support/run-on-every-door.js'
import { kit, mailDoorEngine, textMail } from './door-kit.js'
import { T0 } from './support.js'

/** The mail domain's state through GET and PUT /__mock/snapshot. */
runOnEveryDoor(
  'mail and delivery state in the tenant snapshot',
  (t) => {
    const k = kit(t)
    it('survives export and import: messages, deliveries with their lists, programs, click logs; phase 0 resumes', async () => {
      const msg = await k.ok<number>('add_mail_message', {
        member_table_id: 1,
        mail_info: textMail({ clickcounts: [{ url: 'https://www.example.com/a/' }] }),
      })
      const id = await k.ok<number>('add_delivery_schedule', {
        mail_message_id: msg,
        delivery_info: { title: 't', condition_id: 1, element_id: 2, delivery_date: T0 + 60, blacklist: true },
      })
      const am = await k.ok<number>('add_mail_message_for_agent_program', { member_table_id: 1, mail_info: textMail() })
      await k.ok('add_agent_program', {
        mail_message_id: am,
        program_info: {
          title: 'w',
          condition_id: 2,
          element_id: 2,
          enable: true,
          delivery_time_info: { type: 2, hour: 10, min: 0, day_of_week: 1 },
        },
      })
      await k.advance(50) // phase 0 for the delivery
      const status0 = await k.ok('get_delivery_status', { delivery_id: id })
      const json0 = await k.adminOk('GET', 'snapshot')
      await k.advance(10_000 - 50)
      expect(
        (await k.event({ type: 'click', delivery_id: id, member_id: 8, url: 'https://www.example.com/a/' })).status,
      ).toBe(200)
      const read = async () => ({
        result: await k.ok('get_delivery_result', { delivery_id: id }),
        errors: await k.ok('get_addresses_for_delivery', { delivery_id: id, type: 'error', offset: 0 }),
        counts: await k.ok<{ id: number }[]>('get_click_counts_for_delivery', { delivery_id: id }),
        programs: await k.ok('get_agent_programs', { member_table_id: 1 }),
      })
      const before = await read()
      const logs = await k.ok('get_click_count_result', { clickcount_id: before.counts[0]!.id, offset: 0 })
      const json = await k.adminOk('GET', 'snapshot')

      // back to the phase-0 snapshot: the clock and the phase machine resume from there
      expect(await k.adminOk('PUT', 'snapshot', json0)).toEqual({ ok: true })
      expect(await k.now()).toBe(T0 + 50)
      expect(await k.ok('get_delivery_status', { delivery_id: id })).toEqual(status0)
      await k.advance(10_000 - 50)
      expect(await k.ok('get_delivery_result', { delivery_id: id })).toEqual(before.result)

      // the later snapshot brings back the click log too
      expect(await k.adminOk('PUT', 'snapshot', json)).toEqual({ ok: true })
      expect(await read()).toEqual(before)
      expect(await k.ok('get_click_count_result', { clickcount_id: before.counts[0]!.id, offset: 0 })).toEqual(logs)
    })
  },
  { engine: mailDoorEngine() },
)
