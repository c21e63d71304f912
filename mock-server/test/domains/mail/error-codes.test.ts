import { expect, it } from 'vitest'
import { runOnEveryDoor, type DoorTarget } from '../../support/run-on-every-door.js'
import { mailDoorEngine } from './door-kit.js'
import { T0, deliverySection, mailScenario } from './support.js'

const mail = { type: 1, from: 'info@example.com', subject: 'お知らせ', text_part: '本文\n' }
const weekly = { type: 2, hour: 10, min: 0, day_of_week: 1 }

/** The test scenario with `section` (POST /__mock/reset) at T0, with a normal and an agent message. */
async function prepare(t: DoorTarget, section: Record<string, unknown> = deliverySection) {
  if (section !== deliverySection)
    expect((await t.admin('POST', 'reset', { scenario: { ...mailScenario(), delivery: section } })).status).toBe(200)
  expect((await t.admin<{ now: number }>('GET', 'clock')).body.now).toBe(T0)
  const id = async (op: string, body: unknown): Promise<number> => {
    const r = await t.call<number>(op, body)
    if (r.status !== 200) throw new Error(`${op}: ${JSON.stringify(r.body)}`)
    return r.body
  }
  const normal = await id('add_mail_message', { member_table_id: 1, mail_info: mail })
  const agent = await id('add_mail_message_for_agent_program', { member_table_id: 1, mail_info: mail })
  return { id, normal, agent }
}

const code = async (t: DoorTarget, op: string, body: unknown): Promise<string> =>
  (await t.call<{ error_code?: string }>(op, body)).body.error_code ?? 'none'

