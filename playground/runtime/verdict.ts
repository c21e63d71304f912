import type { OperationName } from '@krs-kit/contract/operation-names'
import { operations } from '@krs-kit/contract/operations'
import { answerDifferences } from '@krs-kit/contract/answer-check'
import type { Difference } from '@krs-kit/contract/compare'
import type { VerdictRequest } from './protocol.js'
import { validatorFor } from './validate-body.js'

/**
 * The drift check of `krs verify` on one answer of a local krs-mock or the real service: the
 * 200 body against the contract's response schema, an error's code against the operation's.
 */
export function verdict(a: VerdictRequest): Difference[] {
  const info = Object.hasOwn(operations, a.operation) ? operations[a.operation as OperationName] : undefined
  if (!info) return []
  let body: unknown = a.text
  if (info.responseType === 'json' || a.status !== 200) {
    try {
      body = JSON.parse(a.text)
    } catch {
      // not JSON: checked as the text it is (the schema says what was expected)
    }
  }
  const errorCode =
    typeof body === 'object' && body !== null && typeof (body as { error_code?: unknown }).error_code === 'string'
      ? (body as { error_code: string }).error_code
      : null
  const schema = info.responseSchema
  const validate = typeof schema === 'boolean' ? Object.assign(() => schema, { errors: null }) : validatorFor(schema)
  return answerDifferences(a.operation, { status: a.status, body, errorCode }, info.errors, validate)
}
