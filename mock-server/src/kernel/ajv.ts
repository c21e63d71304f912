import type { ErrorObject } from '@krs-kit/contract/ajv'

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
