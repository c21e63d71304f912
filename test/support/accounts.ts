import type { OperationInfo } from './contract.js'

/**
 * The default tokens and what their accounts may do, as the emulator's README and the
 * seeds' rights table describe them (written down here on purpose, not read from the
 * emulator: the rights matrix checks the emulator against this).
 */
export interface AccountModel {
  level: 'all' | 'work' | 'operation' | 'reference' | 'none'
  memberDataSearch: boolean
  options: { mail: boolean; forms: boolean; posted_images: boolean }
}

const every = { mail: true, forms: true, posted_images: true }

export const defaultTokens: Record<string, AccountModel> = {
  'krs-all': { level: 'all', memberDataSearch: true, options: every },
  'krs-work': { level: 'work', memberDataSearch: false, options: every },
  'krs-operation': { level: 'operation', memberDataSearch: false, options: every },
  'krs-reference': { level: 'reference', memberDataSearch: false, options: every },
  'krs-search': { level: 'none', memberDataSearch: true, options: every },
  'krs-noencrypt': { level: 'all', memberDataSearch: true, options: every },
  'krs-nomail': { level: 'all', memberDataSearch: true, options: { ...every, mail: false } },
}

/**
 * The refusal the contract prescribes for `account` calling `op`: KR_API_F0014 when none of
 * the operation's rights (x-krs-rights) is the account's level (member_data_search counts for
 * an account with that permission), else KR_API_F0008 when its option (x-krs-option) is off.
 */
export function expectedRefusal(op: OperationInfo, account: AccountModel): 'KR_API_F0014' | 'KR_API_F0008' | null {
  if (op.rights.length > 0) {
    const ok = op.rights.some((r) => r === account.level || (r === 'member_data_search' && account.memberDataSearch))
    if (!ok) return 'KR_API_F0014'
  }
  if (op.option !== null && !account.options[op.option]) return 'KR_API_F0008'
  return null
}
