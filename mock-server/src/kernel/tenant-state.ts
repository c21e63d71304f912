import type { Account, ApiToken } from './account.js'

/**
 * The sections of the tenant's scenario that the modules read, as the scenario gave them and
 * validated by their parts of the scenario schema. Each module types its keys by merging here
 * next to the schema part it declares (e.g. `delivery` in `domains/mail/mail-scenario.ts`).
 * A missing key means that module's defaults.
 */
export interface ScenarioSections {
  extensions?: ScenarioExtensions
}

/** `extensions` of a scenario: the modules type their keys by merging here; other keys are free. */
export interface ScenarioExtensions {
  [key: string]: unknown
}

export interface AuditEntry {
  at: number
  accountId: number | null
  action: string
  detail: Record<string, unknown>
}

/**
 * The sections of a tenant's state, one per domain module. The kernel knows none of them:
 * each domain adds its own key by declaration merging, next to its state type, e.g.
 *
 * ```ts
 * declare module '../../kernel/tenant-state.js' {
 *   interface TenantSections { mailDelivery: MailDeliveryState }
 * }
 * ```
 * Every section exists from the moment a tenant is built or restored (the kernel creates the
 * modules' sections then), so no request — least of all a refused one — creates state.
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled by the domain modules
export interface TenantSections {}

/** What every tenant has whatever the modules: identity, accounts, tokens, audit, scenario. */
export interface TenantCore {
  id: string
  environmentName: string
  accounts: Map<number, Account>
  tokens: Map<string, ApiToken>
  audit: AuditEntry[]
  /**
   * The scenario sections of parts 2 and 3 this tenant was built from. Set by
   * createTenantState (and so by reset), kept through snapshot export and import; the
   * modules' sections are created from it.
   */
  scenario?: ScenarioSections
}

/**
 * The whole state of one tenant (one emulated environment). Tenants share nothing.
 * Everything in it must survive `snapshot` export and import (see kernel/snapshot.ts).
 */
export type TenantState = TenantCore & TenantSections

/**
 * Types the layers above the kernel declare by merging: `scenario` (the parsed scenario
 * type of src/scenario). Unset, the kernel treats a scenario as opaque.
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled by src/scenario
export interface EmulatorTypes {}

/** The parsed scenario a tenant is built from (opaque to the kernel). */
export type TenantScenario = EmulatorTypes extends { scenario: infer S } ? S : unknown
