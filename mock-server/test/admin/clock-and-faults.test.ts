import { describe, expect, it } from 'vitest'
import { CLOCK_MAX } from '../../src/kernel/clock-bounds.js'
import { admin, call, newEngine } from '../support/in-process.js'

// The clock and the faults take finite numbers within the bounds the admin contract documents,
// answer 400 otherwise (never a clamp, a null or a status no client can read), and a member
// added after any accepted clock call reads back.

const member = { member_table_id: 1, member_info: { e_4: 'late@example.com', e_5: 'abcd1234', e_6: '時計 太郎' } }

describe('POST /__mock/clock', () => {
  it.each([
    ['a speed of 1e308', '{"mode":"real","speed":1e308}', '/speed must be <= 1000000'],
    ['a speed of 1e400 (Infinity once parsed)', '{"speed":1e400}', '/speed must be a finite number'],
    ['a speed over the bound', '{"speed":1000001}', '/speed must be <= 1000000'],
    ['a time past 9999-12-31', `{"set":${CLOCK_MAX + 1}}`, '/set must be <= 253402268399'],
    ['a time of 1e400', '{"set":1e400}', '/set must be a finite number'],
  ])('refuses %s with 400, leaving the clock as it was', async (_, body, message) => {
    const engine = newEngine()
    const before = (await admin(engine, 'GET', 'clock')).body
    const r = await admin(engine, 'POST', 'clock', body)
    expect(r.status).toBe(400)
    expect(r.body.error).toBe('bad_request')
    expect(r.body.message).toContain(message)
    expect((await admin(engine, 'GET', 'clock')).body).toEqual(before)
  })

  it('refuses an advance past 9999-12-31 with 400 instead of clamping', async () => {
    const engine = newEngine()
    expect((await admin(engine, 'POST', 'clock', { set: CLOCK_MAX - 10 })).status).toBe(200)
    const r = await admin(engine, 'POST', 'clock', { advance_seconds: 11 })
    expect(r.status).toBe(400)
    expect((await admin(engine, 'GET', 'clock')).body.now).toBe(CLOCK_MAX - 10)
    expect((await admin(engine, 'POST', 'clock', { advance_seconds: 10 })).body.now).toBe(CLOCK_MAX)
  })

  it.each([
    ['the fastest real clock', { mode: 'real', speed: 1_000_000 }],
    ['the last second', { set: CLOCK_MAX }],
    ['a real clock at the last second, at full speed', { mode: 'real', speed: 1_000_000, set: CLOCK_MAX }],
  ])('a member added after %s reads back', async (_, change) => {
    const engine = newEngine()
    expect((await admin(engine, 'POST', 'clock', change)).status).toBe(200)
    await new Promise((resolve) => setTimeout(resolve, 20))
    const clock = (await admin(engine, 'GET', 'clock')).body
    expect(Number.isInteger(clock.now)).toBe(true)
    expect(clock.now).toBeLessThanOrEqual(CLOCK_MAX)
    const added = await call(engine, 'add_member', member)
    expect(added.status).toBe(200)
    const read = await call(engine, 'get_member_info', { member_table_id: 1, member_id: added.body })
    expect(read.status).toBe(200)
  })
})

describe('POST /__mock/faults', () => {
  it.each([
    ['status 100', { operation: '*', status: 100 }, '/status must be >= 200'],
    ['status 101', { operation: '*', status: 101 }, '/status must be >= 200'],
    ['status 103', { operation: '*', status: 103 }, '/status must be >= 200'],
    ['status 600', { operation: '*', status: 600 }, '/status must be <= 599'],
    ['count 1e400', '{"operation":"*","status":503,"count":1e400}', '/count must be a finite number'],
    ['count 1000001', { operation: '*', status: 503, count: 1_000_001 }, '/count must be <= 1000000'],
    ['count 0', { operation: '*', status: 503, count: 0 }, '/count must be >= 1'],
  ])('refuses %s with 400 and adds nothing', async (_, body, message) => {
    const engine = newEngine()
    const r = await admin(engine, 'POST', 'faults', body)
    expect(r.status).toBe(400)
    expect(r.body.message).toContain(message)
    expect((await admin(engine, 'GET', 'faults')).body.faults).toEqual([])
  })

  it('takes the bounds themselves, and lists remaining as a number', async () => {
    const engine = newEngine()
    expect((await admin(engine, 'POST', 'faults', { operation: '*', status: 200, count: 1_000_000 })).status).toBe(200)
    expect((await admin(engine, 'POST', 'faults', { operation: '*', status: 599 })).status).toBe(200)
    const faults = (await admin(engine, 'GET', 'faults')).body.faults
    expect(faults.map((f: { remaining: unknown }) => f.remaining)).toEqual([1_000_000, 1])
  })
})
