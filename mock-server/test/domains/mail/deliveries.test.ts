import { expect, it } from 'vitest'
import { runOnEveryDoor } from '../../support/run-on-every-door.js'
import { kit, mailDoorEngine, textMail } from './door-kit.js'
import { T0 } from './support.js'

const info = (over: Record<string, unknown> = {}) => ({
  title: '1月号',
  condition_id: 1,
  element_id: 2,
  delivery_date: T0 + 600,
  blacklist: true,
  ...over,
})
type Counts = Record<
  'all' | 'stopped' | 'no_address' | 'error' | 'blacklist' | 'unsubscribed_address' | 'ready' | 'composed',
  number
>
type Result = { count_info: Counts; start_date: number | null; end_date: number | null }

runOnEveryDoor(
  'add_delivery_schedule',
  (t) => {
    const k = kit(t)
    const message = () => k.ok<number>('add_mail_message', { member_table_id: 1, mail_info: textMail() })
    const schedule = async (over: Record<string, unknown> = {}) =>
      k.ok<number>('add_delivery_schedule', { mail_message_id: await message(), delivery_info: info(over) })
    const status = (id: number) => k.ok<[number, string]>('get_delivery_status', { delivery_id: id })
    const result = (id: number) => k.ok<Result>('get_delivery_result', { delivery_id: id })

    it('reserves a delivery in phase 0 with zero counts and no dates', async () => {
      const id = await schedule()
      expect(await status(id)).toEqual([0, ''])
      const r = await result(id)
      expect(r.start_date).toBeNull()
      expect(r.end_date).toBeNull()
      expect(Object.values(r.count_info).every((v) => v === 0)).toBe(true)
      expect(await k.ids(id, 'valid')).toEqual([])
    })

    it('refuses a non-e-mail element (F0103), an unknown one (F0005), one of another table (F0007)', async () => {
      const msg = await message()
      await k.fails(
        'add_delivery_schedule',
        { mail_message_id: msg, delivery_info: info({ element_id: 3 }) },
        'KR_API_F0103',
      )
      await k.fails(
        'add_delivery_schedule',
        { mail_message_id: msg, delivery_info: info({ element_id: 999 }) },
        'KR_API_F0005',
      )
      await k.fails(
        'add_delivery_schedule',
        { mail_message_id: msg, delivery_info: info({ element_id: 50 }) },
        'KR_API_F0007',
      )
    })

    it('needs a usable condition of the same table (F0005 unknown or hidden, F0007)', async () => {
      const msg = await message()
      await k.fails(
        'add_delivery_schedule',
        { mail_message_id: msg, delivery_info: info({ condition_id: 77 }) },
        'KR_API_F0005',
      )
      await k.fails(
        'add_delivery_schedule',
        { mail_message_id: msg, delivery_info: info({ condition_id: 3 }) },
        'KR_API_F0005',
      )
      await k.fails(
        'add_delivery_schedule',
        { mail_message_id: msg, delivery_info: info({ condition_id: 4 }) },
        'KR_API_F0007',
      )
    })

    it('locks the message: a second schedule is refused (F0102); agent messages are refused (F0211)', async () => {
      const msg = await message()
      await k.ok('add_delivery_schedule', { mail_message_id: msg, delivery_info: info() })
      await k.fails('add_delivery_schedule', { mail_message_id: msg, delivery_info: info() }, 'KR_API_F0102')
      const agent = await k.ok<number>('add_mail_message_for_agent_program', {
        member_table_id: 1,
        mail_info: textMail(),
      })
      await k.fails('add_delivery_schedule', { mail_message_id: agent, delivery_info: info() }, 'KR_API_F0211')
      await k.fails('add_delivery_schedule', { mail_message_id: 999, delivery_info: info() }, 'KR_API_F0005')
    })

    it('runs 0 → 1 → 2 → 3 on the clock, with durations from the timing section', async () => {
      const id = await schedule()
      await k.advance(599)
      expect((await status(id))[0]).toBe(0)
      await k.advance(1)
      expect(await status(id)).toEqual([1, ''])
      expect((await result(id)).count_info.all).toBe(0)
      // 10 targets: list 30 + 0.01 → 31 s; 5 real: handover 60 + 0.05 → 61 s
      await k.advance(31)
      expect(await status(id)).toEqual([2, '配信対象数 10 (0%完了)'])
      await k.advance(30)
      const mid = await result(id)
      expect(mid.start_date).toBe(T0 + 631)
      expect(mid.end_date).toBeNull()
      expect(mid.count_info.ready + mid.count_info.composed).toBe(5)
      expect(mid.count_info.composed).toBe(2) // floor(5 × 30/61)
      expect((await status(id))[1]).toBe('配信対象数 10 (49%完了)')
      await k.advance(31)
      expect(await status(id)).toEqual([3, '配信対象数 10 (100%完了)'])
      expect(await result(id)).toEqual({
        count_info: {
          all: 10,
          stopped: 1,
          no_address: 1,
          error: 2,
          blacklist: 2,
          unsubscribed_address: 1,
          ready: 0,
          composed: 5,
        },
        start_date: T0 + 631,
        end_date: T0 + 692,
      })
    })

    it('moves phases when the clock is advanced, before any API call reads the delivery', async () => {
      const id = await schedule()
      await k.advance(10_000)
      const d = t.engine.defaultTenant.state.mailDelivery!.deliveries.get(id)!
      expect(d.phase).toBe(3)
      expect(d.startDate).toBe(T0 + 631)
    })

    it('extracts the targets at phase 1, not at reservation', async () => {
      const id = await schedule({ condition_id: 2 })
      // a member who becomes male after the reservation is a target; one deleted is not
      expect(await k.ok('update_member', { member_table_id: 1, member_id: 8, member_info: { e_5: 1 } })).toBe(true)
      expect(await k.ok('delete_member', { member_table_id: 1, member_id: 10 })).toBe(true)
      await k.advance(10_000)
      expect(await k.ids(id, 'valid')).toEqual([1, 8])
    })

    it('counts blacklisted addresses only when the flag is on', async () => {
      const id = await schedule({ blacklist: false })
      await k.advance(10_000)
      const r = (await result(id)).count_info
      expect(r.blacklist).toBe(0)
      expect(r.composed).toBe(7)
    })

    it('starts at once when the delivery date is past', async () => {
      const id = await schedule({ delivery_date: T0 - 60 })
      expect((await status(id))[0]).toBe(1)
    })

    it('deletes the condition after building the list when delete_condition is true', async () => {
      const has2 = async () =>
        (await k.ok<{ id: number }[]>('get_conditions', { member_table_id: 1 })).some((c) => c.id === 2)
      await schedule({ condition_id: 2, delete_condition: true })
      expect(await has2()).toBe(true)
      await k.advance(600)
      expect(await has2()).toBe(false)
    })
  },
  { engine: mailDoorEngine() },
)

