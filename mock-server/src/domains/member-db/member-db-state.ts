import type {
  ConditionEntryRequest,
  ElementConfig as ContractElementConfig,
  ElementType as ContractElementType,
  OneshotConditionInfoRequest,
} from '../../generated/contract-types.js'
import type { MemberColumns } from './member-columns.js'

/** Element (field) types of a member table. */
export const elementTypes = [
  'text',
  'textarea',
  'integer',
  'email',
  'url',
  'select',
  'select_multiple',
  'date',
  'prefecture',
  'zip',
  'telephone',
  'sex',
  'marriage',
  'yesno',
  'checkbox',
  'password',
  'encrypted_text',
  'hashed_password',
  'autogen',
  'timestamp',
  'auth',
] as const satisfies readonly ContractElementType[]
export type ElementType = ContractElementType
/** Compiles only while the list above names every element type of the contract. */
const everyElementTypeListed: Exclude<ContractElementType, (typeof elementTypes)[number]> extends never ? true : never =
  true
void everyElementTypeListed

/** Character classes of text-like elements. */
export const charClasses = [
  'any_vender',
  'any',
  'number',
  'alphabet',
  'alphanum',
  'hankaku',
  'hiragana',
  'katakana',
  'zenkaku',
  'allow_vender',
  'disallow_vender',
] as const
export type CharClass = (typeof charClasses)[number]

/**
 * The config of one element as `get_member_table_element_config` returns it (the contract's
 * `ElementConfig`). Keys depend on the type; absent keys do not apply.
 */
export type ElementConfig = ContractElementConfig

/** System fields of a member record (not `e_{id}` keys). */
export type SystemTimestampField = 'regist_date' | 'update_date' | 'batch_date' | 'upload_date'

export interface MemberElement {
  id: number
  name: string
  type: ElementType
  required: boolean
  unique: boolean
  system: boolean
  /** For system timestamp elements: which system field they show. */
  systemField?: SystemTimestampField
  config: ElementConfig
}

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
