import { expect } from 'vitest'
import type { EngineOptions } from '../../../src/index.js'
import type { CallResult, DoorTarget } from '../../support/run-on-every-door.js'
import { T0, deliverySection, mailScenario } from './support.js'

/**
 * Engine options for the mail behaviour suites: the ten-member test scenario of
 * support.ts with its `delivery` section, on a manual clock at T0.
 */
export function mailDoorEngine(
  section: Record<string, unknown> = deliverySection,
  over: EngineOptions = {},
): () => EngineOptions {
  return () => ({ scenario: { ...mailScenario(), delivery: section }, clock: { mode: 'manual', now: T0 }, ...over })
}

/** Helpers over one door: every state change goes through the public API or the admin API. */
export function kit(t: DoorTarget) {
  /** Call and expect 200; answers the body. */
  const ok = async <T = unknown>(op: string, body: unknown, token?: string): Promise<T> => {
    const r = await t.call<T>(op, body, token)
    if (r.status !== 200) throw new Error(`${op}: ${r.status} ${JSON.stringify(r.body)}`)
    return r.body
  }
  /** Call and expect an error answer with `code`; answers error_desc and message. */
  const fails = async (op: string, body: unknown, code: string, token?: string): Promise<string> => {
    const r = await t.call<{ error_code?: string; error_desc?: string; message?: string }>(op, body, token)
    expect(r.body.error_code, `${op}: ${r.status} ${JSON.stringify(r.body)}`).toBe(code)
    expect(r.status).toBeGreaterThanOrEqual(400)
    return `${r.body.error_desc ?? ''} ${r.body.message ?? ''}`
  }
  const adminOk = async <T = unknown>(method: string, route: string, body?: unknown): Promise<T> => {
    const r = await t.admin<T>(method, route, body)
    if (r.status !== 200) throw new Error(`${method} /__mock/${route}: ${r.status} ${JSON.stringify(r.body)}`)
    return r.body
  }
  return {
    ok,
    fails,
    adminOk,
    /** POST /__mock/clock { advance_seconds }. */
    advance: (seconds: number) => adminOk<{ now: number }>('POST', 'clock', { advance_seconds: seconds }),
    /** POST /__mock/clock { set }. */
    setClock: (at: number) => adminOk<{ now: number }>('POST', 'clock', { set: at }),
    now: async () => (await adminOk<{ now: number }>('GET', 'clock')).now,
    /** POST /__mock/events; answers the raw result (status checked by the caller). */
    event: (body: Record<string, unknown>): Promise<CallResult<Record<string, unknown>>> =>
      t.admin('POST', 'events', body),
    outbox: <T = unknown>(query: string) => adminOk<T>('GET', `outbox?${query}`),
    /** Member ids of one address type of a delivery. */
    ids: async (deliveryId: number, type: string, offset = 0): Promise<number[]> =>
      (await ok<{ member_id: number }[]>('get_addresses_for_delivery', { delivery_id: deliveryId, type, offset })).map(
        (a) => a.member_id,
      ),
  }
}

export { textMail } from './support.js'
