import type { OperationName } from '@krs-kit/contract/operation-names'
import { requestValidators } from '@krs-kit/contract/request-validators'
import { responseValidators } from '@krs-kit/contract/response-validators'
import { type AjvInstance, createAjv, type ErrorObject, type ValidateFunction } from '../lib/lazy-ajv.js'
import { describeAjvError } from './ajv.js'
import { type Message, renderMessage } from './messages.js'
import { pickReportedError } from './request-error.js'
import { requestErrorMessage } from './request-message.js'

export interface ValidationFailure {
  /** 'required' answers KR_API_F0006, anything else KR_API_F0004. */
  missing: boolean
  message: string
  /** The same detail, catalogued: rendered in the language the request asks for. */
  detail: Message
}

/**
 * Request and answer validators: compiled ahead of time by the generator (one module per
 * operation), loaded on the first request (or answer checked) of their operation. The
 * every-error request validators are compiled at run time, when a request of that operation
 * fails inside a `oneOf`/`anyOf`, and kept for the life of the process: the schemas are the
 * contract, identical for every engine and tenant. Their schemas come with the full registry
 * (generated/operations.ts), imported only then: most of its size is schemas and texts that
 * an answer does not need.
 */
type Registry = typeof import('@krs-kit/contract/operations')['operations']
let registry: Registry | null = null
let registryLoading: Promise<Registry> | null = null

/** Imports the contract's schemas (once). */
function loadSchemas(): Promise<Registry> {
  registryLoading ??= import('@krs-kit/contract/operations').then((m) => (registry = m.operations))
  return registryLoading
}

/** Validators of one kind: those loaded, and those being loaded. */
interface Compiled {
  loaders: { readonly [K in OperationName]: () => Promise<{ default: unknown }> }
  loaded: Map<OperationName, ValidateFunction>
  loading: Map<OperationName, Promise<ValidateFunction>>
}
const requests: Compiled = { loaders: requestValidators, loaded: new Map(), loading: new Map() }
const responses: Compiled = { loaders: responseValidators, loaded: new Map(), loading: new Map() }
/** Every-error validators, compiled only when a request of that operation fails inside a `oneOf`/`anyOf`. */
let allErrorsAjv: AjvInstance | null = null
const allErrorsValidators = new Map<OperationName, ValidateFunction>()

/** The validator of `name`, or the promise of it while its module is first loaded. */
function validatorOf(kind: Compiled, name: OperationName): ValidateFunction | Promise<ValidateFunction> {
  const v = kind.loaded.get(name)
  if (v) return v
  let loading = kind.loading.get(name)
  if (!loading) {
    loading = kind.loaders[name]().then((m) => {
      const loaded = m.default as ValidateFunction
      kind.loaded.set(name, loaded)
      kind.loading.delete(name)
      return loaded
    })
    kind.loading.set(name, loading)
  }
  return loading
}

/** null when the answer validator of `name` is loaded, else the promise of its loading. */
export function loadResponseValidator(name: OperationName): Promise<unknown> | null {
  const v = validatorOf(responses, name)
  return v instanceof Promise ? v : null
}

/**
 * Whether `body` is a valid request of `name`: null, or why not. A promise only on the first
 * request of an operation, while its validator is loaded.
 */
export function validateRequest(
  name: OperationName,
  body: unknown,
): ValidationFailure | null | Promise<ValidationFailure | null> {
  const v = validatorOf(requests, name)
  return v instanceof Promise ? v.then((loaded) => verdict(loaded, name, body)) : verdict(v, name, body)
}

function verdict(
  v: ValidateFunction,
  name: OperationName,
  body: unknown,
): ValidationFailure | null | Promise<ValidationFailure | null> {
  if (v(body)) return null
  const e = v.errors![0]!
  if (
    e.schemaPath.includes('/oneOf/') ||
    e.schemaPath.includes('/anyOf/') ||
    e.keyword === 'oneOf' ||
    e.keyword === 'anyOf'
  ) {
    // the first error of the first alternative tried hides the real reason: look at all of them
    if (registry === null) return loadSchemas().then((r) => failure(everyErrorChoice(r, name, body) ?? e, body))
    return failure(everyErrorChoice(registry, name, body) ?? e, body)
  }
  return failure(e, body)
}

function failure(e: ErrorObject, body: unknown): ValidationFailure {
  const detail = requestErrorMessage(e, body)
  return { missing: e.keyword === 'required', message: renderMessage(detail, 'en'), detail }
}

/** The error of the alternative the body meant, from every error of every alternative (or null). */
function everyErrorChoice(r: Registry, name: OperationName, body: unknown): ErrorObject | null {
  let every = allErrorsValidators.get(name)
  if (!every) {
    allErrorsAjv ??= createAjv({ allErrors: true })
    every = allErrorsAjv.compile(r[name].requestSchema as object)
    allErrorsValidators.set(name, every)
  }
  every(body)
  return every.errors?.length ? pickReportedError(every.errors) : null
}

/** Why `body` is not an answer of `name` by the contract, or null. Needs loadResponseValidator(name) done. */
export function validateResponse(name: OperationName, body: unknown): string | null {
  const v = responses.loaded.get(name)
  if (!v) throw new Error(`validateResponse(${name}) before loadResponseValidator(${name}) finished`)
  if (v(body)) return null
  return describeAjvError(v.errors![0]!).text
}
