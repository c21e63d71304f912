import Ajv2020Module from 'ajv/dist/2020.js'
import addFormatsModule from 'ajv-formats'
import type { ErrorObject } from 'ajv'
import { UsageError } from '../exit-codes.js'
import { t } from '../i18n/lang.js'
import { kebab } from './flag-spec.js'

// ajv and ajv-formats are CommonJS: under ESM the class may sit on `.default`.
type AjvCtor = typeof Ajv2020Module.default
const Ajv2020: AjvCtor =
  (Ajv2020Module as unknown as { default?: AjvCtor }).default ?? (Ajv2020Module as unknown as AjvCtor)
type AddFormats = typeof addFormatsModule.default
const addFormats: AddFormats =
  (addFormatsModule as unknown as { default?: AddFormats }).default ?? (addFormatsModule as unknown as AddFormats)

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
  const ajv = new Ajv2020({ allErrors: false, strict: false, validateFormats: true })
  addFormats(ajv)
  const validate = ajv.compile(schema as object)
  if (validate(body)) return
  const first = validate.errors?.[0]
  throw new UsageError(first ? describe(first) : t('val.mismatch'))
}
