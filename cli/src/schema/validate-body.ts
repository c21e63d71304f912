import type { ErrorObject } from '@krs-kit/contract/ajv'
import { UsageError } from '../exit-codes.js'
import { t } from '../i18n/lang.js'
import { kebab } from './flag-spec.js'

function describe(e: ErrorObject): string {
  const params = e.params as Record<string, unknown>
  const segments = e.instancePath.split('/').slice(1)
  if (e.keyword === 'required') segments.push(String(params.missingProperty))
  if (e.keyword === 'additionalProperties') segments.push(String(params.additionalProperty))
  const [top, ...rest] = segments
  const where = top === undefined ? t('val.body') : `--${kebab(top)}${rest.length ? ` (/${rest.join('/')})` : ''}`
  switch (e.keyword) {
    case 'required':
      return t('val.required', { where })
    case 'additionalProperties':
      return rest.length ? t('val.notAllowed', { where }) : t('val.unknownKey', { where, key: String(top) })
    case 'enum':
      return t('val.oneOf', {
        where,
        values: (params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', '),
      })
    case 'minimum':
    case 'maximum':
    case 'exclusiveMinimum':
    case 'exclusiveMaximum':
      return `${where} ${e.message ?? 'is out of range'}`
    default:
      return `${where} ${e.message ?? 'is invalid'}`
  }
}

/** Keys that annotate a schema without constraining its values. */
const ANNOTATIONS = new Set([
  'type',
  'properties',
  'additionalProperties',
  'description',
  'title',
  'examples',
  'example',
])

/**
 * The schema of an operation without arguments (`get_version`): an object with no properties
 * and nothing more allowed, so `{}` is its only valid body. Anything else it says sends the
 * body to Ajv.
 */
function takesNoArguments(schema: unknown): boolean {
  if (typeof schema !== 'object' || schema === null) return false
  const s = schema as Record<string, unknown>
  return (
    s.type === 'object' &&
    s.additionalProperties === false &&
    (s.properties === undefined ||
      (typeof s.properties === 'object' && s.properties !== null && Object.keys(s.properties).length === 0)) &&
    Object.keys(s).every((k) => ANNOTATIONS.has(k) || k.startsWith('x-'))
  )
}

/**
 * Checks a request body against the operation's schema; the error names the flag (exit 2).
 * Ajv is loaded (and the schema compiled) only when there is something to check: loading it
 * and compiling a first schema costs a command more than the rest of its start.
 */
export async function validateBody(schema: unknown, body: unknown): Promise<void> {
  if (
    takesNoArguments(schema) &&
    typeof body === 'object' &&
    body !== null &&
    !Array.isArray(body) &&
    Object.keys(body).length === 0
  )
    return
  const { createAjv } = await import('@krs-kit/contract/ajv')
  const validate = createAjv().compile(schema as object)
  if (validate(body)) return
  const first = validate.errors?.[0]
  throw new UsageError(first ? describe(first) : t('val.mismatch'))
}
