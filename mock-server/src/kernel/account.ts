import type { Right } from '@krs-kit/contract/operations'

/** Permission levels of an account (the public documentation's rights table). */
export const PERMISSION_LEVELS = ['all', 'work', 'operation', 'reference', 'none'] as const
/** Permission level of an account: a right of the contract's operations, or none. */
export type PermissionLevel = (typeof PERMISSION_LEVELS)[number]
/** Compiles only while every right of a level in the contract is a level here. */
const everyContractLevelListed: Exclude<Exclude<Right, 'member_data_search'>, PermissionLevel> extends never
  ? true
  : never = true
void everyContractLevelListed

/** Account options that gate groups of operations. */
export interface AccountOptions {
  mail: boolean
  forms: boolean
  posted_images: boolean
}

/** An account of the emulated environment; API tokens act with its rights. */
export interface Account {
  id: number
  login: string
  name: string
  level: PermissionLevel
  /** Separate member-data-search permission (oneshot conditions). */
  memberDataSearch: boolean
  /** Permission to use the encryption key of encrypted text items. */
  encryptedKey: boolean
  /** Right to download batch result files (KR_API_F0307 without it). */
  resultDownload: boolean
  /** Access to the posted image management menu. */
  postedImageMenu: boolean
  options: AccountOptions
  /** Member table ids this account may access, or 'all'. */
  tables: number[] | 'all'
}

export interface ApiToken {
  /** The bearer token value. */
  token: string
  /** Human name, e.g. "krs-all". */
  name: string
  accountId: number
}
