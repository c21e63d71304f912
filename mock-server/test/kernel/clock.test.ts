import { describe, expect, it } from 'vitest'
import { createClock } from '../../src/kernel/clock.js'
import { createRandom } from '../../src/kernel/random.js'
import { createScheduler } from '../../src/kernel/scheduler.js'
import type { TickHook } from '../../src/kernel/tick-hook.js'
import type { TenantState } from '../../src/kernel/tenant-state.js'
import { createEngine } from '../../src/index.js'

function fakeWall(startMs: number): { now: () => number; add: (ms: number) => void } {
  let t = startMs
  return {
    now: () => t,
    add: (ms) => {
      t += ms
    },
  }
}

describe('tenant clock', () => {
  it('real mode follows the wall clock, with a speed factor', () => {
    const wall = fakeWall(1_000_000_000_000)
    const c = createClock(wall.now, { mode: 'real' })
    expect(c.now()).toBe(1_000_000_000)
    wall.add(5_000)
    expect(c.now()).toBe(1_000_000_005)
    c.setSpeed(60)
    wall.add(2_000)
    expect(c.now()).toBe(1_000_000_005 + 120)
  })

  it('manual mode moves only when told', () => {
    const wall = fakeWall(0)
    const c = createClock(wall.now, { mode: 'manual', now: 1000 })
    wall.add(60_000)
    expect(c.now()).toBe(1000)
    c.advance(30)
    expect(c.now()).toBe(1030)
    c.set(50)
    expect(c.now()).toBe(50)
  })

  it('switching modes keeps the current virtual time', () => {
    const wall = fakeWall(0)
    const c = createClock(wall.now, { mode: 'manual', now: 500 })
    c.setMode('real')
    wall.add(10_000)
    expect(c.now()).toBe(510)
    c.setMode('manual')
    wall.add(10_000)
    expect(c.now()).toBe(510)
    expect(c.state()).toEqual({ mode: 'manual', now: 510, speed: 1 })
  })
})

describe('scheduler', () => {
  // A hook with a queue of due times: each run records the clock it saw.
  function queueHook(due: number[], seen: number[]): TickHook {
    return {
      name: 'queue',
      nextDue: () => (due.length ? Math.min(...due) : null),
      run: (ctx) => {
        const i = due.indexOf(Math.min(...due))
        due.splice(i, 1)
        seen.push(ctx.now)
      },
    }
  }

  it('runs every due transition in time order, each at its own time, then stops at the target', () => {
    const clock = createClock(() => 0, { mode: 'manual', now: 100 })
    const seen: number[] = []
    const due = [150, 120, 400, 180]
    const s = createScheduler(() => ({}) as TenantState, clock, createRandom(1), [queueHook(due, seen)])
    s.advanceTo(200)
    expect(seen).toEqual([120, 150, 180])
    expect(clock.now()).toBe(200)
    expect(due).toEqual([400])
  })

  it('advancing through the admin API runs due transitions before it answers', async () => {
    const due = [1_767_225_700]
    const seen: number[] = []
    const engine = createEngine({ clock: { mode: 'manual', now: 1_767_225_600 }, tickHooks: [queueHook(due, seen)] })
    const res = await engine.handle(
      new Request('http://x/__mock/clock', { method: 'POST', body: JSON.stringify({ advance_seconds: 3600 }) }),
    )
    expect(await res.json()).toMatchObject({ now: 1_767_229_200 })
    expect(seen).toEqual([1_767_225_700])
  })

  it('real mode catches up with due transitions before a request', async () => {
    const wall = fakeWall(1_767_225_600_000)
    const seen: number[] = []
    const engine = createEngine({ wallClock: wall.now, tickHooks: [queueHook([1_767_225_630], seen)] })
    wall.add(60_000)
    await engine.handle(
      new Request('http://x/api/v1/get_version', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      }),
    )
    expect(seen).toEqual([1_767_225_630])
  })
})

describe('POST /__mock/reset on a real clock', () => {
  const admin = async (engine: ReturnType<typeof createEngine>, method: string, path: string, body?: unknown) => {
    const init: RequestInit = { method, headers: { 'content-type': 'application/json' } }
    if (body !== undefined) init.body = JSON.stringify(body)
    const r = await engine.handle(new Request(`http://127.0.0.1/__mock/${path}`, init))
    return (await r.json()) as { now: number; mode: string }
  }

  it('a clock that started at the wall clock is at the wall clock again, not behind it by its age', async () => {
    const wall = fakeWall(1_767_225_600_000)
    const engine = createEngine({ wallClock: wall.now, members: 5 })
    wall.add(47_000)
    await admin(engine, 'POST', 'clock', { advance_seconds: 3600 })
    await admin(engine, 'POST', 'reset', {})
    expect(await admin(engine, 'GET', 'clock')).toMatchObject({ mode: 'real', now: 1_767_225_647 })
    wall.add(10_000)
    expect((await admin(engine, 'GET', 'clock')).now).toBe(1_767_225_657)
  })

  it("a clock started at a given time (--now, a scenario's now) goes back to that time", async () => {
    const wall = fakeWall(1_767_225_600_000)
    const engine = createEngine({ wallClock: wall.now, members: 5, clock: { mode: 'real', now: 1_700_000_000 } })
    wall.add(47_000)
    await admin(engine, 'POST', 'reset', {})
    expect(await admin(engine, 'GET', 'clock')).toMatchObject({ mode: 'real', now: 1_700_000_000 })
  })
})

describe('seeded random', () => {
  it('repeats for a seed, differs across seeds, and restores its state', () => {
    const a = createRandom(42)
    const b = createRandom(42)
    const xs = Array.from({ length: 5 }, () => a.next())
    expect(Array.from({ length: 5 }, () => b.next())).toEqual(xs)
    expect(createRandom(43).next()).not.toBe(xs[0])
    for (const x of xs) expect(x >= 0 && x < 1).toBe(true)
    const saved = a.getState()
    const next = a.next()
    a.setState(saved)
    expect(a.next()).toBe(next)
  })
})
