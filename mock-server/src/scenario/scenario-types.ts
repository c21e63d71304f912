import type { ScenarioSections } from '../kernel/tenant-state.js'
import type { PermissionLevel } from '../kernel/account.js'

export interface ScenarioAccount {
  id: number
  login: string
  name: string
  level: PermissionLevel
  memberDataSearch?: boolean
  encryptedKey?: boolean
  resultDownload?: boolean
  postedImageMenu?: boolean
  options?: { mail?: boolean; forms?: boolean; posted_images?: boolean }
  /** Member table ids this account may access; default all. */
  tables?: 'all' | number[]
}

export interface ScenarioToken {
  /** Human name, e.g. "krs-all". */
  name: string
  /** Bearer value; defaults to the name. */
  token?: string
  account: number
}

/**
 * One emulated environment: the keys the scenario layer builds itself, plus the modules'
 * sections (`ScenarioSections`: `memberTables`, `delivery`, `forms`, ..., `extensions`), each
 * typed by the module that declares its schema part.
 */
export interface Scenario extends ScenarioSections {
  environment: { name: string }
  accounts: ScenarioAccount[]
  tokens: ScenarioToken[]
  /** Required by the member database's part of the schema (its type is that module's). */
  memberTables: NonNullable<ScenarioSections['memberTables']>
  /** Start time of the tenant's clock: ISO 8601 text or unix seconds (fixed clock unless a mode is given). */
  now?: string | number
}
