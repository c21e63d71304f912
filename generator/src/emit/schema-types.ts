import openapiTS, { astToString, type TransformNodeOptions } from 'openapi-typescript'
import ts from 'typescript'
import { withBanner } from '../banner.js'
import type { ContractModel } from '../contract-model.js'
import { ContractError } from '../contract-error.js'

/**
 * `schema.ts`: openapi-typescript's `paths`, `components` and `operations` (keyed by
 * operationId = API name), one file holding both views of the contract. A module of
 * `export interface`/`export type` only, so `import type { paths } from './schema.js'` works
 * under NodeNext.
 *
 * The two views differ only in a key that has a `default` and is not `required`:
 * - a request may leave it out (the service fills in the default), so `components` types it
 *   optional, exactly as the contract says (`defaultNonNullable: false`);
 * - an answer always holds it. Where an answer names a component schema that has such keys
 *   (in a response, or inside a component schema only answers use), the reference is written
 *   `WithDefaults<components["schemas"]["X"], "key" | ...>`: the same type with those keys
 *   present. No second copy of the schema types is written.
 *
 * A component schema used by requests and answers alike that holds such a reference cannot
 * be one type in both views: the generator stops with a message naming it.
 */

type Json = null | boolean | number | string | Json[] | { [key: string]: Json }
type JsonObject = { [key: string]: Json }
type Use = 'request' | 'answer'

const COMPONENT_REF = /^#\/components\/schemas\/([^/]+)$/

function isObject(v: Json | undefined): v is JsonObject {
  return typeof v === 'object' && v !== null && !Array.isArray(v)
}

function componentSchemas(doc: JsonObject): JsonObject {
  const components = doc.components
  const schemas = isObject(components) ? components.schemas : undefined
  return isObject(schemas) ? schemas : {}
}

/** The keys of a component schema's own `properties` that have a `default` and are not `required`. */
function defaultedKeys(schema: Json): string[] {
  if (!isObject(schema) || !isObject(schema.properties)) return []
  const required = Array.isArray(schema.required) ? schema.required : []
  return Object.entries(schema.properties)
    .filter(([k, v]) => isObject(v) && v.default !== undefined && !required.includes(k))
    .map(([k]) => k)
}

/** Every component schema name a node refers to, directly (not through other components). */
function directRefs(node: Json, into: Set<string> = new Set()): Set<string> {
  if (Array.isArray(node)) {
    for (const v of node) directRefs(v, into)
  } else if (isObject(node)) {
    const m = typeof node.$ref === 'string' ? COMPONENT_REF.exec(node.$ref) : null
    if (m?.[1] !== undefined) into.add(decodeURIComponent(m[1]))
    for (const [k, v] of Object.entries(node)) if (k !== '$ref') directRefs(v, into)
  }
  return into
}

/** A shared response, request body or parameter the node refers to: `#/components/<kind>/<name>`. */
const SHARED_REF = /^#\/components\/(responses|requestBodies|parameters)\/([^/]+)$/

/** Every shared response, request body or parameter a node refers to, directly. */
function sharedRefs(node: Json, into: JsonObject[] = [], doc: JsonObject = {}): JsonObject[] {
  if (Array.isArray(node)) {
    for (const v of node) sharedRefs(v, into, doc)
  } else if (isObject(node)) {
    const m = typeof node.$ref === 'string' ? SHARED_REF.exec(node.$ref) : null
    const components = isObject(doc.components) ? doc.components : {}
    const kind = m?.[1] === undefined ? undefined : components[m[1]]
    const target = m?.[2] === undefined || !isObject(kind) ? undefined : kind[decodeURIComponent(m[2])]
    if (isObject(target)) into.push(target)
    for (const [k, v] of Object.entries(node)) if (k !== '$ref') sharedRefs(v, into, doc)
  }
  return into
}

/**
 * Which of requests and answers reach each component schema: from an operation's request body
 * and parameters, or its responses, directly or through shared responses, request bodies and
 * parameters (`#/components/responses/...`), then through any chain of schema `$ref`s.
 */
function componentUses(doc: JsonObject): Map<string, Set<Use>> {
  const schemas = componentSchemas(doc)
  const uses = new Map<string, Set<Use>>()
  const reach = (name: string, use: Use): void => {
    const seen = uses.get(name) ?? new Set<Use>()
    if (seen.has(use)) return
    seen.add(use)
    uses.set(name, seen)
    for (const next of directRefs(schemas[name] ?? null)) reach(next, use)
  }
  const from = (node: Json, use: Use, seen: Set<JsonObject> = new Set()): void => {
    for (const n of directRefs(node)) reach(n, use)
    // A shared response may name another shared one.
    for (const shared of sharedRefs(node, [], doc)) {
      if (seen.has(shared)) continue
      seen.add(shared)
      from(shared, use, seen)
    }
  }
  const paths = isObject(doc.paths) ? doc.paths : {}
  for (const item of Object.values(paths)) {
    if (!isObject(item)) continue
    for (const op of Object.values(item)) {
      if (!isObject(op)) continue
      from([op.requestBody ?? null, op.parameters ?? null], 'request')
      from(op.responses ?? null, 'answer')
    }
  }
  return uses
}

