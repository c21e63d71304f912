import { isErrorCode } from '@krs-kit/contract/errors'
import { isOperationName } from '@krs-kit/contract/operation-names'
import type { Fault } from '../kernel/faults.js'
import { adminJson } from '../kernel/admin-response.js'
import { invalid } from '../kernel/domain-error.js'
import type { AdminRoutes } from '../kernel/admin-request.js'

function faultJson(f: Fault): Record<string, unknown> {
  return {
    id: f.id,
    operation: f.operation,
    remaining: f.remaining,
    error_code: f.errorCode,
    status: f.status,
    delay_ms: f.delayMs,
  }
}

/**
 * `POST /__mock/faults` `{ operation, error_code?, status?, delay_ms?, count? }` adds a fault
 * for the next `count` (default 1) calls of `operation` (`"*"` = any); `{ "clear": true }`
 * removes them all. Answers `{ faults: [...] }` (the caller tenant's active faults).
 */
export const faultsRoutes: AdminRoutes = {
  GET: (r) => adminJson(200, { faults: r.tenant.faults.list().map(faultJson) }),
  POST: (r) => {
    const body = r.body('mock_add_fault')
    if ('clear' in body) {
      r.tenant.faults.clear()
      return adminJson(200, { faults: [] })
    }
    // what the schema leaves to the emulator: the names and codes of the contract, and that a
    // fault does something
    const { operation } = body
    if (operation !== '*' && !isOperationName(operation)) {
      throw invalid('/operation must be an API name of the contract or "*"')
    }
    let errorCode: Fault['errorCode'] = null
    if (body.error_code !== undefined) {
      if (!isErrorCode(body.error_code)) throw invalid('/error_code must be a code of the error catalogue')
      errorCode = body.error_code
    }
    const status = body.status ?? null
    const delayMs = body.delay_ms ?? 0
    const count = body.count ?? 1
    if (errorCode === null && status === null && delayMs === 0) {
      throw invalid('a fault needs error_code, status or delay_ms')
    }
    r.tenant.faults.add({ operation, remaining: count, errorCode, status, delayMs })
    return adminJson(200, { faults: r.tenant.faults.list().map(faultJson) })
  },
}