runOnEveryDoor(
  'cancel_delivery_schedule',
  (t) => {
    const k = kit(t)
    const message = () => k.ok<number>('add_mail_message', { member_table_id: 1, mail_info: textMail() })

    it('cancels while reserved and unlocks the message', async () => {
      const msg = await message()
      const id = await k.ok<number>('add_delivery_schedule', { mail_message_id: msg, delivery_info: info() })
      expect(await k.ok('cancel_delivery_schedule', { delivery_id: id })).toBe(true)
      await k.fails('get_delivery_status', { delivery_id: id }, 'KR_API_F0005')
      await k.fails('cancel_delivery_schedule', { delivery_id: id }, 'KR_API_F0005')
      expect(await k.ok('delete_mail_message', { message_id: msg })).toBe(true)
    })

    it('refuses once started (F0213) and once finished (F0005)', async () => {
      const id = await k.ok<number>('add_delivery_schedule', {
        mail_message_id: await message(),
        delivery_info: info(),
      })
      await k.advance(600)
      await k.fails('cancel_delivery_schedule', { delivery_id: id }, 'KR_API_F0213')
      await k.advance(50)
      await k.fails('cancel_delivery_schedule', { delivery_id: id }, 'KR_API_F0213')
      await k.advance(10_000)
      await k.fails('cancel_delivery_schedule', { delivery_id: id }, 'KR_API_F0005')
      await k.fails('cancel_delivery_schedule', { delivery_id: 4242 }, 'KR_API_F0005')
    })

    it('refuses a delivery of an agent program (F0212)', async () => {
      const am = await k.ok<number>('add_mail_message_for_agent_program', { member_table_id: 1, mail_info: textMail() })
      // weekly on Thursday 13:00 JST; T0 is Thursday 12:00 JST
      const pid = await k.ok<number>('add_agent_program', {
        mail_message_id: am,
        program_info: {
          title: 'w',
          condition_id: 1,
          element_id: 2,
          enable: true,
          delivery_time_info: { type: 2, hour: 13, min: 0, day_of_week: 4 },
        },
      })
      await k.advance(3600)
      const h = await k.ok<Record<string, unknown>>('get_delivery_results_by_agent_program', {
        agent_program_id: pid,
        start_timestamp: T0,
        end_timestamp: T0 + 3600,
      })
      expect(Object.keys(h)).toHaveLength(1)
      await k.fails('cancel_delivery_schedule', { delivery_id: Number(Object.keys(h)[0]) }, 'KR_API_F0212')
    })
  },
  { engine: mailDoorEngine() },
)

