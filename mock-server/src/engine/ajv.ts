import Ajv2020Module from 'ajv/dist/2020.js'
import addFormatsModule from 'ajv-formats'
import type { ErrorObject, ValidateFunction } from 'ajv'

// ajv and ajv-formats are CommonJS: under ESM the class may sit on `.default`.
type AjvCtor = typeof Ajv2020Module.default
const Ajv2020: AjvCtor =
  (Ajv2020Module as unknown as { default?: AjvCtor }).default ?? (Ajv2020Module as unknown as AjvCtor)
type AddFormats = typeof addFormatsModule.default
const addFormats: AddFormats =
  (addFormatsModule as unknown as { default?: AddFormats }).default ?? (addFormatsModule as unknown as AddFormats)

export type { ErrorObject, ValidateFunction }

/**
 * One Ajv instance for JSON Schema 2020-12: first error only (allErrors off), unknown
 * keywords tolerated (`strict: false`: the contract carries `example`, `x-` keys).
 */
export function createAjv(opts: { allErrors?: boolean } = {}): InstanceType<AjvCtor> {
  const ajv = new Ajv2020({ allErrors: opts.allErrors ?? false, strict: false, validateFormats: true })
  addFormats(ajv)
  return ajv
}

/** `"/member_table_id must be integer (type)"`: the JSON pointer, then the rule. */
export function describeAjvError(e: ErrorObject): { pointer: string; text: string } {
  const params = e.params as Record<string, unknown>
  if (e.keyword === 'required') {
    const pointer = `${e.instancePath}/${String(params.missingProperty)}`
    return { pointer, text: `${pointer} is required (required)` }
  }
  if (e.keyword === 'additionalProperties') {
    const pointer = `${e.instancePath}/${String(params.additionalProperty)}`
    return { pointer, text: `${pointer} is not an allowed key (additionalProperties)` }
  }
  const pointer = e.instancePath === '' ? '/' : e.instancePath
  return { pointer, text: `${pointer} ${e.message ?? 'is invalid'} (${e.keyword})` }
}
