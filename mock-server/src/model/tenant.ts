import type { Account, ApiToken } from './account.js'
import type { MemberDbState } from './member-db.js'

export interface AuditEntry {
  at: number
  accountId: number | null
  action: string
  detail: Record<string, unknown>
}

/**
 * The whole state of one tenant (one emulated environment). Tenants share nothing.
 * Each domain owns one section; parts 2 and 3 of the emulator add their sections here.
 * Everything in it must survive `snapshot` export and import (see engine/snapshot.ts).
 */
export interface TenantState {
  id: string
  environmentName: string
  accounts: Map<number, Account>
  tokens: Map<string, ApiToken>
  /** Member tables, elements, members, conditions, blacklist (emulator part 1). */
  memberDb: MemberDbState
  audit: AuditEntry[]
}
