/**
 * The largest body a valid request of an operation can have, derived from its request schema
 * (the contract), so that a body over it is refused with 413 before it is parsed. The rules
 * (mock-server/README.md, "Body size"):
 * - a string with `maxLength` n: 2 + 12 n bytes (every code point written as an escaped
 *   surrogate pair `\uD83D\uDE00`, the longest way JSON can spell one); `enum`/`const`
 *   strings the same way; a string without `maxLength` (or a pattern-only one) is unbounded;
 * - a number: 32 bytes (the longest shortest-spelling of a double is 24; longer spellings of
 *   the same value, such as a run of trailing zeros, are not counted as valid);
 * - an array with `maxItems`, an object whose properties are all named (no
 *   `additionalProperties`, no `patternProperties`): the sum of their parts, each property
 *   once (a repeated key is not counted as valid); `oneOf`/`anyOf`: the largest branch,
 *   `allOf`: the smallest bounded one;
 * - whitespace: as many bytes again as the compact bound, plus WHITESPACE_ALLOWANCE.
 * The answer is null when the schema leaves the body unbounded (the door's 60 MB applies).
 */
export const WHITESPACE_ALLOWANCE = 64 * 1024
const NUMBER_BYTES = 32
const BYTES_PER_CODE_POINT = 12

type Schema = { [key: string]: unknown } | boolean

function stringBytes(s: string): number {
  return 2 + BYTES_PER_CODE_POINT * [...s].length
}

/** Bytes of a JSON value spelt with every string character escaped (for `const`/`enum`). */
function valueBytes(v: unknown): number {
  if (typeof v === 'string') return stringBytes(v)
  if (typeof v === 'number') return NUMBER_BYTES
  if (v === null) return 4
  if (typeof v === 'boolean') return 5
  if (Array.isArray(v)) return 2 + v.reduce((n: number, x) => n + valueBytes(x) + 1, 0)
  return 2 + Object.entries(v as object).reduce((n: number, [k, x]) => n + stringBytes(k) + 1 + valueBytes(x) + 1, 0)
}

const max = (xs: (number | null)[]): number | null =>
  xs.some((x) => x === null) ? null : Math.max(0, ...(xs as number[]))

/** The compact bound of one schema (see above), or null when unbounded. */
export function compactBound(schema: Schema): number | null {
  if (schema === false) return 0
  if (schema === true) return null
  if ('const' in schema) return valueBytes(schema.const)
  if (Array.isArray(schema.enum)) return max(schema.enum.map(valueBytes))
  // every part must hold, so the smallest bounded part bounds the whole
  const bounds: number[] = []
  const alt = (schema.oneOf ?? schema.anyOf) as Schema[] | undefined
  if (alt) {
    const b = max(alt.map(compactBound))
    if (b !== null) bounds.push(b)
  }
  if (Array.isArray(schema.allOf)) {
    for (const part of schema.allOf as Schema[]) {
      const b = compactBound(part)
      if (b !== null) bounds.push(b)
    }
  }
  const type = schema.type
  if (type !== undefined) {
    const types = Array.isArray(type) ? (type as string[]) : [type as string]
    const b = max(types.map((t) => typeBound(schema, t)))
    if (b !== null) bounds.push(b)
  }
  return bounds.length > 0 ? Math.min(...bounds) : null
}

function typeBound(schema: { [key: string]: unknown }, type: string): number | null {
  switch (type) {
    case 'null':
      return 4
    case 'boolean':
      return 5
    case 'integer':
    case 'number':
      return NUMBER_BYTES
    case 'string':
      return typeof schema.maxLength === 'number' ? 2 + BYTES_PER_CODE_POINT * schema.maxLength : null
    case 'array': {
      const n = schema.maxItems
      if (typeof n !== 'number') return null
      if (n === 0) return 2
      const item = schema.items === undefined ? null : compactBound(schema.items as Schema)
      return item === null ? null : 2 + n * (item + 1)
    }
    case 'object': {
      if (schema.additionalProperties !== false || schema.patternProperties !== undefined) return null
      let n = 2
      for (const [key, value] of Object.entries((schema.properties ?? {}) as Record<string, Schema>)) {
        const b = compactBound(value)
        if (b === null) return null
        n += stringBytes(key) + 1 + b + 1
      }
      return n
    }
    default:
      return null
  }
}

/** The byte bound of a body of this request schema, at most `ceiling`. */
export function bodyByteBound(schema: Schema, ceiling: number): number {
  const b = compactBound(schema)
  return b === null ? ceiling : Math.min(ceiling, 2 * b + WHITESPACE_ALLOWANCE)
}

let bounds: Map<string, number> | null = null
let loading: Promise<unknown> | null = null

/**
 * Computes the bound of every operation from the contract's request schemas, once. The
 * registry is imported only when a body over WHITESPACE_ALLOWANCE comes, so a start does not
 * pay for it.
 */
export function loadBodyBounds(): Promise<unknown> {
  loading ??= import('@krs-kit/contract/operations').then(({ operations }) => {
    const m = new Map<string, number>()
    for (const [name, info] of Object.entries(operations)) m.set(name, bodyByteBound(info.requestSchema, Infinity))
    bounds = m
  })
  return loading
}

/**
 * The bound of `op` once loadBodyBounds is done (Infinity for an unknown name: the engine
 * refuses those), or undefined before.
 */
export function loadedBodyBound(op: string): number | undefined {
  if (bounds === null) return undefined
  return bounds.get(op) ?? Infinity
}
