import { type AdminBodyOperation, type AdminRequestBody, adminRequests } from '@krs-kit/contract/admin-requests'
import { type AjvInstance, createAjv, type ErrorObject, type ValidateFunction } from '../lib/lazy-ajv.js'
import { nonFinitePath } from '../lib/non-finite.js'
import { describeAjvError } from './ajv.js'
import { invalid } from './domain-error.js'
import { errorsOfChosenBranches, givenValueSuffix } from './request-error.js'

/**
 * Validators of the admin request bodies, compiled from the schemas the generator reads out
 * of spec/admin.openapi.yaml (`generated/admin-requests.ts`), each on its first use.
 * Every error is collected (`allErrors`) so that a body refused by a `oneOf` (a mail event,
 * a fault) is reported through the alternative it meant (`pickReportedError`).
 */
let ajv: AjvInstance | null = null
const validators = new Map<AdminBodyOperation, ValidateFunction>()

function validatorOf(name: AdminBodyOperation): ValidateFunction {
  let v = validators.get(name)
  if (!v) {
    ajv ??= createAjv({ allErrors: true })
    v = ajv.compile(adminRequests[name].schema as object)
    validators.set(name, v)
  }
  return v
}

/**
 * A reported `required` error inside an `anyOf` whose alternatives only ask for keys (`url`
 * or `clickcount_id`) reads better as one sentence naming every choice than as the first one.
 */
function missingOneOf(errors: readonly ErrorObject[], reported: ErrorObject): string | null {
  if (reported.keyword !== 'required') return null
  for (const composite of errors) {
    const prefix = `${composite.schemaPath}/`
    if (composite.keyword !== 'anyOf' || !reported.schemaPath.startsWith(prefix)) continue
    const inside = errors.filter((e) => e.schemaPath.startsWith(prefix))
    if (inside.some((e) => e.keyword !== 'required')) return null
    const byBranch = new Map<string, string[]>()
    for (const e of inside) {
      const branch = e.schemaPath.slice(prefix.length).split('/')[0]!
      const key = `${e.instancePath}/${String((e.params as { missingProperty: unknown }).missingProperty)}`
      byBranch.set(branch, [...(byBranch.get(branch) ?? []), key])
    }
    return `${[...byBranch.values()].map((keys) => keys.join(' and ')).join(' or ')} is required (anyOf)`
  }
  return null
}

/**
 * The message of a refused body: the JSON pointer of the problem, the rule, the value given.
 * Inside a `oneOf`/`anyOf` the alternative the body meant decides (`errorsOfChosenBranches`);
 * then a value given wrong is reported before a key left out (a document of another kind
 * lacks many keys; the wrong value is what its sender wrote).
 */
export function describeAdminBodyErrors(errors: readonly ErrorObject[], body: unknown): string {
  const remaining = errorsOfChosenBranches(errors)
  const e = remaining.find((x) => x.keyword !== 'required') ?? remaining[0] ?? errors[0]!
  return missingOneOf(errors, e) ?? describeAjvError(e).text + givenValueSuffix(e, body)
}

/** An exponent of three digits or 309 digits in a row: what a number needs to overflow to Infinity. */
const MAYBE_HUGE = /[eE]\+?\d{3}|\d{309}/

/**
 * Parses an admin request's JSON text: an empty body is `{}`. A number too large for a double
 * (`1e400`) is refused: JSON.parse reads it as Infinity, which JSON Schema's `integer` and
 * `number` let through and which a saved state would write as null.
 */
export function parseAdminJson(text: string): unknown {
  if (text.trim() === '') return {}
  let json: unknown
  try {
    json = JSON.parse(text) as unknown
  } catch (e) {
    throw invalid(`the body is not valid JSON: ${(e as Error).message}`)
  }
  const path = MAYBE_HUGE.test(text) ? nonFinitePath(json) : null
  if (path !== null) {
    const pointer = path.map((k) => `/${k.replace(/~/g, '~0').replace(/\//g, '~1')}`).join('') || '/'
    throw invalid(`${pointer} must be a finite number (it is too large for a double)`)
  }
  return json
}

/**
 * The body of admin operation `name`, checked against its schema: a body that does not match
 * is refused as `invalid` (400) with `slug` (default `bad_request`) and a message naming the
 * key, e.g. `/advance_seconds must be <= 315576000 (maximum); got 999999999999`.
 */
export function validateAdminBody<K extends AdminBodyOperation>(
  name: K,
  body: unknown,
  slug?: string,
  prefix = '',
): AdminRequestBody<K> {
  const validate = validatorOf(name)
  if (validate(body)) return body as AdminRequestBody<K>
  throw invalid(prefix + describeAdminBodyErrors(validate.errors ?? [], body), slug)
}
