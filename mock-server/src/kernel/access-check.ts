import type { ErrorCode } from '@krs-kit/contract/errors'
import type { OperationRules } from '@krs-kit/contract/operation-rules'
import type { Account } from './account.js'
import { type Message, msg } from './messages.js'

export interface AccessRefusal {
  code: ErrorCode
  message: Message
}

/**
 * Rights and options from the contract's `x-krs-rights` / `x-krs-option`:
 * - rights: the account's level must be one of the listed rights, or the list names
 *   `member_data_search` and the account has that permission; `[]` = the token is enough.
 *   Otherwise the operation's own privilege code when its `x-krs-errors` lists one:
 *   KR_API_F0020 (oneshot-condition search) before KR_API_F0019 (conditions), else
 *   KR_API_F0014;
 * - option: the account must have the option enabled (KR_API_F0008 otherwise).
 */
export function checkAccess(info: OperationRules, account: Account): AccessRefusal | null {
  const rights = info.rights
  if (rights.length > 0) {
    let ok = false
    for (const r of rights) {
      if (r === account.level || (r === 'member_data_search' && account.memberDataSearch)) {
        ok = true
        break
      }
    }
    if (!ok) {
      return { code: privilegeCode(info), message: msg('access_rights', { rights: rights.join(', ') }) }
    }
  }
  if (info.option !== null && !account.options[info.option]) {
    return { code: 'KR_API_F0008', message: msg('access_option', { option: info.option }) }
  }
  return null
}

/** The code a refused right answers: the operation's specific privilege code, if it has one. */
function privilegeCode(info: OperationRules): ErrorCode {
  if (info.errors.includes('KR_API_F0020')) return 'KR_API_F0020'
  if (info.errors.includes('KR_API_F0019')) return 'KR_API_F0019'
  return 'KR_API_F0014'
}
