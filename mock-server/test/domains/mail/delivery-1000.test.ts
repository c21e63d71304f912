import { expect, it } from 'vitest'
import { defaultScenario } from '../../../src/scenario/index.js'
import { runOnEveryDoor } from '../../support/run-on-every-door.js'

type Member = { id: number; e_4: string | null }
type Counts = Record<
  'all' | 'stopped' | 'no_address' | 'error' | 'blacklist' | 'unsubscribed_address' | 'ready' | 'composed',
  number
>

/**
 * A delivery to the 1,000 generated members of the default scenario, driven from phase 0
 * to 3 only by advancing the clock, with every count checked against the members' data.
 */
runOnEveryDoor(
  'delivery to 1,000 members',
  (t) => {
    it('goes from phase 0 to 3 by advancing the clock, every count matching the members', async () => {
      const ok = async <T>(op: string, body: unknown): Promise<T> => {
        const r = await t.call<T>(op, body)
        if (r.status !== 200) throw new Error(`${op}: ${r.status} ${JSON.stringify(r.body)}`)
        return r.body
      }
      // the members, read through the API (50 per page)
      const readMembers = async () => {
        const out: Member[] = []
        for (let offset = 0; ; offset += 50) {
          const page = await ok<Member[]>('get_member_infos_by_condition', {
            member_table_id: 1,
            condition_id: 1,
            offset,
            sort_key: 0,
            order: true,
          })
          out.push(...page)
          if (page.length < 50) return out
        }
      }
      const members = await readMembers()
      expect(members).toHaveLength(1000)
      // prepare the data through the admin API: the same scenario (same seed, same members) with a
      // blacklist and a delivery section that pick known members, then two addresses left blank
      const addr = (i: number) => members[i]!.e_4!.toLowerCase()
      const domainOf = (a: string) => a.slice(a.lastIndexOf('@'))
      const bounceDomain = domainOf(addr(20))
      const base = defaultScenario()
      // the e-mail element is required in the default scenario; here it may be left blank
      const email = base.memberTables[0]!.elements.find((e) => e.id === 4)!
      expect(email.type).toBe('email')
      email.required = false
      const blacklist = [...(base.blacklist ?? []), addr(30), addr(31)]
      const scenario = {
        ...base,
        blacklist,
        delivery: {
          stopped: [addr(0), addr(1), addr(2)],
          unsubscribed: [addr(3), addr(4)],
          bounces: [
            { match: addr(10), code: '5.1.1' },
            { match: bounceDomain, code: '4.2.2' },
          ],
        },
      }
      expect((await t.admin('POST', 'reset', { scenario, seed: 1, members: 1000 })).status).toBe(200)
      expect(await readMembers()).toEqual(members)
      for (const m of [members[40]!, members[41]!]) {
        expect(await ok('update_member', { member_table_id: 1, member_id: m.id, member_info: { e_4: null } })).toBe(
          true,
        )
        m.e_4 = null
      }
      const state = t.engine.defaultTenant.state
      // expected, by the documented rules in the same order of precedence
      const black = new Set(blacklist.map((b) => b.toLowerCase()))
      const stopped = new Set([addr(0), addr(1), addr(2)])
      const unsub = new Set([addr(3), addr(4)])
      const want = { all: 0, stopped: 0, no_address: 0, blacklist: 0, unsubscribed_address: 0, error: 0 }
      const byType: Record<string, number[]> = {
        stopped: [],
        no_address: [],
        blacklist: [],
        unsubscribed_address: [],
        error: [],
        valid: [],
      }
      for (const m of members) {
        want.all++
        const a = (m.e_4 ?? '').trim().toLowerCase()
        const type =
          a === ''
            ? 'no_address'
            : stopped.has(a)
              ? 'stopped'
              : black.has(a) || black.has(domainOf(a))
                ? 'blacklist'
                : unsub.has(a)
                  ? 'unsubscribed_address'
                  : a === addr(10) || domainOf(a) === bounceDomain
                    ? 'error'
                    : 'valid'
        if (type !== 'valid') want[type as keyof typeof want]++
        byType[type]!.push(m.id)
      }
      const real = want.all - want.stopped - want.no_address - want.blacklist - want.unsubscribed_address
      expect(want.error).toBeGreaterThanOrEqual(2)

      const clock0 = (await t.admin<{ now: number }>('GET', 'clock')).body.now
      const msg = await ok<number>('add_mail_message', {
        member_table_id: 1,
        mail_info: { type: 1, from: 'info@example.com', subject: '1月号', text_part: '{{e_6}} 様\n' },
      })
      const id = await ok<number>('add_delivery_schedule', {
        mail_message_id: msg,
        delivery_info: {
          title: '1月号',
          condition_id: 1,
          element_id: 4,
          delivery_date: clock0 + 3600,
          blacklist: true,
        },
      })
      const status = () => ok<[number, string]>('get_delivery_status', { delivery_id: id })
      const result = () =>
        ok<{ count_info: Counts; start_date: number | null; end_date: number | null }>('get_delivery_result', {
          delivery_id: id,
        })
      const advance = (s: number) => t.admin('POST', 'clock', { advance_seconds: s })

      expect(await status()).toEqual([0, ''])
      await advance(3600)
      expect(state.mailDelivery!.deliveries.get(id)!.phase).toBe(1) // moved by the scheduler, before any call
      expect(await status()).toEqual([1, ''])
      expect(await result()).toEqual({
        count_info: {
          all: 0,
          stopped: 0,
          no_address: 0,
          error: 0,
          blacklist: 0,
          unsubscribed_address: 0,
          ready: 0,
          composed: 0,
        },
        start_date: null,
        end_date: null,
      })
      expect(await ok('get_addresses_for_delivery', { delivery_id: id, type: 'valid', offset: 0 })).toEqual([])
      // list building: 30 s + 1 s per 1,000 targets
      await advance(31)
      const [p2, desc] = await status()
      expect(p2).toBe(2)
      expect(desc).toBe('配信対象数 1000 (0%完了)')
      const handover = Math.ceil(60 + (10 * real) / 1000)
      await advance(Math.floor(handover / 2))
      const mid = await result()
      expect(mid.count_info.ready + mid.count_info.composed).toBe(real)
      expect(mid.count_info.composed).toBeGreaterThan(0)
      expect(mid.count_info.ready).toBeGreaterThan(0)
      expect(mid.end_date).toBeNull()
      await advance(handover)
      expect((await status())[0]).toBe(3)
      const r = await result()
      expect(r.count_info).toEqual({ ...want, ready: 0, composed: real })
      expect(r.start_date).toBe(clock0 + 3600 + 31)
      expect(r.end_date).toBe(clock0 + 3600 + 31 + handover)
      for (const type of Object.keys(byType)) {
        const got = await ok<{ member_id: number }[]>('get_addresses_for_delivery', {
          delivery_id: id,
          type,
          offset: 0,
        })
        expect(got.map((a) => a.member_id)).toEqual(byType[type])
      }
      const summary = await ok<{ results: Record<string, [number, string]> }>('get_summary_for_delivery_status', {
        delivery_id: id,
      })
      expect(summary.results.real![0]).toBe(real)
      expect(summary.results.valid![0]).toBe(real - want.error)
    })

    it('runs one birthday-mail occurrence of an agent program on the date element', async () => {
      const ok = async <T>(op: string, body: unknown): Promise<T> => {
        const r = await t.call<T>(op, body)
        if (r.status !== 200) throw new Error(`${op}: ${r.status} ${JSON.stringify(r.body)}`)
        return r.body
      }
      const members: { id: number; e_8: string | null }[] = []
      for (let offset = 0; ; offset += 50) {
        const page = await ok<typeof members>('get_member_infos_by_condition', {
          member_table_id: 1,
          condition_id: 1,
          offset,
          sort_key: 0,
          order: true,
        })
        members.push(...page)
        if (page.length < 50) break
      }
      const clock0 = (await t.admin<{ now: number }>('GET', 'clock')).body.now // 2026-01-01 09:00 JST
      // the 5-minute rule: a 09:00 program added at 09:00 first runs the next day, 2 January
      const born = members.filter((m) => m.e_8?.slice(5) === '01-02').map((m) => m.id)
      expect(born.length).toBeGreaterThan(0)
      const msg = await ok<number>('add_mail_message_for_agent_program', {
        member_table_id: 1,
        mail_info: {
          type: 1,
          from: 'info@example.com',
          subject: 'お誕生日おめでとうございます',
          text_part: '{{e_6}} 様\n',
        },
      })
      const pid = await ok<number>('add_agent_program', {
        mail_message_id: msg,
        program_info: {
          title: '誕生日メール',
          condition_id: 1,
          element_id: 4,
          enable: true,
          delivery_time_info: { type: 1, hour: 9, min: 0 },
          delivery_condition_info: { pattern: 1, element_id: 8, direction: 0, enable_year: false },
        },
      })
      await t.admin('POST', 'clock', { advance_seconds: 86400 - 1 })
      expect(
        await ok('get_delivery_results_by_agent_program', {
          agent_program_id: pid,
          start_timestamp: clock0,
          end_timestamp: clock0 + 86400,
        }),
      ).toEqual({})
      await t.admin('POST', 'clock', { advance_seconds: 1 + 600 })
      const h = await ok<Record<string, { status: number; nums: number; delivery_date: number }>>(
        'get_delivery_results_by_agent_program',
        { agent_program_id: pid, start_timestamp: clock0, end_timestamp: clock0 + 86400 },
      )
      const [id, item] = Object.entries(h)[0]!
      expect(Object.keys(h)).toHaveLength(1)
      expect(item).toMatchObject({ status: 3, delivery_date: clock0 + 86400 })
      const sent = [
        ...(await ok<{ member_id: number }[]>('get_addresses_for_delivery', {
          delivery_id: Number(id),
          type: 'valid',
          offset: 0,
        })),
        ...(await ok<{ member_id: number }[]>('get_addresses_for_delivery', {
          delivery_id: Number(id),
          type: 'error',
          offset: 0,
        })),
        ...(await ok<{ member_id: number }[]>('get_addresses_for_delivery', {
          delivery_id: Number(id),
          type: 'blacklist',
          offset: 0,
        })),
      ]
      expect(sent.map((a) => a.member_id).sort((a, b) => a - b)).toEqual(born)
      const r = await ok<{ count_info: { all: number } }>('get_delivery_result', { delivery_id: Number(id) })
      expect(r.count_info.all).toBe(born.length)
      const cancel = await t.call<{ error_code: string }>('cancel_delivery_schedule', { delivery_id: Number(id) })
      expect(cancel.body.error_code).toBe('KR_API_F0212')
    })
  },
  { engine: { members: 1000 } },
)
