import { ContractError, IssueList } from './contract-error.js'
import { dereferenceSchema } from './dereference.js'
import type { ErrorCatalogueEntry } from './error-catalogue.js'
import { cleanKeywords } from './json-schema-2020.js'
import { resolveLocalRef } from './json-pointer.js'
import { isJsonObject, type JsonObject, type OpenApiDocument } from './openapi-model.js'
import { checkCommonRules, operationErrors } from './operation-errors.js'

export const RIGHTS = ['all', 'work', 'operation', 'reference', 'member_data_search'] as const
export const ACCOUNT_OPTIONS = ['mail', 'forms', 'posted_images'] as const
export type Right = (typeof RIGHTS)[number]
export type AccountOption = (typeof ACCOUNT_OPTIONS)[number]
export type JsonSchema = { [key: string]: unknown } | boolean

/** One operation as the emitters see it (the fields of the generated `OperationInfo`). */
export interface OperationModel {
  name: string
  tag: string
  summary: string
  description: string
  rights: Right[]
  option: AccountOption | null
  auditLog: boolean
  idempotent: boolean
  pageStep: number | null
  security: boolean
  errors: string[]
  legacyKey: string | null
  responseType: 'json' | 'text'
  responseContentTypes: string[]
  requestSchema: JsonSchema
  responseSchema: JsonSchema
}

export interface TagModel {
  name: string
  description: string
}

const PATH_RE = /^\/api\/v1\/([a-z][a-z0-9_]*)$/
const OTHER_METHODS = ['get', 'put', 'delete', 'options', 'head', 'patch', 'trace']
const JSON_TYPE = 'application/json'
const TEXT_SCHEMA: JsonSchema = { type: 'string' }

/** Root tags, checked: each has a name and a description. */
export function extractTags(doc: OpenApiDocument): TagModel[] {
  const issues = new IssueList()
  const tags = Array.isArray(doc.tags) ? doc.tags : []
  if (tags.length === 0) issues.add('tags: the root lists no tags')
  const out: TagModel[] = []
  for (const [i, t] of tags.entries()) {
    if (!isJsonObject(t) || typeof t.name !== 'string') {
      issues.add(`tags/${i}: needs a name`)
      continue
    }
    if (typeof t.description !== 'string' || t.description === '')
      issues.add(`tags/${i} (${t.name}): needs a description`)
    if (out.some((o) => o.name === t.name)) issues.add(`tags/${i}: duplicate tag ${t.name}`)
    out.push({ name: t.name, description: typeof t.description === 'string' ? t.description : '' })
  }
  issues.throwIfAny()
  return out
}

function follow(doc: OpenApiDocument, value: unknown): unknown {
  // Request bodies and responses may be $refs to components (redocly keeps shared ones).
  let node = value
  for (let hops = 0; isJsonObject(node) && typeof node.$ref === 'string'; hops++) {
    if (hops > 20) throw new ContractError([`${String(node.$ref)}: reference chain too long`])
    node = resolveLocalRef(doc, node.$ref)
  }
  return node
}

/**
 * The registry form of a schema: dereferenced and cleaned to JSON Schema 2020-12. Uses of
 * one component share one object (`cache`), so the emitter can print it once.
 */
function schemaFor(doc: OpenApiDocument, schema: unknown, where: string, cache: Map<string, unknown>): JsonSchema {
  return dereferenceSchema(schema, doc, where, { cache, transform: cleanKeywords }) as JsonSchema
}

/**
 * Reads every `POST /api/v1/{name}` operation of the bundled contract, in contract order,
 * and checks it is complete enough to generate code from. All problems are collected and
 * thrown together as one ContractError. `schemaCache` receives every resolved `$ref`
 * (ref -> the one object all its uses share).
 */
