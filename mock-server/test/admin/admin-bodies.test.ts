import { describe, expect, it } from 'vitest'
import { adminRequests } from '@krs-kit/contract/admin-requests'
import { CLOCK_MAX, CLOCK_MIN } from '../../src/kernel/clock-bounds.js'
import { createEngine, type Engine } from '../../src/index.js'

// Admin request bodies are checked by the schemas of spec/admin.openapi.yaml
// (generated/admin-requests.ts): a malformed body is 400 with the documented slug, a message
// naming the key, and changes nothing.

const START = 1_767_225_600 // 2026-01-01T00:00:00Z

async function admin(
  engine: Engine,
  method: string,
  route: string,
  body?: unknown,
): Promise<{ status: number; body: { error?: string; message?: string; [k: string]: unknown } }> {
  const init: RequestInit = { method, headers: { 'content-type': 'application/json' } }
  if (body !== undefined) init.body = typeof body === 'string' ? body : JSON.stringify(body)
  const res = await engine.handle(new Request(`http://krs.test/__mock/${route}`, init))
  return { status: res.status, body: await res.json() }
}

const newEngine = (): Engine => createEngine({ members: 3, clock: { mode: 'manual', now: START } })

describe('malformed admin bodies', () => {
  const cases: [string, string, string, unknown, string, string][] = [
    // what, method, route, body, slug, message
    ['a wrong type', 'POST', 'clock', { speed: 'fast' }, 'bad_request', '/speed must be number (type)'],
    [
      'a value out of range',
      'POST',
      'clock',
      { advance_seconds: -5 },
      'bad_request',
      '/advance_seconds must be >= 0 (minimum); got -5',
    ],
    [
      'an unknown key',
      'POST',
      'clock',
      { advance: 5 },
      'bad_request',
      '/advance is not an allowed key (additionalProperties)',
    ],
    [
      'a wrong type in a nested object',
      'POST',
      'tenants',
      { clock: { mode: 'slow' } },
      'bad_request',
      '/clock/mode must be equal to one of the allowed values (enum); got "slow"',
    ],
    [
      'a negative member count',
      'POST',
      'reset',
      { members: -1 },
      'bad_request',
      '/members must be >= 0 (minimum); got -1',
    ],
    [
      'a missing required key (bounce code)',
      'POST',
      'events',
      { type: 'bounce', delivery_id: 1, member_id: 1 },
      'bad_request',
      '/code is required (required)',
    ],
    [
      'a click with neither url nor clickcount_id',
      'POST',
      'events',
      { type: 'click', delivery_id: 1, member_id: 1 },
      'bad_request',
      '/url or /clickcount_id is required (anyOf)',
    ],
    [
      'an unsubscribe with neither address nor recipient',
      'POST',
      'events',
      { type: 'unsubscribe', delivery_id: 1 },
      'bad_request',
      '/address or /member_id is required (anyOf)',
    ],
    [
      'an empty string the schema forbids',
      'POST',
      'events',
      { type: 'open', delivery_id: 1, member_id: 1, user_agent: '' },
      'bad_request',
      '/user_agent must NOT have fewer than 1 characters (minLength); got ""',
    ],
    [
      'an unknown event type',
      'POST',
      'events',
      { type: 'kiss', delivery_id: 1, member_id: 1 },
      'bad_request',
      '/type must be equal to constant (const); got "kiss"',
    ],
    [
      'a fault without operation',
      'POST',
      'faults',
      { error_code: 'KRSKIT_HIGH_LOAD' },
      'bad_request',
      '/operation is required (required)',
    ],
    [
      'a fault clear that is not true',
      'POST',
      'faults',
      { clear: false },
      'bad_request',
      '/clear is not an allowed key (additionalProperties)',
    ],
    ['a body that is not an object', 'POST', 'clock', [1], 'bad_request', '/ must be object (type)'],
    [
      'a snapshot of another kind',
      'PUT',
      'snapshot',
      { format: 'krs-mock-tenant/1', tenant_id: 'x', seed: 'one' },
      'invalid_snapshot',
      'invalid snapshot: /seed must be integer (type)',
    ],
  ]
  for (const [what, method, route, body, slug, message] of cases) {
    it(`${method} /__mock/${route}: ${what} → 400 ${slug}`, async () => {
      const engine = newEngine()
      const before = JSON.stringify(engine.exportTenant(engine.defaultTenant))
      const changes = engine.changes
      const r = await admin(engine, method, route, body)
      expect(r.status).toBe(400)
      expect(r.body).toEqual({ error: slug, message })
      expect(engine.changes).toBe(changes)
      expect(JSON.stringify(engine.exportTenant(engine.defaultTenant))).toBe(before)
    })
  }

  it('a body that is not JSON is 400 bad_request', async () => {
    const r = await admin(newEngine(), 'POST', 'clock', '{"mode":')
    expect(r.status).toBe(400)
    expect(r.body.error).toBe('bad_request')
    expect(r.body.message).toMatch(/^the body is not valid JSON: /)
  })

  it('a valid body still passes (empty bodies read as {})', async () => {
    const engine = newEngine()
    expect((await admin(engine, 'POST', 'clock', { advance_seconds: 60 })).body).toMatchObject({ now: START + 60 })
    expect((await admin(engine, 'POST', 'reset')).status).toBe(200)
    expect((await admin(engine, 'POST', 'faults', { clear: true })).body).toEqual({ faults: [] })
  })

  it('the schema and the kernel agree on the clock bounds', () => {
    const props = (adminRequests.mock_set_clock.schema as { properties: Record<string, Record<string, number>> })
      .properties
    expect(props.set).toMatchObject({ minimum: CLOCK_MIN, maximum: CLOCK_MAX })
    expect(props.advance_seconds!.maximum).toBe(Math.round(10 * 365.25 * 86_400))
  })
})
