import { isJsonObject, type JsonObject } from './openapi-model.js'

/**
 * Which side of the wire a schema describes: in a request a key not in `required` is
 * optional; in an answer a key with a `default` is always present too (as in the
 * TypeScript types, see generator/README.md).
 */
export type PhpDocSide = 'request' | 'response'

/**
 * Nesting deeper than this prints as `array<string, mixed>` / `list<mixed>`: the docblock is
 * for editors and static analysers, and a member-condition tree spelled out in full helps
 * neither.
 */
const MAX_DEPTH = 4

/** A PHP single-quoted string literal. */
export function phpString(s: string): string {
  return `'${s.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`
}

/** An array-shape key: bare when PHPStan and Psalm read it bare, else quoted. */
function shapeKey(key: string): string {
  return /^[A-Za-z_][A-Za-z0-9_]*$/.test(key) ? key : phpString(key)
}

function scalarLiteral(value: unknown): string | undefined {
  if (typeof value === 'string') return phpString(value)
  if (typeof value === 'number') return Number.isInteger(value) ? String(value) : undefined
  if (typeof value === 'boolean') return value ? 'true' : 'false'
  if (value === null) return 'null'
  return undefined
}

function union(parts: string[]): string {
  const unique = [...new Set(parts)]
  if (unique.includes('mixed')) return 'mixed'
  return unique.join('|')
}

/**
 * The PHPDoc type (PHPStan / Psalm syntax) of a dereferenced JSON Schema: array shapes for
 * objects with properties (`array{member_table_id: int, name?: string}`), `list<T>` for
 * arrays, literal unions for enums, `mixed` where the schema does not say.
 */
export function phpDocType(schema: unknown, side: PhpDocSide, depth = 0): string {
  if (schema === true || schema === undefined) return 'mixed'
  if (!isJsonObject(schema)) return 'mixed'
  if ('const' in schema) return scalarLiteral(schema.const) ?? 'mixed'
  if (Array.isArray(schema.enum)) {
    const literals = schema.enum.map(scalarLiteral)
    if (literals.every((l): l is string => l !== undefined) && literals.length > 0) return union(literals)
  }
  for (const key of ['oneOf', 'anyOf'] as const) {
    const alternatives = schema[key]
    if (Array.isArray(alternatives)) return union(alternatives.map((s) => phpDocType(s, side, depth)))
  }
  if (Array.isArray(schema.allOf)) {
    // The contract uses allOf to add validation to one shape; the first part carries the shape.
    const first = schema.allOf.find(isJsonObject)
    return first === undefined ? 'mixed' : phpDocType({ ...schema, ...first, allOf: undefined }, side, depth)
  }
  const type = schema.type
  if (Array.isArray(type)) return union(type.map((t) => phpDocType({ ...schema, type: t }, side, depth)))
  switch (type) {
    case 'string':
      return 'string'
    case 'integer':
      return 'int'
    case 'number':
      return 'int|float'
    case 'boolean':
      return 'bool'
    case 'null':
      return 'null'
    case 'array':
      return arrayType(schema, side, depth)
    case 'object':
      return objectType(schema, side, depth)
    default:
      if (isJsonObject(schema.properties)) return objectType(schema, side, depth)
      return 'mixed'
  }
}

function arrayType(schema: JsonObject, side: PhpDocSide, depth: number): string {
  if (depth >= MAX_DEPTH) return 'list<mixed>'
  if (Array.isArray(schema.prefixItems)) {
    const items = schema.prefixItems.map((s) => phpDocType(s, side, depth + 1))
    return `array{${items.join(', ')}}`
  }
  return `list<${schema.items === undefined ? 'mixed' : phpDocType(schema.items, side, depth + 1)}>`
}

function objectType(schema: JsonObject, side: PhpDocSide, depth: number): string {
  const properties = isJsonObject(schema.properties) ? schema.properties : {}
  const names = Object.keys(properties)
  if (names.length === 0 || depth >= MAX_DEPTH) {
    const extra = schema.additionalProperties
    const value = isJsonObject(extra) && depth < MAX_DEPTH ? phpDocType(extra, side, depth + 1) : 'mixed'
    return `array<string, ${value}>`
  }
  const required = new Set(Array.isArray(schema.required) ? schema.required : [])
  const fields = names.map((name) => {
    const property = properties[name]
    const present =
      required.has(name) || (side === 'response' && isJsonObject(property) && property.default !== undefined)
    return `${shapeKey(name)}${present ? '' : '?'}: ${phpDocType(property, side, depth + 1)}`
  })
  // An open object (more keys than the listed ones) says so, as PHPStan spells it.
  const open = schema.additionalProperties !== false || isJsonObject(schema.patternProperties)
  return `array{${fields.join(', ')}${open ? ', ...' : ''}}`
}