export function extractOperations(
  doc: OpenApiDocument,
  catalogue: readonly ErrorCatalogueEntry[],
  tags: readonly TagModel[],
  schemaCache: Map<string, unknown> = new Map(),
): OperationModel[] {
  checkCommonRules(catalogue)
  const issues = new IssueList()
  const tagNames = new Set(tags.map((t) => t.name))
  const knownCodes = new Set(catalogue.map((e) => e.code))
  const rootSecured = Array.isArray(doc.security) && doc.security.length > 0
  const ops: OperationModel[] = []
  const paths = isJsonObject(doc.paths) ? doc.paths : {}
  if (Object.keys(paths).length === 0) issues.add('paths: the contract has no operations')

  for (const [path, item] of Object.entries(paths)) {
    const match = PATH_RE.exec(path)
    if (match === null) {
      issues.add(`paths/${path}: operation paths are /api/v1/{api_name} (snake_case)`)
      continue
    }
    const name = match[1] as string
    const at = (msg: string): void => issues.add(`${name}: ${msg}`)
    if (!isJsonObject(item)) {
      at('the path item is not an object')
      continue
    }
    for (const m of OTHER_METHODS) if (m in item) at(`only POST is allowed, found ${m.toUpperCase()}`)
    const op = item.post
    if (!isJsonObject(op)) {
      at('no post operation')
      continue
    }
    try {
      const model = readOperation(doc, name, op, { at, tagNames, knownCodes, rootSecured, catalogue, schemaCache })
      if (model !== null) ops.push(model)
    } catch (e) {
      if (!(e instanceof ContractError)) throw e
      for (const issue of e.issues) at(issue)
    }
  }
  issues.throwIfAny()
  return ops
}

interface ReadContext {
  at: (msg: string) => void
  tagNames: ReadonlySet<string>
  knownCodes: ReadonlySet<string>
  rootSecured: boolean
  catalogue: readonly ErrorCatalogueEntry[]
  schemaCache: Map<string, unknown>
}

