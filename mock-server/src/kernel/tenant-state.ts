import type { Account, ApiToken } from './account.js'
import type { MemberDbState } from '../domains/member-db/member-db-state.js'
import type { MailDeliveryState } from '../domains/mail/mail-state.js'
import type { FormsState, PostedImagesState, BatchState, StoredFilesState } from '../domains/forms/forms-state.js'

/**
 * The sections of the tenant's scenario that emulator parts 2 and 3 read, kept raw as the
 * scenario gave them (validated by the scenario schema): `delivery` (part 2: timing, bounces,
 * unsubscribe and stop lists, ...), `forms`, `columnSets`, `postedImages` and
 * `extensions.services` (part 3). A missing key means that part's defaults.
 */
export interface ScenarioSections {
  delivery?: Record<string, unknown>
  forms?: unknown[]
  columnSets?: unknown[]
  postedImages?: Record<string, unknown>
  extensions?: Record<string, unknown>
}

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
  /**
   * The scenario sections of parts 2 and 3 this tenant was built from. Set by
   * createTenantState (and so by reset), kept through snapshot export and import; the part-2
   * and part-3 sections are created from it on first use.
   */
  scenario?: ScenarioSections
  /** Mail messages, deliveries, agent programs and their results (emulator part 2). Created on first use. */
  mailDelivery?: MailDeliveryState
  /** Member forms, deleted-member log, one-click login tokens (emulator part 3). Created on first use. */
  forms?: FormsState
  /** Albums and posted images (emulator part 3). Created on first use. */
  postedImages?: PostedImagesState
  /** Import/export batch jobs and their result files (emulator part 3). Created on first use. */
  batch?: BatchState
  /** Files sent with upload_stored_files (emulator part 3). Created on first use. */
  storedFiles?: StoredFilesState
}
