import { describe, expect, it } from 'vitest'
import { parseMailScenario } from '../../../src/domains/mail/mail-scenario.js'
import { runOnEveryDoor } from '../../support/run-on-every-door.js'
import { kit, mailDoorEngine, textMail } from './door-kit.js'
import { T0, deliverySection, mailScenario } from './support.js'

describe('the delivery scenario section (parsing)', () => {
  it('has defaults for every key', () => {
    const sc = parseMailScenario(undefined)
    expect(sc.settings.timing).toEqual({
      listBaseSeconds: 30,
      listSecondsPer1000: 1,
      handoverBaseSeconds: 60,
      handoverSecondsPer1000: 10,
    })
    expect(sc.settings.agentProgramMax).toBe(20)
    expect(sc.settings.errorStopThreshold).toBe(3)
    expect(sc.settings.bounces.map((b) => b.match)).toEqual(['@bounce.example.com', '@full.example.jp'])
    expect(sc.messages).toEqual([])
  })
})

/** Each case loads its own `delivery` section with POST /__mock/reset { scenario }. */
runOnEveryDoor(
  'the delivery scenario section',
  (t) => {
    const k = kit(t)
    const load = async (section: Record<string, unknown>) => {
      expect(await k.adminOk('POST', 'reset', { scenario: { ...mailScenario(), delivery: section } })).toEqual({
        ok: true,
      })
    }
    const deliver = async (conditionId = 1) => {
      const m = await k.ok<number>('add_mail_message', { member_table_id: 1, mail_info: textMail() })
      return k.ok<number>('add_delivery_schedule', {
        mail_message_id: m,
        delivery_info: {
          title: 'r',
          condition_id: conditionId,
          element_id: 2,
          delivery_date: (await k.now()) + 60,
          blacklist: true,
        },
      })
    }

    it('reads agent_program_max and the unsubscribe list (addresses compared without case)', async () => {
      await load({ agent_program_max: 1, unsubscribed: ['TARO@Example.com'] })
      const program = {
        title: 'w',
        condition_id: 1,
        element_id: 2,
        delivery_time_info: { type: 2, hour: 9, min: 0, day_of_week: 1 },
      }
      for (const expected of [null, 'KR_API_F0227']) {
        const am = await k.ok<number>('add_mail_message_for_agent_program', {
          member_table_id: 1,
          mail_info: textMail(),
        })
        const r = await t.call<{ error_code?: string }>('add_agent_program', {
          mail_message_id: am,
          program_info: program,
        })
        expect(r.body.error_code ?? null).toBe(expected)
      }
      const id = await deliver()
      await k.advance(10_000)
      expect(await k.ids(id, 'unsubscribed_address')).toEqual([1])
    })

    it('makes phase durations grow with the number of targets', async () => {
      await load({
        ...deliverySection,
        timing: {
          list_base_seconds: 10,
          list_seconds_per_1000: 1000,
          handover_base_seconds: 5,
          handover_seconds_per_1000: 2000,
        },
      })
      const all = await deliver(1)
      const men = await deliver(2)
      await k.advance(1000)
      const r = async (id: number) => {
        const x = await k.ok<{ start_date: number; end_date: number }>('get_delivery_result', { delivery_id: id })
        return [x.start_date, x.end_date]
      }
      // all: 10 targets → 10 + 10 = 20 s; 5 real → 5 + 10 = 15 s. men: 6 targets (1,3,4,6,9,10) → 16 s; 3 real (1,6,10) → 11 s
      expect(await r(all)).toEqual([T0 + 80, T0 + 95])
      expect(await r(men)).toEqual([T0 + 76, T0 + 87])
    })

    it('bounces a stable share of the other addresses with error_rate', async () => {
      const errorsOf = async (rate: number, runs: number): Promise<number[][]> => {
        await load({ ...deliverySection, error_rate: rate, bounces: [] })
        const out: number[][] = []
        for (let i = 0; i < runs; i++) {
          const d = await deliver()
          await k.advance(10_000)
          out.push(await k.ids(d, 'error'))
        }
        return out
      }
      expect(await errorsOf(0, 1)).toEqual([[]])
      expect(await errorsOf(1, 1)).toEqual([[1, 6, 7, 8, 10]])
      const [a, b] = await errorsOf(0.5, 2)
      expect(a).toEqual(b)
      expect(a!.length).toBeGreaterThan(0)
      expect(a!.length).toBeLessThan(5)
    })
  },
  { engine: mailDoorEngine() },
)
