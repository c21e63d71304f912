import { KrsError } from '../../../kernel/krs-error.js'
import { type Message, msg } from '../../../kernel/messages.js'

/** A compiled clause: does the row match? */
export type RowPredicate = (row: number) => boolean

/** Comparison kinds of condition clauses. */
export const K = {
  NONE: 1,
  EQUAL: 2,
  PREFIX: 3,
  SUFFIX: 4,
  CONTAINS: 5,
  NOT_EQUAL: 6,
  NOT_PREFIX: 7,
  NOT_SUFFIX: 8,
  NOT_CONTAINS: 9,
  EMPTY: 10,
  TRUE: 11,
  FALSE: 12,
  CONTAINS_ANY: 13,
  NOT_CONTAINED: 14,
  EQUAL_COUNT: 15,
  EQUAL_CARRIER: 16,
  EQUAL_ERROR_COUNT: 17,
  EQUAL_UPLOAD_TIME: 19,
  NOT_EMPTY: 20,
  WITHIN_MONTHS: 26,
  WITHIN_DAYS: 29,
} as const

/** What a clause compiler gets: the key, the kind, the additional info, and helpers. */
export interface ClauseInput {
  key: string
  /** Human name for messages (element name or system key). */
  label: string
  kind: number
  extra: Record<string, unknown>
  /** Engine time, unix seconds (run date for kinds 26 and 29). */
  now: number
}

export function invalid(c: ClauseInput, rule: Message): never {
  throw new KrsError('KR_API_F0004', msg('condition_clause_invalid', { key: c.key, rule }))
}

export function kindNotAllowed(c: ClauseInput, family: Message): never {
  invalid(c, msg('clause_kind_not_allowed', { kind: c.kind, family, label: c.label }))
}

export function needString(c: ClauseInput, field: string): string {
  const v = c.extra[field]
  if (typeof v === 'number') return String(v) // ConditionValue allows integers
  if (typeof v !== 'string') invalid(c, msg('clause_needs_string', { field }))
  return v
}

/** A non-empty array of strings (integers are taken as their text). */
export function needStringArray(c: ClauseInput, field: string): string[] {
  const v = c.extra[field]
  if (!Array.isArray(v) || v.length === 0 || v.some((x) => typeof x !== 'string' && typeof x !== 'number')) {
    invalid(c, msg('clause_needs_string_array', { field }))
  }
  return (v as (string | number)[]).map(String)
}

export function optNumber(c: ClauseInput, field: string): number | null {
  const v = c.extra[field]
  if (v === undefined || v === null || v === '') return null
  if (typeof v !== 'number' || !Number.isFinite(v)) invalid(c, msg('clause_field_number', { field }))
  return v
}

export function needIntArray(c: ClauseInput, field: string): number[] {
  const v = c.extra[field]
  if (!Array.isArray(v) || v.some((x) => typeof x !== 'number' || !Number.isInteger(x))) {
    invalid(c, msg('clause_needs_int_array', { field }))
  }
  return v as number[]
}

export function intRange(c: ClauseInput, startField: string, endField: string, limit: number): [number, number] {
  const a = optNumber(c, startField) ?? 0
  const b = optNumber(c, endField) ?? 0
  for (const [f, v] of [
    [startField, a],
    [endField, b],
  ] as const) {
    if (!Number.isInteger(v) || v < -limit || v > limit) invalid(c, msg('clause_int_range', { field: f, limit }))
  }
  if (a > b)
    invalid(c, msg('clause_range_reversed', { start_field: startField, start: a, end_field: endField, end: b }))
  return [a, b]
}

export const not =
  (p: RowPredicate): RowPredicate =>
  (r) =>
    !p(r)