runOnEveryDoor(
  'add_test_delivery_schedule',
  (t) => {
    const k = kit(t)
    const test = (over: Record<string, unknown> = {}) => ({ emails: ['taro@example.com'], element_id: 2, ...over })
    const message = () => k.ok<number>('add_mail_message', { member_table_id: 1, mail_info: textMail() })
    type Summary = { messages: { subject: string }; statuses: { delivery_date: number } }

    it('checks the addresses: none (F0214), over 50 (F0215), not an address (F0216), element (F0103)', async () => {
      const msg = await message()
      const add = (over: Record<string, unknown>) => ({ mail_message_id: msg, delivery_info: test(over) })
      await k.fails('add_test_delivery_schedule', add({ emails: [] }), 'KR_API_F0214')
      const many = Array.from({ length: 51 }, (_, i) => `t${i}@example.com`)
      await k.fails('add_test_delivery_schedule', add({ emails: many }), 'KR_API_F0215')
      expect(
        await k.ok('add_test_delivery_schedule', add({ emails: [...many.slice(0, 49), 'taro@example.com'] })),
      ).toBeGreaterThan(0)
      await k.fails(
        'add_test_delivery_schedule',
        add({ emails: ['taro@example.com', 'not-an-address'] }),
        'KR_API_F0216',
      )
      await k.fails('add_test_delivery_schedule', add({ emails: ['nobody@example.com'] }), 'KR_API_F0214')
      await k.fails('add_test_delivery_schedule', add({ element_id: 4 }), 'KR_API_F0103')
    })

    it('merges duplicates, skips unknown addresses, rolls a past date to the next 5-minute timing', async () => {
      const msg = await message()
      await k.advance(61) // 12:01:01
      const id = await k.ok<number>('add_test_delivery_schedule', {
        mail_message_id: msg,
        delivery_info: test({
          emails: ['taro@example.com', 'TARO@example.com', 'unknown@example.com', 'hanako@example.jp'],
          delivery_date: T0 - 3600,
        }),
      })
      expect((await k.ok<Summary>('get_summary_for_delivery_status', { delivery_id: id })).statuses.delivery_date).toBe(
        T0 + 300,
      )
      await k.advance(10_000)
      expect((await k.ok<Result>('get_delivery_result', { delivery_id: id })).count_info).toMatchObject({
        all: 2,
        composed: 2,
      })
      expect(await k.ids(id, 'valid')).toEqual([1, 8])
    })

    it('uses the default prefix, no prefix for an empty string, and does not lock the message', async () => {
      const msg = await message()
      const a = await k.ok<number>('add_test_delivery_schedule', {
        mail_message_id: msg,
        delivery_info: test({ prefix: null }),
      })
      const b = await k.ok<number>('add_test_delivery_schedule', {
        mail_message_id: msg,
        delivery_info: test({ prefix: '' }),
      })
      const c = await k.ok<number>('add_test_delivery_schedule', {
        mail_message_id: msg,
        delivery_info: test({ prefix: '[確認]' }),
      })
      await k.advance(10_000)
      const subject = async (id: number) =>
        (await k.ok<Summary>('get_summary_for_delivery_status', { delivery_id: id })).messages.subject
      expect(await subject(a)).toBe('【テスト配信】お知らせ')
      expect(await subject(b)).toBe('お知らせ')
      expect(await subject(c)).toBe('[確認]お知らせ')
      expect(await k.ok('delete_mail_message', { message_id: msg })).toBe(true)
    })

    it('can be cancelled while reserved', async () => {
      const id = await k.ok<number>('add_test_delivery_schedule', {
        mail_message_id: await message(),
        delivery_info: test({ delivery_date: T0 + 3600 }),
      })
      expect(await k.ok('cancel_delivery_schedule', { delivery_id: id })).toBe(true)
    })
  },
  { engine: mailDoorEngine() },
)
