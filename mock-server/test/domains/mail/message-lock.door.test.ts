import { expect, it } from 'vitest'
import { kit, mailDoorEngine, textMail } from './door-kit.js'
import { T0 } from './support.js'
import { runOnEveryDoor } from '../../support/run-on-every-door.js'

// The message lock follows the delivery's phase; the test-delivery cap counts
// distinct addresses.

runOnEveryDoor(
  'a message is locked only while its delivery is in phases 0–2',
  (t) => {
    const k = kit(t)
    const info = { title: '1月号', condition_id: 1, element_id: 2, delivery_date: T0 + 600 }

    it('locks while reserved, building and handing over; unlocks at phase 3', async () => {
      const msg = await k.ok<number>('add_mail_message', { member_table_id: 1, mail_info: textMail() })
      const id = await k.ok<number>('add_delivery_schedule', { mail_message_id: msg, delivery_info: info })
      await k.fails('delete_mail_message', { message_id: msg }, 'KR_API_F0102') // phase 0
      await k.advance(600)
      expect((await k.ok<[number, string]>('get_delivery_status', { delivery_id: id }))[0]).toBe(1)
      await k.fails(
        'add_delivery_schedule',
        { mail_message_id: msg, delivery_info: { ...info, delivery_date: T0 + 3600 } },
        'KR_API_F0102',
      )
      await k.advance(31) // the list of the test scenario takes 30 s + 1 s per 1000
      expect((await k.ok<[number, string]>('get_delivery_status', { delivery_id: id }))[0]).toBe(2)
      await k.fails('delete_mail_message', { message_id: msg }, 'KR_API_F0102')
      await k.advance(3600)
      expect((await k.ok<[number, string]>('get_delivery_status', { delivery_id: id }))[0]).toBe(3)
      // finished: the message is free again and can be reserved once more
      const again = await k.ok<number>('add_delivery_schedule', {
        mail_message_id: msg,
        delivery_info: { ...info, delivery_date: T0 + 7200 },
      })
      expect(again).toBeGreaterThan(id)
      await k.fails('delete_mail_message', { message_id: msg }, 'KR_API_F0102')
      // the history of the finished delivery keeps its subject
      const summary = await k.ok<{ messages: { subject: string } }>('get_summary_for_delivery_status', {
        delivery_id: id,
      })
      expect(summary.messages.subject).toBe(textMail().subject)
    })

    it('a message of an agent program stays locked while the program exists, enabled or not', async () => {
      const msg = await k.ok<number>('add_mail_message_for_agent_program', {
        member_table_id: 1,
        mail_info: textMail(),
      })
      const program = await k.ok<number>('add_agent_program', {
        mail_message_id: msg,
        program_info: {
          title: '毎週',
          condition_id: 1,
          element_id: 2,
          enable: false,
          delivery_time_info: { type: 2, hour: 9, min: 0, day_of_week: 1 },
        },
      })
      await k.fails('delete_mail_message_for_agent_program', { mail_message_id: msg }, 'KR_API_F0102')
      await k.advance(14 * 86_400)
      await k.fails('delete_mail_message_for_agent_program', { mail_message_id: msg }, 'KR_API_F0102')
      expect(await k.ok('delete_agent_program', { agent_program_id: program })).toBe(true)
      expect(await k.ok('delete_mail_message_for_agent_program', { mail_message_id: msg })).toBe(true)
    })
  },
  { engine: mailDoorEngine() },
)

runOnEveryDoor(
  'the 50-address cap of test deliveries counts after merging duplicates',
  (t) => {
    const k = kit(t)
    it('51 copies of one address (in any case) are one address; 51 distinct ones answer F0215', async () => {
      const msg = await k.ok<number>('add_mail_message', { member_table_id: 1, mail_info: textMail() })
      const copies = Array.from({ length: 60 }, (_, i) => (i % 2 === 0 ? 'taro@example.com' : 'TARO@Example.com'))
      const id = await k.ok<number>('add_test_delivery_schedule', {
        mail_message_id: msg,
        delivery_info: { emails: copies, element_id: 2 },
      })
      await k.advance(3600)
      expect(await k.ids(id, 'valid')).toEqual([1])
      const distinct = Array.from({ length: 51 }, (_, i) => `t${i}@example.com`)
      const message = await k.fails(
        'add_test_delivery_schedule',
        { mail_message_id: msg, delivery_info: { emails: [...distinct, ...distinct], element_id: 2 } },
        'KR_API_F0215',
      )
      expect(message).toContain('51 distinct addresses')
      // 50 distinct addresses given twice each are within the cap
      const fifty = [...distinct.slice(0, 49), 'taro@example.com']
      expect(
        await k.ok<number>('add_test_delivery_schedule', {
          mail_message_id: msg,
          delivery_info: { emails: [...fifty, ...fifty], element_id: 2 },
        }),
      ).toBeGreaterThan(id)
    })
  },
  { engine: mailDoorEngine() },
)