/** One case per error code of the mail operations, each through every door. */
runOnEveryDoor(
  'mail and delivery: error codes',
  (t) => {
    it('mail messages: F0005, F0006, F0004 (half-width kana, 998 bytes), F0232', async () => {
      await prepare(t)
      expect(await code(t, 'add_mail_message', { member_table_id: 99, mail_info: mail })).toBe('KR_API_F0005')
      expect(await code(t, 'add_mail_message', { member_table_id: 1, mail_info: { ...mail, type: 3 } })).toBe(
        'KR_API_F0006',
      )
      expect(await code(t, 'add_mail_message', { member_table_id: 1, mail_info: { ...mail, subject: 'ｾｰﾙ' } })).toBe(
        'KR_API_F0004',
      )
      expect(
        await code(t, 'add_mail_message', { member_table_id: 1, mail_info: { ...mail, text_part: 'x'.repeat(999) } }),
      ).toBe('KR_API_F0004')
      expect(
        await code(t, 'add_mail_message', {
          member_table_id: 1,
          mail_info: { ...mail, text_part: '{{unsubscribe_url}}' },
        }),
      ).toBe('KR_API_F0232')
    })

    it('message kinds and locks: F0211, F0225, F0226, F0102', async () => {
      const { normal, agent } = await prepare(t, {
        ...deliverySection,
        messages: [
          {
            member_table_id: 1,
            purpose: 'agent',
            type: 4,
            from: 'a@example.com',
            subject: 'deco',
            html_part: '<p>x</p>',
          },
        ],
      })
      expect(await code(t, 'delete_mail_message', { message_id: agent })).toBe('KR_API_F0211')
      expect(
        await code(t, 'add_delivery_schedule', {
          mail_message_id: agent,
          delivery_info: { title: 't', condition_id: 1, element_id: 2, delivery_date: T0 + 600 },
        }),
      ).toBe('KR_API_F0211')
      expect(await code(t, 'update_mail_message_for_agent_program', { mail_message_id: normal, mail_info: mail })).toBe(
        'KR_API_F0225',
      )
      expect(await code(t, 'delete_mail_message_for_agent_program', { mail_message_id: normal })).toBe('KR_API_F0225')
      expect(await code(t, 'update_mail_message_for_agent_program', { mail_message_id: 1, mail_info: mail })).toBe(
        'KR_API_F0226',
      )
      expect(
        await code(t, 'add_delivery_schedule', {
          mail_message_id: normal,
          delivery_info: { title: 't', condition_id: 1, element_id: 2, delivery_date: T0 + 600 },
        }),
      ).toBe('none')
      expect(await code(t, 'delete_mail_message', { message_id: normal })).toBe('KR_API_F0102')
      expect(
        await code(t, 'add_delivery_schedule', {
          mail_message_id: normal,
          delivery_info: { title: 't', condition_id: 1, element_id: 2, delivery_date: T0 + 600 },
        }),
      ).toBe('KR_API_F0102')
    })

    it('schedules: F0103, F0007, F0005 (condition unusable), and test addresses F0214, F0215, F0216', async () => {
      const { normal } = await prepare(t)
      const d = (over: object) => ({
        mail_message_id: normal,
        delivery_info: { title: 't', condition_id: 1, element_id: 2, delivery_date: T0 + 600, ...over },
      })
      expect(await code(t, 'add_delivery_schedule', d({ element_id: 3 }))).toBe('KR_API_F0103')
      expect(await code(t, 'add_delivery_schedule', d({ element_id: 50 }))).toBe('KR_API_F0007')
      expect(await code(t, 'add_delivery_schedule', d({ condition_id: 3 }))).toBe('KR_API_F0005')
      const tst = (emails: string[]) => ({ mail_message_id: normal, delivery_info: { emails, element_id: 2 } })
      expect(await code(t, 'add_test_delivery_schedule', tst([]))).toBe('KR_API_F0214')
      expect(
        await code(t, 'add_test_delivery_schedule', tst(Array.from({ length: 51 }, (_, i) => `a${i}@example.com`))),
      ).toBe('KR_API_F0215')
      expect(await code(t, 'add_test_delivery_schedule', tst(['taro@example.com', 'taro at example']))).toBe(
        'KR_API_F0216',
      )
      expect(await code(t, 'add_test_delivery_schedule', tst(['taro@example.com', 'TARO@example.com']))).toBe('none')
    })

    it('cancelling: F0213 once started, F0005 once finished, F0212 for an agent delivery', async () => {
      const { id, normal, agent } = await prepare(t)
      const delivery = await id('add_delivery_schedule', {
        mail_message_id: normal,
        delivery_info: { title: 't', condition_id: 1, element_id: 2, delivery_date: T0 + 600 },
      })
      await t.admin('POST', 'clock', { advance_seconds: 600 })
      expect(await code(t, 'cancel_delivery_schedule', { delivery_id: delivery })).toBe('KR_API_F0213')
      await t.admin('POST', 'clock', { advance_seconds: 3600 })
      expect(await code(t, 'cancel_delivery_schedule', { delivery_id: delivery })).toBe('KR_API_F0005')
      // the clock is Thursday 13:10 JST: a weekly program on Thursday 13:30 runs today
      await id('add_agent_program', {
        mail_message_id: agent,
        program_info: {
          title: 'w',
          condition_id: 1,
          element_id: 2,
          enable: true,
          delivery_time_info: { type: 2, hour: 13, min: 30, day_of_week: 4 },
        },
      })
      await t.admin('POST', 'clock', { advance_seconds: 1200 })
      const history = await t.call<Record<string, unknown>>('get_delivery_results_by_agent_program', {
        agent_program_id: 1,
        start_timestamp: T0,
        end_timestamp: T0 + 86400,
      })
      expect(Object.keys(history.body)).toHaveLength(1)
      expect(await code(t, 'cancel_delivery_schedule', { delivery_id: Number(Object.keys(history.body)[0]) })).toBe(
        'KR_API_F0212',
      )
    })

    it('agent programs: F0131, F0102, F0227', async () => {
      const { id, agent } = await prepare(t, { ...deliverySection, agent_program_max: 1 })
      const p = (over: object) => ({
        mail_message_id: agent,
        program_info: { title: 'p', condition_id: 1, element_id: 2, delivery_time_info: weekly, ...over },
      })
      expect(
        await code(
          t,
          'add_agent_program',
          p({
            delivery_time_info: { type: 1, hour: 9, min: 0 },
            delivery_condition_info: { pattern: 1, element_id: 3, direction: 0 },
          }),
        ),
      ).toBe('KR_API_F0131')
      await id('add_agent_program', p({}))
      expect(await code(t, 'add_agent_program', p({}))).toBe('KR_API_F0102')
      const other = await id('add_mail_message_for_agent_program', { member_table_id: 1, mail_info: mail })
      expect(await code(t, 'add_agent_program', { ...p({}), mail_message_id: other })).toBe('KR_API_F0227')
    })

    it('results: F0304 for a negative offset, F0004 for a reversed period, F0005 for unknown ids', async () => {
      const { id, normal } = await prepare(t)
      const delivery = await id('add_delivery_schedule', {
        mail_message_id: normal,
        delivery_info: { title: 't', condition_id: 1, element_id: 2, delivery_date: T0 + 60 },
      })
      expect(
        await code(t, 'get_addresses_for_delivery', { delivery_id: delivery, type: 'valid', offset: -50000 }),
      ).toBe('KR_API_F0304')
      expect(await code(t, 'get_click_count_result', { clickcount_id: 1, offset: 0 })).toBe('KR_API_F0005')
      expect(
        await code(t, 'get_delivery_results_by_interval', {
          member_table_id: 1,
          start_timestamp: T0,
          end_timestamp: T0 - 1,
        }),
      ).toBe('KR_API_F0004')
      expect(
        await code(t, 'get_delivery_results_by_agent_program', {
          agent_program_id: 9,
          start_timestamp: 0,
          end_timestamp: T0,
        }),
      ).toBe('KR_API_F0005')
      expect(await code(t, 'get_summary_for_delivery_status', { delivery_id: 777 })).toBe('KR_API_F0005')
      expect(await code(t, 'enable_agent_program', { agent_program_id: 5 })).toBe('KR_API_F0005')
    })
  },
  { engine: mailDoorEngine() },
)
