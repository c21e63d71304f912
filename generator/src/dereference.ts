import { ContractError } from './contract-error.js'
import { resolveLocalRef } from './json-pointer.js'
import { isJsonObject, type JsonObject } from './openapi-model.js'
import { mapSubschemas } from './schema-walk.js'

/** Keywords that only annotate: next to a `$ref` they are merged into the target. */
const ANNOTATIONS = new Set([
  'title',
  'description',
  'examples',
  'example',
  'default',
  'deprecated',
  'readOnly',
  'writeOnly',
  '$comment',
])

function isAnnotation(key: string): boolean {
  return ANNOTATIONS.has(key) || key.startsWith('x-')
}

export interface DereferenceOptions {
  /**
   * Memo of resolved references (ref -> result). With it, every use of one reference is the
   * same object, which lets the emitter print a shared schema once. Without it, each use is
   * a fresh copy.
   */
  cache?: Map<string, unknown>
  /** Applied to every schema object after its subschemas are done (shallow). */
  transform?: (node: JsonObject, where: string) => JsonObject
}

/**
 * Inlines every local `$ref` of `schema`, recursively, resolving against `doc` (the bundled
 * contract). `where` names the schema in error messages.
 *
 * - `$ref` alone is replaced by its (dereferenced) target.
 * - `$ref` with only annotation siblings (`description`, `examples`, ...) becomes the target
 *   with those annotations on top.
 * - `$ref` with other siblings (validation keywords) becomes `{ allOf: [target], ...siblings }`,
 *   which is what 2020-12 means by it.
 * - A reference cycle throws a ContractError: the contract has no recursive schemas, and the
 *   registry must be plain, finite JSON.
 */
export function dereferenceSchema(
  schema: unknown,
  doc: unknown,
  where: string,
  options: DereferenceOptions = {},
): unknown {
  return deref(schema, doc, where, [], options)
}

function deref(schema: unknown, doc: unknown, where: string, stack: readonly string[], o: DereferenceOptions): unknown {
  if (typeof schema === 'boolean') return schema
  if (!isJsonObject(schema)) throw new ContractError([`${where}: expected a schema (object or boolean)`])
  const done = (node: JsonObject, at: string): JsonObject => (o.transform ? o.transform(node, at) : node)
  const ref = schema.$ref
  if (ref === undefined)
    return done(
      mapSubschemas(schema, (sub, p) => deref(sub, doc, `${where}/${p}`, stack, o)),
      where,
    )
  if (typeof ref !== 'string') throw new ContractError([`${where}: $ref must be a string`])
  if (stack.includes(ref)) {
    throw new ContractError([`${where}: recursive schema (${[...stack, ref].join(' -> ')}) cannot be dereferenced`])
  }
  let target: unknown
  if (o.cache?.has(ref) === true) target = o.cache.get(ref)
  else {
    target = deref(resolveLocalRef(doc, ref), doc, ref, [...stack, ref], o)
    o.cache?.set(ref, target)
  }
  const { $ref: _ignored, ...rest } = schema
  const siblings = mapSubschemas(rest, (sub, p) => deref(sub, doc, `${where}/${p}`, stack, o))
  const keys = Object.keys(siblings)
  if (keys.length === 0) return target
  if (isJsonObject(target) && keys.every(isAnnotation)) return done({ ...target, ...siblings }, where)
  return done({ allOf: [target], ...siblings }, where)
}
