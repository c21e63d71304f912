import { expect } from 'vitest'
import type { Engine } from '../../../src/index.js'

export type Answer = { status: number; body: unknown; text: string }

/** `POST /api/v1/{op}` through the engine in process; the body parsed when it is JSON. */
export async function call(engine: Engine, op: string, body: unknown, token: string): Promise<Answer> {
  const res = await engine.handle(
    new Request(`http://krs.test/api/v1/${op}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }),
  )
  const text = await res.text()
  let parsed: unknown = text
  try {
    parsed = JSON.parse(text)
  } catch {
    /* a result file */
  }
  return { status: res.status, body: parsed, text }
}

/** A call that must answer 200; its body. */
export async function ok<T>(engine: Engine, op: string, body: unknown, token = 'krs-all'): Promise<T> {
  const r = await call(engine, op, body, token)
  expect(r.status, `${op} ${r.text.slice(0, 300)}`).toBe(200)
  return r.body as T
}

/** The default tenant's whole state, to see that a refused call changed nothing. */
export function state(engine: Engine): string {
  return JSON.stringify(engine.exportTenant(engine.defaultTenant).state)
}

/** Move the engine's manual clock (batch jobs finish). */
export async function advance(engine: Engine, seconds: number): Promise<void> {
  const res = await engine.handle(
    new Request('http://krs.test/__mock/clock', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ advance_seconds: seconds }),
    }),
  )
  expect(res.status, await res.text()).toBe(200)
}
