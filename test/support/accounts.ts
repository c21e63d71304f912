import type { OperationInfo } from './contract.js'

/**
 * The default tokens and what their accounts may do, as the emulator's README and the
 * public documentation's rights table describe them (written down here on purpose, not read from the
 * emulator: the rights matrix checks the emulator against this).
 */
export interface AccountModel {
  level: 'all' | 'work' | 'operation' | 'reference' | 'none'
  memberDataSearch: boolean
  options: { mail: boolean; forms: boolean; posted_images: boolean }
  /** The member tables the account may access. */
  tables: 'all' | number[]
}

const every = { mail: true, forms: true, posted_images: true }

export const defaultTokens: Record<string, AccountModel> = {
  'krs-all': { level: 'all', memberDataSearch: true, options: every, tables: 'all' },
  'krs-work': { level: 'work', memberDataSearch: false, options: every, tables: 'all' },
  'krs-operation': { level: 'operation', memberDataSearch: false, options: every, tables: 'all' },
  'krs-reference': { level: 'reference', memberDataSearch: false, options: every, tables: 'all' },
  'krs-search': { level: 'none', memberDataSearch: true, options: every, tables: 'all' },
  'krs-noencrypt': { level: 'all', memberDataSearch: true, options: every, tables: 'all' },
  'krs-nomail': { level: 'all', memberDataSearch: true, options: { ...every, mail: false }, tables: 'all' },
  'krs-table1': { level: 'all', memberDataSearch: true, options: every, tables: [1] },
}

/** The oneshot-condition searches: a missing right is "No Has OneshotCondition Privilege". */
const oneshotSearches = new Set(['get_members_num_by_oneshot_condition', 'get_member_infos_by_oneshot_condition'])
/** The calls that use saved extraction conditions: a missing right is "No Has Condition Privilege". */
const conditionCalls = new Set([
  'add_condition',
  'delete_condition',
  'get_conditions',
  'get_member_infos_by_condition',
  'get_members_num_by_condition',
])

export type RefusalCode = 'KR_API_F0014' | 'KR_API_F0019' | 'KR_API_F0020' | 'KR_API_F0008'

/**
 * The refusal the contract prescribes for `account` calling `op` on member table `table`
 * (null when the request reaches no table the model knows): when none of the operation's
 * rights (x-krs-rights) is the account's level (member_data_search counts for an account with
 * that permission), KR_API_F0020 for the oneshot-condition searches, KR_API_F0019 for the
 * calls on saved conditions, KR_API_F0014 for the rest; else KR_API_F0008 when its option
 * (x-krs-option) is off; else KR_API_F0014 when the account may not access the table (as
 * add_member answers an account limited to other tables, every door of a table alike).
 */
export function expectedRefusal(
  op: OperationInfo,
  account: AccountModel,
  table: number | null = null,
): RefusalCode | null {
  if (op.rights.length > 0) {
    const ok = op.rights.some((r) => r === account.level || (r === 'member_data_search' && account.memberDataSearch))
    if (!ok)
      return oneshotSearches.has(op.name)
        ? 'KR_API_F0020'
        : conditionCalls.has(op.name)
          ? 'KR_API_F0019'
          : 'KR_API_F0014'
  }
  if (op.option !== null && !account.options[op.option]) return 'KR_API_F0008'
  if (table !== null && account.tables !== 'all' && !account.tables.includes(table)) return 'KR_API_F0014'
  return null
}