/** The JSON Pointer tokens of an openapi-typescript path (`#/paths/~1api~1x/post/...`). */
function pointerTokens(path: string): string[] {
  return path
    .replace(/^#\/?/, '')
    .split('/')
    .filter((t) => t !== '')
    .map((t) => t.replace(/~1/g, '/').replace(/~0/g, '~'))
}

/** `X` when the type node is openapi-typescript's reference `components["schemas"]["X"]`. */
function referencedSchema(type: ts.TypeNode): string | undefined {
  if (!ts.isIndexedAccessTypeNode(type) || !ts.isIndexedAccessTypeNode(type.objectType)) return undefined
  const inner = type.objectType
  const literal = (n: ts.TypeNode): string | undefined =>
    ts.isLiteralTypeNode(n) && ts.isStringLiteral(n.literal) ? n.literal.text : undefined
  const root = inner.objectType
  if (!ts.isTypeReferenceNode(root) || !ts.isIdentifier(root.typeName) || root.typeName.text !== 'components') {
    return undefined
  }
  return literal(inner.indexType) === 'schemas' ? literal(type.indexType) : undefined
}

/** The view a schema at `path` belongs to: answers (responses, answer-only components) or requests. */
function viewAt(path: string, uses: Map<string, Set<Use>>): Use {
  const tokens = pointerTokens(path)
  if (tokens[0] === 'paths') return tokens.includes('responses') ? 'answer' : 'request'
  if (tokens[0] === 'components' && tokens[1] === 'responses') return 'answer'
  if (tokens[0] === 'components' && tokens[1] === 'schemas' && tokens[2] !== undefined) {
    const u = uses.get(tokens[2])
    return u?.has('answer') === true && !u.has('request') ? 'answer' : 'request'
  }
  return 'request'
}

const WITH_DEFAULTS = `
/** \`T\` with the keys \`K\` present: the answer view of a schema whose keys \`K\` have a \`default\`. */
export type WithDefaults<T, K extends keyof T> = Omit<T, K> & Required<Pick<T, K>>
`

function withDefaultsNode(name: string, keys: readonly string[]): ts.TypeNode {
  const ref = ts.factory.createIndexedAccessTypeNode(
    ts.factory.createIndexedAccessTypeNode(
      ts.factory.createTypeReferenceNode('components'),
      ts.factory.createLiteralTypeNode(ts.factory.createStringLiteral('schemas')),
    ),
    ts.factory.createLiteralTypeNode(ts.factory.createStringLiteral(name)),
  )
  const union = ts.factory.createUnionTypeNode(
    keys.map((k) => ts.factory.createLiteralTypeNode(ts.factory.createStringLiteral(k))),
  )
  return ts.factory.createTypeReferenceNode('WithDefaults', [ref, union])
}

/** Per component schema name: the keys an answer always holds although a request may leave them out. */
export function answerDefaults(doc: object): Map<string, string[]> {
  const out = new Map<string, string[]>()
  for (const [name, schema] of Object.entries(componentSchemas(doc as JsonObject))) {
    const keys = defaultedKeys(schema)
    if (keys.length > 0) out.set(name, keys)
  }
  return out
}

export async function emitSchemaTypes(model: ContractModel): Promise<string> {
  const doc = model.doc as unknown as JsonObject
  const defaults = answerDefaults(doc)
  const uses = componentUses(doc)
  const schemas = componentSchemas(doc)
  const problems: string[] = []
  for (const [name, u] of uses) {
    if (!(u.has('request') && u.has('answer'))) continue
    for (const ref of directRefs(schemas[name] ?? null)) {
      if (defaults.has(ref)) {
        problems.push(
          `components.schemas.${name}: used by requests and answers, and refers to ${ref}, whose keys ${defaults.get(ref)?.join(', ')} have a default: one TypeScript type cannot hold both views (give requests and answers their own schema)`,
        )
      }
    }
  }
  if (problems.length > 0) throw new ContractError(problems)

  /** The answer view of a reference to component schema `name` at `path`, or undefined. */
  const answerView = (name: string | undefined, path: string | undefined): ts.TypeNode | undefined => {
    const keys = name === undefined ? undefined : defaults.get(name)
    if (name === undefined || keys === undefined || path === undefined || viewAt(path, uses) !== 'answer') {
      return undefined
    }
    return withDefaultsNode(name, keys)
  }
  const refName = (schema: Json): string | undefined => {
    const m = isObject(schema) && typeof schema.$ref === 'string' ? COMPONENT_REF.exec(schema.$ref) : null
    return m?.[1] === undefined ? undefined : decodeURIComponent(m[1])
  }

  // openapi-typescript may annotate the object it walks: give it a copy.
  const copy = structuredClone(model.doc) as Parameters<typeof openapiTS>[0]
  const ast = await openapiTS(copy, {
    silent: true,
    defaultNonNullable: false,
    // A property that is a `$ref` (openapi-typescript types it without postTransform): the
    // schema is the property's, the path its parent object's.
    transform: (schema, options: TransformNodeOptions) => answerView(refName(schema as unknown as Json), options.path),
    // Any other reference (responses, oneOf/anyOf/allOf members, array items), read from the
    // type node openapi-typescript made of it; the path is the reference's or its parent's.
    postTransform: (type, options: TransformNodeOptions) => answerView(referencedSchema(type), options.path),
  })
  return withBanner(model.banner, `${astToString(ast)}${WITH_DEFAULTS}`)
}
