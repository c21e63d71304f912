import type { ErrorObject } from '../lib/lazy-ajv.js'
import { describeAjvError } from './ajv.js'
import { type Message, type MessageParam, msg } from './messages.js'
import { givenValueSuffix, valueAt } from './request-error.js'

/**
 * The detail of a request refused by its schema as a catalogued message: in English the same
 * text as `describeAjvError(e).text + givenValueSuffix(e, body)`, in Japanese the same facts.
 */
export function requestErrorMessage(e: ErrorObject, body: unknown): Message {
  const { pointer } = describeAjvError(e)
  if (e.keyword === 'required') return msg('body_key_required', { pointer })
  if (e.keyword === 'additionalProperties') return msg('body_key_unknown', { pointer })
  return msg('body_value_invalid', { pointer, rule: ruleOf(e), keyword: e.keyword, given: givenOf(e, body) })
}

function ruleOf(e: ErrorObject): MessageParam {
  const p = e.params as Record<string, unknown>
  switch (e.keyword) {
    case 'type':
      return msg('rule_type', { type: String(p.type) })
    case 'minimum':
    case 'maximum':
    case 'exclusiveMinimum':
    case 'exclusiveMaximum':
      return msg('rule_compare', { comparison: String(p.comparison), limit: String(p.limit) })
    case 'minLength':
      return msg('rule_min_length', { limit: String(p.limit) })
    case 'maxLength':
      return msg('rule_max_length', { limit: String(p.limit) })
    case 'minItems':
      return msg('rule_min_items', { limit: String(p.limit) })
    case 'maxItems':
      return msg('rule_max_items', { limit: String(p.limit) })
    case 'pattern':
      return msg('rule_pattern', { pattern: String(p.pattern) })
    case 'format':
      return msg('rule_format', { format: String(p.format) })
    case 'enum':
      return msg('rule_enum')
    case 'const':
      return msg('rule_const')
    case 'multipleOf':
      return msg('rule_multiple_of', { multiple_of: String(p.multipleOf) })
    case 'not':
      return msg('rule_not')
    case 'uniqueItems':
      return msg('rule_unique_items', { i: String(p.i), j: String(p.j) })
    case 'oneOf':
      return msg('rule_one_of')
    case 'anyOf':
      return msg('rule_any_of')
  }
  // a keyword the contract does not use today: ajv's own English text
  return e.message ?? msg('rule_invalid')
}

function givenOf(e: ErrorObject, body: unknown): MessageParam {
  const suffix = givenValueSuffix(e, body)
  if (suffix === '') return ''
  const value = valueAt(body, e.instancePath)
  if (Array.isArray(value)) return msg('given_array', { count: value.length })
  if (value !== null && typeof value === 'object') return msg('given_object')
  return msg('given_value', { value: suffix.slice('; got '.length) })
}
