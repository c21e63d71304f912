import { adminRequests } from '@krs-kit/contract/admin-requests'

/** The admin contract's `ClockTime` (spec/admin.openapi.yaml), the one source of the bounds. */
const clockTime = (adminRequests.mock_set_clock.schema as { properties: { set: { minimum: number; maximum: number } } })
  .properties.set
/** 2000-01-01T00:00:00+09:00: the earliest time a clock may be set to. */
export const CLOCK_MIN = clockTime.minimum
/** 9999-12-31T23:59:59+09:00: the latest (dates past it have five-digit years). */
export const CLOCK_MAX = clockTime.maximum

/**
 * A tenant's virtual clock, in unix seconds: deliveries, agent programs, batch jobs and every
 * expiry read it, so a test can move time instead of waiting for it. Modes:
 * - `real`: follows the wall clock from an anchor, multiplied by `speed`;
 * - `manual`: moves only when told (`set`, `advance`): what tests use.
 * The wall clock is injected so the engine stays platform-neutral and testable.
 */
export type ClockMode = 'real' | 'manual'

export interface ClockOptions {
  mode?: ClockMode
  /** Start time, unix seconds (default: the wall clock). */
  now?: number
  /** Virtual seconds per wall second in real mode (default 1). */
  speed?: number
}

export interface ClockState {
  mode: ClockMode
  now: number
  speed: number
}

export interface TenantClock {
  now(): number
  mode(): ClockMode
  speed(): number
  set(unixSeconds: number): void
  advance(seconds: number): void
  setMode(mode: ClockMode): void
  setSpeed(speed: number): void
  state(): ClockState
}

export type WallClock = () => number

export function createClock(wall: WallClock, opts: ClockOptions = {}): TenantClock {
  let mode: ClockMode = opts.mode ?? 'real'
  let speed = opts.speed ?? 1
  // Virtual time (ms) at the wall anchor; in manual mode only `base` counts.
  let base = (opts.now ?? Math.floor(wall() / 1000)) * 1000
  let anchor = wall()

  // a real clock stops at the last time a clock may show (a fast one would pass it in days)
  const nowMs = (): number => (mode === 'manual' ? base : Math.min(base + (wall() - anchor) * speed, CLOCK_MAX * 1000))
  const rebase = (virtualMs: number): void => {
    base = virtualMs
    anchor = wall()
  }

  return {
    now: () => Math.floor(nowMs() / 1000),
    mode: () => mode,
    speed: () => speed,
    set: (s) => rebase(s * 1000),
    advance: (s) => rebase(nowMs() + s * 1000),
    setMode: (m) => {
      rebase(nowMs())
      mode = m
    },
    setSpeed: (f) => {
      rebase(nowMs())
      speed = f
    },
    state: () => ({ mode, now: Math.floor(nowMs() / 1000), speed }),
  }
}
