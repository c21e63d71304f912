import { ContractError } from './contract-error.js'
import { isJsonObject, type JsonObject } from './openapi-model.js'
import { mapSubschemas } from './schema-walk.js'

/** OpenAPI-only keywords Ajv does not know; they carry no validation meaning. */
const OPENAPI_ONLY = new Set(['example', 'discriminator', 'xml', 'externalDocs'])

/**
 * One schema object's own keywords made plain JSON Schema 2020-12 (subschemas untouched):
 * drops `example`, `discriminator`, `xml`, `externalDocs` and every `x-*` keyword (the
 * registry carries the `x-krs-*` meta as its own fields), keeps `examples`. Refuses
 * OpenAPI 3.0's `nullable` and a leftover `$ref`, so the registry never silently changes meaning.
 */
export function cleanKeywords(schema: JsonObject, where: string): JsonObject {
  if ('nullable' in schema) {
    throw new ContractError([`${where}: 'nullable' is OpenAPI 3.0; use type: [<type>, "null"] in 3.1`])
  }
  if ('$ref' in schema) throw new ContractError([`${where}: $ref left after dereferencing`])
  const kept: JsonObject = {}
  for (const [key, value] of Object.entries(schema)) {
    if (OPENAPI_ONLY.has(key) || key.startsWith('x-')) continue
    kept[key] = value
  }
  return kept
}

/**
 * Turns a dereferenced OpenAPI 3.1 schema into plain JSON Schema 2020-12 that Ajv 2020
 * compiles in strict mode (cleanKeywords on every schema object, recursively).
 */
export function toJsonSchema2020(schema: unknown, where: string): unknown {
  if (typeof schema === 'boolean') return schema
  if (!isJsonObject(schema)) throw new ContractError([`${where}: expected a schema (object or boolean)`])
  return mapSubschemas(cleanKeywords(schema, where), (sub, p) => toJsonSchema2020(sub, `${where}/${p}`))
}
