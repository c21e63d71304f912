import type { AdminOperationName } from '@krs-kit/contract/admin-client'
import { createAjv, type ValidateFunction } from '@krs-kit/contract/ajv'
import { addFaultBody, createTenantBody, resetBody, setClockBody } from '@krs-kit/contract/admin-requests'

/**
 * The admin bodies this server sends, each checked against its schema in the admin contract
 * (spec/admin.openapi.yaml, as the named constants of admin-requests.ts: the bundle carries
 * only these) before it is sent. An operation with a body that is not listed is refused, so a
 * new tool cannot send an unchecked body.
 */
const bodySchemas: Partial<Record<AdminOperationName, object>> = {
  mock_reset: resetBody,
  mock_create_tenant: createTenantBody,
  mock_set_clock: setClockBody,
  mock_add_fault: addFaultBody,
}

const ajv = createAjv({ allErrors: true })
const validators = new Map<AdminOperationName, ValidateFunction>()

/** Why `body` is not a valid body of `name` by the admin contract, or undefined when it is. */
export function adminBodyProblem(name: AdminOperationName, body: unknown): string | undefined {
  let v = validators.get(name)
  if (!v) {
    const schema = bodySchemas[name]
    if (!schema) return `${name}: this server has no admin contract schema for its body`
    v = ajv.compile(schema)
    validators.set(name, v)
  }
  if (v(body)) return undefined
  return `${name}: the body breaks the admin contract, nothing was sent: ${ajv.errorsText(v.errors, { dataVar: 'body' })}`
}
