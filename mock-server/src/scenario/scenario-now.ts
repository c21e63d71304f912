import type { ClockOptions } from '../kernel/clock.js'
import { CLOCK_MAX, CLOCK_MIN } from '../kernel/clock-bounds.js'
import { ScenarioError } from '../kernel/scenario-error.js'

/**
 * The scenario's `now`: an ISO 8601 time (`2026-04-01T09:00:00+09:00`) or unix seconds, the
 * time the tenant's clock starts at. Together with the seed it makes the seeded data
 * reproducible (dates of generated members are counted back from it). Unix seconds, or
 * undefined when the scenario has none; ScenarioError for a time that does not parse.
 */
export function scenarioNowSeconds(now: unknown): number | undefined {
  if (now === undefined || now === null) return undefined
  let seconds: number | null = null
  if (typeof now === 'number' && Number.isInteger(now)) seconds = now
  if (typeof now === 'string') {
    const ms = Date.parse(now)
    if (/^\d{4}-\d{2}-\d{2}T/.test(now) && Number.isFinite(ms)) seconds = Math.floor(ms / 1000)
  }
  if (seconds === null)
    throw new ScenarioError(
      'now',
      `must be an ISO 8601 time such as 2026-04-01T09:00:00+09:00, or unix seconds (got ${JSON.stringify(now)})`,
    )
  // the bounds of every clock (a saved tenant whose clock is outside them would not load)
  if (seconds < CLOCK_MIN || seconds > CLOCK_MAX)
    throw new ScenarioError(
      'now',
      `must be between 2000-01-01T00:00:00+09:00 (${CLOCK_MIN}) and 9999-12-31T23:59:59+09:00 (${CLOCK_MAX}) (got ${JSON.stringify(now)})`,
    )
  return seconds
}

/**
 * The clock of a tenant built from a scenario: a given start time wins; else the scenario's
 * `now`, with a manual (fixed) clock unless a mode was given — a pinned time is for
 * reproducible runs.
 */
export function clockWithScenarioNow(clock: ClockOptions, scenario: { now?: unknown }): ClockOptions {
  if (clock.now !== undefined) return clock
  const now = scenarioNowSeconds(scenario.now)
  if (now === undefined) return clock
  return { ...clock, now, mode: clock.mode ?? 'manual' }
}
