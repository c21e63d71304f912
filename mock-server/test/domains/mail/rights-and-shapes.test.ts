import { expect, it } from 'vitest'
import { runOnEveryDoor } from '../../support/run-on-every-door.js'

const mail = { type: 1, from: 'info@example.com', subject: 'お知らせ', text_part: '本文\n' }

/** Rights, options and answer shapes of the mail operations through every door (responses are checked against the contract). */
runOnEveryDoor(
  'mail and delivery: rights and shapes',
  (t) => {
    it('needs the mail option (F0008) and the documented rights (F0014)', async () => {
      expect(
        (
          await t.call<{ error_code: string }>(
            'add_mail_message',
            { member_table_id: 1, mail_info: mail },
            'krs-nomail',
          )
        ).body.error_code,
      ).toBe('KR_API_F0008')
      expect(
        (
          await t.call<{ error_code: string }>(
            'add_mail_message',
            { member_table_id: 1, mail_info: mail },
            'krs-reference',
          )
        ).body.error_code,
      ).toBe('KR_API_F0014')
      // agent messages: all or operation; normal ones: all or work
      expect(
        (await t.call('add_mail_message_for_agent_program', { member_table_id: 1, mail_info: mail }, 'krs-operation'))
          .status,
      ).toBe(200)
      expect(
        (
          await t.call<{ error_code: string }>(
            'add_mail_message',
            { member_table_id: 1, mail_info: mail },
            'krs-operation',
          )
        ).body.error_code,
      ).toBe('KR_API_F0014')
      expect((await t.call('add_mail_message', { member_table_id: 1, mail_info: mail }, 'krs-work')).status).toBe(200)
    })

    it('answers bare values: message id, delivery id, [phase, desc], result object', async () => {
      const msg = await t.call<number>('add_mail_message', { member_table_id: 1, mail_info: mail })
      expect(typeof msg.body).toBe('number')
      const now = (await t.admin<{ now: number }>('GET', 'clock')).body.now
      const d = await t.call<number>('add_delivery_schedule', {
        mail_message_id: msg.body,
        delivery_info: { title: 't', condition_id: 1, element_id: 4, delivery_date: now + 60 },
      })
      expect(d.status).toBe(200)
      expect((await t.call('get_delivery_status', { delivery_id: d.body })).body).toEqual([0, ''])
      expect((await t.call('cancel_delivery_schedule', { delivery_id: d.body })).body).toBe(true)
      const missing = await t.call<{ error_code: string; error_desc: string }>('get_delivery_result', {
        delivery_id: d.body,
      })
      expect(missing.status).toBe(400)
      expect(missing.body.error_code).toBe('KR_API_F0005')
    })

    it('refuses a body that breaks the contract before the handler runs (F0006)', async () => {
      const r = await t.call<{ error_code: string }>('add_delivery_schedule', {
        mail_message_id: 1,
        delivery_info: { title: 't', condition_id: 1, element_id: 4 },
      })
      expect(r.body.error_code).toBe('KR_API_F0006')
    })

    it('writes an audit entry for every enable_agent_program call', async () => {
      const msg = await t.call<number>('add_mail_message_for_agent_program', { member_table_id: 1, mail_info: mail })
      const pid = await t.call<number>('add_agent_program', {
        mail_message_id: msg.body,
        program_info: {
          title: '週刊',
          condition_id: 1,
          element_id: 4,
          delivery_time_info: { type: 2, hour: 10, min: 0, day_of_week: 1 },
        },
      })
      expect(pid.status).toBe(200)
      for (const enable of [true, true, false]) {
        expect(
          (await t.call('enable_agent_program', { agent_program_id: pid.body, enable }, 'krs-operation')).body,
        ).toBe(true)
      }
      expect(t.engine.defaultTenant.state.audit.filter((a) => a.action === 'enable_agent_program')).toHaveLength(3)
    })

    it('answers every read with the shape of the contract (responses are validated by the engine)', async () => {
      const ok = async <T>(op: string, body: unknown): Promise<T> => {
        const r = await t.call<T>(op, body)
        expect(r.status, `${op}: ${JSON.stringify(r.body)}`).toBe(200)
        return r.body
      }
      const now = (await t.admin<{ now: number }>('GET', 'clock')).body.now
      const msg = await ok<number>('add_mail_message', {
        member_table_id: 1,
        mail_info: {
          type: 3,
          from: 'info@example.com',
          subject: 'お知らせ',
          text_part: 'https://www.example.com/a/\n',
          html_part: '<a href="https://www.example.com/a/">a</a>',
          clickcounts: [{ url: 'https://www.example.com/a/' }],
          open_clickcount: true,
          list_unsubscribe: { pattern: 2, url: 'https://www.example.com/stop' },
        },
      })
      const id = await ok<number>('add_delivery_schedule', {
        mail_message_id: msg,
        delivery_info: { title: 't', condition_id: 1, element_id: 4, delivery_date: now + 60 },
      })
      await t.admin('POST', 'clock', { advance_seconds: 3600 })
      const member = (
        await ok<{ member_id: number }[]>('get_addresses_for_delivery', { delivery_id: id, type: 'valid', offset: 0 })
      )[0]!.member_id
      expect(
        (
          await t.admin('POST', 'events', {
            type: 'click',
            delivery_id: id,
            member_id: member,
            url: 'https://www.example.com/a/',
          })
        ).status,
      ).toBe(200)
      expect((await t.admin('POST', 'events', { type: 'open', delivery_id: id, member_id: member })).status).toBe(200)
      const counts = await ok<{ id: number }[]>('get_click_counts_for_delivery', { delivery_id: id })
      expect(counts).toHaveLength(2)
      expect(await ok<unknown[]>('get_click_count_result', { clickcount_id: counts[0]!.id, offset: 0 })).toHaveLength(1)
      await ok('get_summary_for_delivery_status', { delivery_id: id })
      await ok('get_delivery_result', { delivery_id: id })
      await ok('get_delivery_status', { delivery_id: id })
      for (const type of ['stopped', 'no_address', 'blacklist', 'unsubscribed_address', 'error', 'valid'])
        await ok('get_addresses_for_delivery', { delivery_id: id, type, offset: 0 })
      expect(
        Object.keys(
          (await ok('get_delivery_results_by_interval', {
            member_table_id: 1,
            start_timestamp: now,
            end_timestamp: null,
          })) as object,
        ),
      ).toEqual([String(id)])
      const am = await ok<number>('add_mail_message_for_agent_program', {
        member_table_id: 1,
        mail_info: { type: 1, from: 'info@example.com', subject: 's', text_part: 'x' },
      })
      const pid = await ok<number>('add_agent_program', {
        mail_message_id: am,
        program_info: {
          title: 'b',
          condition_id: 1,
          element_id: 4,
          enable: true,
          delivery_time_info: { type: 1, hour: 9, min: 0 },
          delivery_condition_info: {
            pattern: 2,
            element_id: 8,
            offset: 3,
            direction: 4,
            interval_days: 30,
            max_num: 5,
          },
        },
      })
      expect(await ok<unknown[]>('get_agent_programs', { member_table_id: 1 })).toHaveLength(1)
      await ok('get_mail_message_by_agent_program', { agent_program_id: pid })
      await ok('get_delivery_results_by_agent_program', {
        agent_program_id: pid,
        start_timestamp: now,
        end_timestamp: now + 86400,
      })
    })
  },
  { engine: { members: 20 } },
)
