import { createAjv, type ValidateFunction } from '@krs-kit/contract/ajv'
import { errorCatalogue, isErrorCode } from '@krs-kit/contract/errors'
import { type OperationName, operationNames } from '@krs-kit/contract/operation-names'
import { type OperationInfo, operations } from '@krs-kit/contract/operations'

export { errorCatalogue, operationNames, operations }
export type { OperationInfo, OperationName }

// Our own Ajv instance (the repository's one setup, not the emulator's compiled validators):
// the cross tests check the emulator from outside.
const ajv = createAjv({ allErrors: true })

const responseValidators = new Map<OperationName, ValidateFunction>()
const requestValidators = new Map<OperationName, ValidateFunction>()

function compiled(cache: Map<OperationName, ValidateFunction>, name: OperationName, schema: unknown): ValidateFunction {
  let v = cache.get(name)
  if (!v) {
    v = ajv.compile(schema as object)
    cache.set(name, v)
  }
  return v
}

/** The contract's answer to "is this body a valid request of `name`?". */
export function requestIsValid(name: OperationName, body: unknown): boolean {
  return compiled(requestValidators, name, operations[name].requestSchema)(body) === true
}

const errorBodyValidator = ajv.compile({
  type: 'object',
  required: ['error_code', 'error_desc'],
  additionalProperties: false,
  properties: {
    error_code: { type: 'string' },
    error_desc: { type: 'string' },
    message: { type: 'string' },
    request_id: { type: 'string' },
  },
})

export interface Answer {
  status: number
  contentType: string | null
  text: string
}

/**
 * Checks one emulator answer of operation `name` against the contract and returns the
 * problems (empty = conforming):
 * - 200: the body matches the operation's response schema (JSON, or text for CSV downloads);
 * - otherwise: `{error_code, error_desc, message?}` with a catalogue code, the catalogue's
 *   `error_desc` and its mapped status, and the code is one the operation may answer.
 */
export function contractProblems(name: OperationName, a: Answer): string[] {
  const info = operations[name]
  if (a.status === 200) {
    if (info.responseType === 'text') {
      return typeof a.text === 'string' ? [] : ['text body expected']
    }
    let body: unknown
    try {
      body = JSON.parse(a.text)
    } catch {
      return [`200 body is not JSON: ${a.text.slice(0, 200)}`]
    }
    const v = compiled(responseValidators, name, info.responseSchema)
    if (v(body)) return []
    return (v.errors ?? [])
      .slice(0, 5)
      .map((e) => `response ${e.instancePath || '/'} ${e.message ?? ''} ${JSON.stringify(e.params)}`)
  }
  return errorProblems(a, info.errors)
}

/** Problems of an error answer: catalogue code, name, mapped status, allowed for the operation. */
export function errorProblems(a: Answer, allowed?: readonly string[]): string[] {
  let body: unknown
  try {
    body = JSON.parse(a.text)
  } catch {
    return [`${a.status} body is not JSON: ${a.text.slice(0, 200)}`]
  }
  const problems: string[] = []
  if (!errorBodyValidator(body))
    problems.push(`error body shape: ${ajv.errorsText(errorBodyValidator.errors)} in ${a.text.slice(0, 200)}`)
  const code = (body as { error_code?: unknown }).error_code
  if (typeof code !== 'string' || !isErrorCode(code)) return [...problems, `unknown error code ${String(code)}`]
  const entry = errorCatalogue[code]
  if (entry.status !== a.status)
    problems.push(`${code} answered with ${a.status}, the catalogue maps it to ${entry.status}`)
  if ((body as { error_desc?: unknown }).error_desc !== entry.name)
    problems.push(
      `${code} error_desc ${JSON.stringify((body as { error_desc?: unknown }).error_desc)} ≠ ${JSON.stringify(entry.name)}`,
    )
  if (allowed && !allowed.includes(code)) problems.push(`${code} is not among the operation's errors`)
  return problems
}

/** The error code of an error answer, or null. */
export function errorCodeOf(text: string): string | null {
  try {
    const b = JSON.parse(text) as { error_code?: unknown }
    return typeof b.error_code === 'string' ? b.error_code : null
  } catch {
    return null
  }
}

/** Problems of a decoded success value of `name` against its response schema. */
export function responseValueProblems(name: OperationName, value: unknown): string[] {
  const info = operations[name]
  if (info.responseType === 'text')
    return typeof value === 'string' ? [] : [`a text answer expected, got ${typeof value}`]
  const v = compiled(responseValidators, name, info.responseSchema)
  if (v(value)) return []
  return (v.errors ?? [])
    .slice(0, 5)
    .map((e) => `response ${e.instancePath || '/'} ${e.message ?? ''} ${JSON.stringify(e.params)}`)
}
