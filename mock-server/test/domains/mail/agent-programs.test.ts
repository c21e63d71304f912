import { expect, it } from 'vitest'
import { runOnEveryDoor } from '../../support/run-on-every-door.js'
import { kit, mailDoorEngine, textMail } from './door-kit.js'
import { T0 } from './support.js'

/** Unix time of a JST wall-clock time (T0 is Thursday 2026-01-15 12:00 JST). */
const jst = (s: string): number => Date.parse(`${s}+09:00`) / 1000

const daily = (hour: number, min: number) => ({ type: 1, hour, min })
const birthday = { pattern: 1, element_id: 4, direction: 0, enable_year: false }
const program = (over: Record<string, unknown> = {}) => ({
  title: '誕生日メール',
  condition_id: 1,
  element_id: 2,
  blacklist: true,
  enable: true,
  delivery_time_info: daily(9, 0),
  delivery_condition_info: birthday,
  ...over,
})
type Item = { title: string; subject: string; status: number; nums: number; delivery_date: number }

runOnEveryDoor(
  'agent programs',
  (t) => {
    const k = kit(t)
    const agentMessage = (subject = 'お誕生日おめでとうございます') =>
      k.ok<number>('add_mail_message_for_agent_program', { member_table_id: 1, mail_info: textMail({ subject }) })
    const addProgram = async (over: Record<string, unknown> = {}, msg?: number) =>
      k.ok<number>('add_agent_program', { mail_message_id: msg ?? (await agentMessage()), program_info: program(over) })
    const history = (pid: number, end: number, start = T0) =>
      k.ok<Record<string, Item>>('get_delivery_results_by_agent_program', {
        agent_program_id: pid,
        start_timestamp: start,
        end_timestamp: end,
      })
    const audits = () => t.engine.defaultTenant.state.audit.filter((a) => a.action === 'enable_agent_program')

    it('checks message purpose (F0225), lock (F0102), elements (F0103, F0131, F0007), ids (F0005) and the maximum (F0227)', async () => {
      const msg = await agentMessage()
      const normal = await k.ok<number>('add_mail_message', { member_table_id: 1, mail_info: textMail() })
      const add = (over: Record<string, unknown>, id = msg) => ({ mail_message_id: id, program_info: program(over) })
      await k.fails('add_agent_program', add({}, normal), 'KR_API_F0225')
      await k.fails('add_agent_program', add({ element_id: 3 }), 'KR_API_F0103')
      await k.fails(
        'add_agent_program',
        add({ delivery_condition_info: { ...birthday, element_id: 3 } }),
        'KR_API_F0131',
      )
      await k.fails(
        'add_agent_program',
        add({ delivery_condition_info: { ...birthday, element_id: 50 } }),
        'KR_API_F0007',
      )
      await k.fails('add_agent_program', add({ condition_id: 99 }), 'KR_API_F0005')
      await k.fails('add_agent_program', add({}, 999), 'KR_API_F0005')
      expect(await k.ok('add_agent_program', add({}))).toBe(1)
      await k.fails('add_agent_program', add({}), 'KR_API_F0102')
      for (let i = 0; i < 2; i++) await addProgram()
      // agent_program_max is 3 in the test section
      await k.fails('add_agent_program', add({}, await agentMessage()), 'KR_API_F0227')
    })

    it('requires offset for pattern 2 and for pattern 1 with a direction (F0006)', async () => {
      const msg = await agentMessage()
      await k.fails(
        'add_agent_program',
        { mail_message_id: msg, program_info: program({ delivery_condition_info: { pattern: 2, element_id: 4 } }) },
        'KR_API_F0006',
      )
      await k.fails(
        'add_agent_program',
        {
          mail_message_id: msg,
          program_info: program({ delivery_condition_info: { pattern: 1, element_id: 4, direction: 1 } }),
        },
        'KR_API_F0006',
      )
    })

    it('a daily program refuses a null delivery condition, naming it and the value (F0004)', async () => {
      const message = await k.fails(
        'add_agent_program',
        { mail_message_id: await agentMessage(), program_info: program({ delivery_condition_info: null }) },
        'KR_API_F0004',
      )
      expect(message).toContain('/program_info/delivery_condition_info')
      expect(message).toContain('got null')
    })

    it('refuses times and conditions out of range: minutes not a multiple of 5, day 32, direction 7 (F0004)', async () => {
      const msg = await agentMessage()
      for (const over of [
        { delivery_time_info: daily(9, 3) },
        { delivery_time_info: { type: 3, hour: 9, min: 0, day: 32 }, delivery_condition_info: undefined },
        { delivery_condition_info: { ...birthday, direction: 7, offset: 1 } },
      ])
        await k.fails('add_agent_program', { mail_message_id: msg, program_info: program(over) }, 'KR_API_F0004')
    })

    it('lists programs with defaults filled in; non-daily programs have no delivery condition', async () => {
      const msg = await agentMessage()
      await addProgram({ enable: undefined, blacklist: undefined }, msg)
      const m2 = await agentMessage()
      await addProgram({ title: '月末', delivery_time_info: { type: 3, hour: 18, min: 30, day: 99 } }, m2)
      expect(await k.ok('get_agent_programs', { member_table_id: 1 })).toEqual([
        {
          id: 1,
          title: '誕生日メール',
          condition_id: 1,
          mail_message_id: msg,
          element_id: 2,
          blacklist: false,
          enable: false,
          delivery_time_info: { type: 1, hour: 9, min: 0 },
          delivery_condition_info: {
            pattern: 1,
            element_id: 4,
            offset: 0,
            direction: 0,
            enable_year: false,
            interval_days: 1,
            max_num: 0,
          },
        },
        {
          id: 2,
          title: '月末',
          condition_id: 1,
          mail_message_id: m2,
          element_id: 2,
          blacklist: true,
          enable: true,
          delivery_time_info: { type: 3, hour: 18, min: 30, day: 99 },
          delivery_condition_info: null,
        },
      ])
      expect(await k.ok('get_agent_programs', { member_table_id: 2 })).toEqual([])
      await k.fails('get_agent_programs', { member_table_id: 9 }, 'KR_API_F0005')
    })

    it('runs weekly and monthly (99 = month end) programs at their times on the clock', async () => {
      const weekly = await addProgram({
        title: '週刊',
        delivery_time_info: { type: 2, hour: 10, min: 0, day_of_week: 1 },
        delivery_condition_info: undefined,
      })
      const monthly = await addProgram({
        title: '月末',
        delivery_time_info: { type: 3, hour: 18, min: 30, day: 99 },
        delivery_condition_info: undefined,
      })
      await k.setClock(jst('2026-02-01T00:00:00'))
      const dates = async (pid: number) =>
        Object.values(await history(pid, jst('2026-02-01T00:00:00')))
          .map((x) => x.delivery_date)
          .sort()
      expect(await dates(weekly)).toEqual([jst('2026-01-19T10:00:00'), jst('2026-01-26T10:00:00')])
      expect(await dates(monthly)).toEqual([jst('2026-01-31T18:30:00')])
    })

    it('sends the birthday mail to the members born on that day (one occurrence, phase 0 to 3)', async () => {
      const pid = await addProgram()
      // nothing before 2026-01-16 09:00 JST
      await k.setClock(jst('2026-01-16T08:59:59'))
      expect(await history(pid, jst('2026-01-16T08:59:59'))).toEqual({})
      await k.setClock(jst('2026-01-16T10:00:00'))
      const h = await history(pid, jst('2026-01-16T10:00:00'))
      const ids = Object.keys(h)
      expect(ids).toHaveLength(1)
      const id = Number(ids[0])
      // members 1 and 8 are born on 16 January
      expect(h[ids[0]!]).toEqual({
        title: '誕生日メール',
        subject: 'お誕生日おめでとうございます',
        condition_title: '全員',
        mail_type: 1,
        delivery_date: jst('2026-01-16T09:00:00'),
        status: 3,
        nums: 2,
      })
      expect(await k.ids(id, 'valid')).toEqual([1, 8])
      expect((await k.ok<{ count_info: unknown }>('get_delivery_result', { delivery_id: id })).count_info).toEqual({
        all: 2,
        stopped: 0,
        no_address: 0,
        error: 0,
        blacklist: 0,
        unsubscribed_address: 0,
        ready: 0,
        composed: 2,
      })
      // the next day's occurrence finds nobody
      await k.setClock(jst('2026-01-17T10:00:00'))
      const h2 = await history(pid, jst('2026-01-17T10:00:00'))
      expect(
        Object.values(h2)
          .map((x) => x.nums)
          .sort(),
      ).toEqual([0, 2])
    })

    it('shifts the day by direction and offset (2 = days after)', async () => {
      const pid = await addProgram({ delivery_condition_info: { ...birthday, direction: 2, offset: 1 } })
      await k.advance(jst('2026-01-17T12:00:00') - T0)
      const h = await history(pid, jst('2026-01-17T12:00:00'))
      const byDate = Object.fromEntries(Object.values(h).map((x) => [x.delivery_date, x.nums]))
      expect(byDate).toEqual({ [jst('2026-01-16T09:00:00')]: 0, [jst('2026-01-17T09:00:00')]: 2 })
    })

    it('pattern 2 repeats every interval_days from the shifted date, at most max_num times', async () => {
      expect(
        await k.ok('update_member', { member_table_id: 1, member_id: 10, member_info: { e_4: '2026-01-14' } }),
      ).toBe(true)
      const pid = await addProgram({
        delivery_condition_info: {
          pattern: 2,
          element_id: 4,
          offset: 2,
          direction: 2,
          enable_year: true,
          interval_days: 7,
          max_num: 2,
        },
      })
      await k.setClock(jst('2026-02-03T10:00:00'))
      const h = await history(pid, jst('2026-02-03T10:00:00'))
      expect(Object.keys(h)).toHaveLength(19) // every day from 16 January to 3 February
      expect(
        Object.values(h)
          .filter((x) => x.nums > 0)
          .map((x) => [x.delivery_date, x.nums])
          .sort(),
      ).toEqual([
        [jst('2026-01-16T09:00:00'), 1],
        [jst('2026-01-23T09:00:00'), 1],
      ])
    })

    it('serves a 29 February birthday on 28 February when the year is ignored', async () => {
      expect(
        await k.ok('update_member', { member_table_id: 1, member_id: 10, member_info: { e_4: '2000-02-29' } }),
      ).toBe(true)
      const pid = await addProgram()
      await k.setClock(jst('2026-03-01T10:00:00'))
      const h = await history(pid, jst('2026-03-01T10:00:00'))
      const hits = Object.entries(h)
        .filter(([, x]) => x.nums > 0)
        .map(([id, x]) => [id, x.delivery_date] as const)
      expect(hits.map(([, d]) => d)).toEqual([jst('2026-01-16T09:00:00'), jst('2026-02-28T09:00:00')])
      expect(await k.ids(Number(hits[1]![0]), 'valid')).toEqual([10])
    })

    it('creates nothing while disabled; enabling applies the 5-minute rule; the switch is audited every time', async () => {
      const pid = await addProgram({
        enable: false,
        delivery_time_info: daily(12, 15),
        delivery_condition_info: { ...birthday, enable_year: true },
      })
      await k.setClock(jst('2026-01-16T12:11:00'))
      expect(await history(pid, jst('2026-01-16T12:11:00'))).toEqual({})
      expect(await k.ok('enable_agent_program', { agent_program_id: pid })).toBe(true)
      expect(await k.ok('enable_agent_program', { agent_program_id: pid, enable: true })).toBe(true)
      expect(audits()).toHaveLength(2)
      expect(audits()[1]!.detail).toMatchObject({ agent_program_id: pid, enable: true, changed: false })
      // 12:15 today is within 5 minutes: the first run is tomorrow
      await k.setClock(jst('2026-01-16T12:20:00'))
      expect(await history(pid, jst('2026-01-16T12:20:00'))).toEqual({})
      await k.setClock(jst('2026-01-17T12:20:00'))
      expect(Object.values(await history(pid, jst('2026-01-17T12:20:00'))).map((x) => x.delivery_date)).toEqual([
        jst('2026-01-17T12:15:00'),
      ])
      expect(await k.ok('enable_agent_program', { agent_program_id: pid, enable: false })).toBe(true)
      await k.setClock(jst('2026-01-20T00:00:00'))
      expect(Object.keys(await history(pid, jst('2026-01-20T00:00:00')))).toHaveLength(1)
      expect(audits()).toHaveLength(3)
      await k.fails('enable_agent_program', { agent_program_id: 42 }, 'KR_API_F0005')
    })

    it('can be deleted while active; created deliveries finish; history by program is then F0005', async () => {
      const pid = await addProgram()
      await k.setClock(jst('2026-01-16T09:00:10'))
      const h = await history(pid, jst('2026-01-16T09:00:10'))
      const id = Number(Object.keys(h)[0])
      expect(h[String(id)]!.status).toBeLessThan(3)
      expect(await k.ok('delete_agent_program', { agent_program_id: pid })).toBe(true)
      await k.fails('delete_agent_program', { agent_program_id: pid }, 'KR_API_F0005')
      await k.fails('get_mail_message_by_agent_program', { agent_program_id: pid }, 'KR_API_F0005')
      await k.fails(
        'get_delivery_results_by_agent_program',
        { agent_program_id: pid, start_timestamp: 0, end_timestamp: jst('2026-01-16T09:00:10') },
        'KR_API_F0005',
      )
      await k.setClock(jst('2026-01-20T00:00:00'))
      expect((await k.ok<[number, string]>('get_delivery_status', { delivery_id: id }))[0]).toBe(3)
      // no later occurrence: the interval history holds only this delivery
      expect(
        Object.keys(
          (await k.ok('get_delivery_results_by_interval', { member_table_id: 1, start_timestamp: T0 })) as object,
        ),
      ).toEqual([String(id)])
    })

    it('a later update of the agent message applies to the next occurrence only', async () => {
      const msg = await agentMessage()
      const pid = await addProgram({}, msg)
      await k.setClock(jst('2026-01-16T09:00:05'))
      await k.ok('update_mail_message_for_agent_program', {
        mail_message_id: msg,
        mail_info: textMail({ subject: '新件名' }),
      })
      await k.setClock(jst('2026-01-17T10:00:00'))
      const h = await history(pid, jst('2026-01-17T10:00:00'), 0)
      expect(
        Object.values(h)
          .map((x) => x.subject)
          .sort(),
      ).toEqual(['お誕生日おめでとうございます', '新件名'])
    })
  },
  { engine: mailDoorEngine() },
)
