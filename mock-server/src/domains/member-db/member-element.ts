import type {
  ElementConfig as ContractElementConfig,
  ElementType as ContractElementType,
} from '@krs-kit/contract/contract-types'
import type { SystemTimestampColumn } from './system-columns.js'

/** Element (field) types of a member table (seed 1, point 3). */
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
export type SystemTimestampField = SystemTimestampColumn

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