function readOperation(doc: OpenApiDocument, name: string, op: JsonObject, ctx: ReadContext): OperationModel | null {
  const { at } = ctx
  let ok = true
  const fail = (msg: string): void => {
    ok = false
    at(msg)
  }

  if (op.operationId !== name)
    fail(`operationId must equal the path's API name '${name}', found ${JSON.stringify(op.operationId)}`)

  const tags = op.tags
  if (!Array.isArray(tags) || tags.length !== 1 || typeof tags[0] !== 'string') fail('needs exactly one tag')
  else if (!ctx.tagNames.has(tags[0])) fail(`tag '${tags[0]}' is not one of the root tags`)

  const summary = op.summary
  if (typeof summary !== 'string' || summary.trim() === '') fail('needs a summary')
  const description = op.description
  if (typeof description !== 'string' || description.trim() === '') fail('needs a description')

  if ('parameters' in op) fail('the API takes no parameters (arguments go in the JSON body)')

  const rights = op['x-krs-rights']
  if (!Array.isArray(rights)) fail('x-krs-rights is required (an array; [] = the credential is enough)')
  else {
    for (const r of rights)
      if (!(RIGHTS as readonly unknown[]).includes(r))
        fail(`x-krs-rights: unknown right ${JSON.stringify(r)} (allowed: ${RIGHTS.join(', ')})`)
    if (new Set(rights).size !== rights.length) fail('x-krs-rights: duplicate right')
  }

  const option = op['x-krs-option']
  if (!('x-krs-option' in op)) fail('x-krs-option is required (mail, forms, posted_images or null)')
  else if (option !== null && !(ACCOUNT_OPTIONS as readonly unknown[]).includes(option)) {
    fail(`x-krs-option: unknown option ${JSON.stringify(option)} (allowed: ${ACCOUNT_OPTIONS.join(', ')} or null)`)
  }

  const auditLog = op['x-krs-audit-log']
  if (typeof auditLog !== 'boolean') fail('x-krs-audit-log is required (true or false)')

  const idempotent = op['x-krs-idempotent']
  if (typeof idempotent !== 'boolean')
    fail(
      'x-krs-idempotent is required (true when a repeated call changes nothing more than the first: reads and pure checks)',
    )

  const pageStep = op['x-krs-page-step']
  if (pageStep !== undefined && !(typeof pageStep === 'number' && Number.isInteger(pageStep) && pageStep > 0)) {
    fail('x-krs-page-step must be a positive integer')
  }

  const legacyKey = op['x-krs-legacy-key']
  if (legacyKey !== undefined && (typeof legacyKey !== 'string' || legacyKey === ''))
    fail('x-krs-legacy-key must be a non-empty string')

  const own = op['x-krs-errors']
  if (!Array.isArray(own) || own.some((c) => typeof c !== 'string'))
    fail('x-krs-errors is required (an array of error codes; [] when none)')
  else {
    const unknown = own.filter((c: string) => !ctx.knownCodes.has(c))
    if (unknown.length > 0) fail(`x-krs-errors: unknown error code(s) ${unknown.join(', ')} (not in spec/errors.yaml)`)
  }

  const security = op.security
  let secured = ctx.rootSecured
  if (security !== undefined) {
    if (!Array.isArray(security)) fail('security must be an array ([] for no authentication)')
    else secured = security.length > 0
  }

  // Request body: required, JSON, with a schema.
  let requestSchema: JsonSchema = false
  const body = follow(doc, op.requestBody)
  const bodyJson = isJsonObject(body) && isJsonObject(body.content) ? body.content[JSON_TYPE] : undefined
  if (!isJsonObject(body)) fail('needs a requestBody (send {} when there are no arguments)')
  else if (body.required !== true) fail('requestBody must be required: true')
  if (isJsonObject(body) && !(isJsonObject(bodyJson) && 'schema' in bodyJson))
    fail(`requestBody needs ${JSON_TYPE} content with a schema`)
  else if (isJsonObject(bodyJson))
    requestSchema = schemaFor(doc, bodyJson.schema, `${name}/requestBody`, ctx.schemaCache)

  // 200 response: JSON (the usual) or another content type (text, e.g. CSV).
  let responseSchema: JsonSchema = false
  let responseType: 'json' | 'text' = 'json'
  let responseContentTypes: string[] = []
  const responses = op.responses
  const ok200 = isJsonObject(responses) ? follow(doc, responses['200']) : undefined
  const content = isJsonObject(ok200) ? ok200.content : undefined
  if (!isJsonObject(ok200)) fail("needs a '200' response")
  else if (!isJsonObject(content) || Object.keys(content).length === 0) fail("the '200' response needs content")
  else {
    responseContentTypes = Object.keys(content)
    const json = content[JSON_TYPE]
    if (isJsonObject(json)) {
      if (!('schema' in json)) fail(`the '200' ${JSON_TYPE} content needs a schema`)
      else responseSchema = schemaFor(doc, json.schema, `${name}/responses/200`, ctx.schemaCache)
    } else {
      responseType = 'text'
      responseSchema = TEXT_SCHEMA
    }
  }

  if (!ok) return null
  const rightsList = rights as Right[]
  const optionValue = option as AccountOption | null
  const errors = operationErrors(
    { operationCodes: own as string[], security: secured, rights: rightsList, option: optionValue },
    ctx.catalogue,
  )
  // The reference and the clients read what a call can answer from the responses: an operation
  // that needs a token lists its 401 (a copy of get_version that drops `security: []` does not).
  if (secured !== Object.hasOwn(responses as JsonObject, '401')) {
    fail(
      secured
        ? "needs a token, so its responses list '401' (KR_API_F1001)"
        : "needs no token (security: []), so its responses do not list '401'",
    )
    return null
  }
  return {
    name,
    tag: (tags as string[])[0] as string,
    summary: summary as string,
    description: (description as string).trimEnd(),
    rights: [...rightsList],
    option: optionValue,
    auditLog: auditLog as boolean,
    idempotent: idempotent as boolean,
    pageStep: (pageStep as number | undefined) ?? null,
    security: secured,
    errors,
    legacyKey: (legacyKey as string | undefined) ?? null,
    responseType,
    responseContentTypes,
    requestSchema,
    responseSchema,
  }
}
