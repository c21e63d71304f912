/**
 * Keyword-aware traversal of JSON Schema 2020-12 (plus the older `items: [...]`,
 * `additionalItems` and `definitions`). Only schema positions are visited; data keywords
 * (`enum`, `const`, `default`, `examples`, ...) are copied untouched, so a property named
 * `$ref` or an example containing `example` is never mistaken for a keyword.
 */
const SINGLE = new Set([
  'items',
  'additionalItems',
  'additionalProperties',
  'not',
  'if',
  'then',
  'else',
  'contains',
  'propertyNames',
  'unevaluatedItems',
  'unevaluatedProperties',
  'contentSchema',
])
const ARRAY = new Set(['allOf', 'anyOf', 'oneOf', 'prefixItems'])
const MAP = new Set(['properties', 'patternProperties', 'dependentSchemas', '$defs', 'definitions'])

export type SchemaVisitor = (subschema: unknown, relativePointer: string) => unknown

function escapeToken(key: string): string {
  return key.replace(/~/g, '~0').replace(/\//g, '~1')
}

/**
 * Returns a copy of `schema` (an object) whose subschemas are replaced by `visit(sub, pointer)`.
 * Key order is kept. Non-object values in schema positions are passed to `visit` as they are.
 */
export function mapSubschemas(schema: { [key: string]: unknown }, visit: SchemaVisitor): { [key: string]: unknown } {
  const out: { [key: string]: unknown } = {}
  for (const [key, value] of Object.entries(schema)) {
    const k = escapeToken(key)
    if (key === 'items' && Array.isArray(value)) {
      out[key] = value.map((v, i) => visit(v, `${k}/${i}`))
    } else if (SINGLE.has(key)) {
      out[key] = visit(value, k)
    } else if (ARRAY.has(key) && Array.isArray(value)) {
      out[key] = value.map((v, i) => visit(v, `${k}/${i}`))
    } else if (MAP.has(key) && typeof value === 'object' && value !== null && !Array.isArray(value)) {
      const map: { [key: string]: unknown } = {}
      for (const [name, sub] of Object.entries(value)) {
        defineEntry(map, name, visit(sub, `${k}/${escapeToken(name)}`))
      }
      out[key] = map
    } else {
      out[key] = value
    }
  }
  return out
}

/** Sets an own property even for the name `__proto__`. */
export function defineEntry(target: { [key: string]: unknown }, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true })
}
