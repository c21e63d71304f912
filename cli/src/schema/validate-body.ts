import { createAjv, type ErrorObject } from '../generated/ajv.js'
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

/** Checks a request body against the operation's schema; the error names the flag (exit 2). */
export function validateBody(schema: unknown, body: unknown): void {
  const validate = createAjv().compile(schema as object)
  if (validate(body)) return
  const first = validate.errors?.[0]
  throw new UsageError(first ? describe(first) : t('val.mismatch'))
}
