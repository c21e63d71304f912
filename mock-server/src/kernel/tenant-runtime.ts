import type { TenantScenario } from './tenant-state.js'
import type { TenantState } from './tenant-state.js'
import type { ClockState, TenantClock } from './clock.js'
import type { FaultTable } from './faults.js'
import type { Journal } from './journal.js'
import type { RandomSource } from './random.js'
import type { Scheduler } from './scheduler.js'

/**
 * One tenant as the engine runs it: its domain state (snapshot-safe), plus what the engine
 * keeps beside it: clock, random source, scheduler, journal and faults. Tenants share
 * nothing; a token belongs to exactly one tenant.
 */
export interface TenantRuntime {
  readonly id: string
  readonly isDefault: boolean
  state: TenantState
  /** The scenario the state was built from (reset rebuilds from it). */
  scenario: TenantScenario
  seed: number
  members: number | undefined
  readonly clock: TenantClock
  /**
   * The clock as the tenant was created (its scenario's `now`, the engine's mode and speed):
   * `POST /__mock/reset` sets the clock back to it unless asked to keep the clock.
   */
  initialClock: ClockState
  readonly random: RandomSource
  readonly scheduler: Scheduler
  readonly journal: Journal
  readonly faults: FaultTable
}

/** Token name → token value of a tenant (`{"krs-all": "krs-all", ...}`). */
export function tokensByName(t: TenantRuntime): Record<string, string> {
  const out: Record<string, string> = {}
  for (const tok of t.state.tokens.values()) out[tok.name] = tok.token
  return out
}
