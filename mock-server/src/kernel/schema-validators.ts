import { operations } from '../generated/operations.js'
import type { OperationName } from '../generated/operation-names.js'
import { type AjvInstance, createAjv, type ValidateFunction } from '../generated/ajv.js'
import { describeAjvError } from './ajv.js'
import { givenValueSuffix, pickReportedError } from './request-error.js'

export interface ValidationFailure {
  /** 'required' answers KR_API_F0006, anything else KR_API_F0004. */
  missing: boolean
  message: string
}

/**
 * Request and response validators of every operation, compiled once on first use (so the
 * server starts fast) and kept for the life of the process: the schemas are the contract,
 * identical for every engine and tenant.
 */
let ajv: AjvInstance | null = null
const requestValidators = new Map<OperationName, ValidateFunction>()
const responseValidators = new Map<OperationName, ValidateFunction>()
/** Every-error validators, compiled only when a request of that operation fails inside a `oneOf`/`anyOf`. */
let allErrorsAjv: AjvInstance | null = null
const allErrorsValidators = new Map<OperationName, ValidateFunction>()

function compiled(
  cache: Map<OperationName, ValidateFunction>,
  name: OperationName,
  which: 'requestSchema' | 'responseSchema',
): ValidateFunction {
  let v = cache.get(name)
  if (!v) {
    // the Ajv instance itself (its meta-schemas) is built on the first call too
    ajv ??= createAjv()
    v = ajv.compile(operations[name][which] as object)
    cache.set(name, v)
  }
  return v
}

export function validateRequest(name: OperationName, body: unknown): ValidationFailure | null {
  const v = compiled(requestValidators, name, 'requestSchema')
  if (v(body)) return null
  let e = v.errors![0]!
  if (
    e.schemaPath.includes('/oneOf/') ||
    e.schemaPath.includes('/anyOf/') ||
    e.keyword === 'oneOf' ||
    e.keyword === 'anyOf'
  ) {
    // the first error of the first alternative tried hides the real reason: look at all of them
    let every = allErrorsValidators.get(name)
    if (!every) {
      allErrorsAjv ??= createAjv({ allErrors: true })
      every = allErrorsAjv.compile(operations[name].requestSchema as object)
      allErrorsValidators.set(name, every)
    }
    every(body)
    if (every.errors?.length) e = pickReportedError(every.errors)
  }
  return { missing: e.keyword === 'required', message: describeAjvError(e).text + givenValueSuffix(e, body) }
}

export function validateResponse(name: OperationName, body: unknown): string | null {
  const v = compiled(responseValidators, name, 'responseSchema')
  if (v(body)) return null
  return describeAjvError(v.errors![0]!).text
}
