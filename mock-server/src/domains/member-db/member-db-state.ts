import type { ConditionEntryRequest, OneshotConditionInfoRequest } from '@krs-kit/contract/contract-types'
import type { MemberColumns } from './member-columns.js'
import type { MemberElement } from './member-element.js'

// The element types live apart so that the member columns can use them without importing this file.
export {
  type CharClass,
  type ElementConfig,
  type ElementType,
  elementTypes,
  type MemberElement,
  type SystemTimestampField,
} from './member-element.js'

/** Who locked a member table through the API (lock_database). */
export interface TableLock {
  accountId: number
  /** Engine time of the lock, unix seconds. */
  at: number
}

/** One clause of a condition: [comparison kind, additional info] (the contract's `ConditionEntry`). */
export type ConditionClause = ConditionEntryRequest

/** An extraction condition as the API takes it (the contract's `OneshotConditionInfo`: `title` optional). */
export type ConditionInfo = OneshotConditionInfoRequest

export interface StoredCondition {
  id: number
  /** null for a predefined condition valid on every table ("all"). */
  memberTableId: number | null
  title: string
  predefined: 'all' | null
  /** Hidden from get_conditions and refused by id (set unusable in the admin screen). */
  hidden: boolean
  info: ConditionInfo
}

export interface MemberTableState {
  id: number
  title: string
  /** Elements in display order. */
  elements: MemberElement[]
  members: MemberColumns
  lock: TableLock | null
  /** Next number of each autogen element (element id → counter). */
  autogenNext: Record<string, number>
}

export interface MemberDbState {
  tables: Map<number, MemberTableState>
  conditions: Map<number, StoredCondition>
  nextConditionId: number
  /**
   * Who uses a condition (deliveries, agent programs, ...): condition id → references such as
   * "delivery:12". The mail and batch domains mark and release uses; delete_condition refuses a used one
   * (KR_API_F0104).
   */
  conditionUses: Map<number, Set<string>>
  /** Blacklisted addresses or "@domain" entries (lower-case). */
  blacklist: string[]
}
