import type { ClockOptions } from './clock.js'
import type { PartialTenantState } from './state-section.js'
import type { TenantScenario, TenantState } from './tenant-state.js'

/**
 * How tenants are built from scenarios and saved, given to the kernel by the composition
 * root (src/emulator.ts, from src/scenario). The kernel adds the modules' sections itself.
 */
export interface TenantFactory {
  parseScenario(input: unknown): TenantScenario
  defaultScenario(): TenantScenario
  /** The clock a tenant of this scenario starts with (a scenario may pin its own `now`). */
  clockOptions(clock: ClockOptions, scenario: TenantScenario): ClockOptions
  /** The state a scenario describes (core and member database; sections are added after). */
  build(id: string, scenario: TenantScenario, opts: { seed: number; members?: number; now: number }): PartialTenantState
  /** The whole state as JSON-safe data. */
  snapshot(state: TenantState): unknown
  /** The inverse of `snapshot`; `scenario` is the snapshot's scenario (older snapshots lack state.scenario). Throws on bad input. */
  restore(json: unknown, scenario: unknown): PartialTenantState
}
