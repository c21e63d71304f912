import { banner } from './banner.js'
import { ContractError, IssueList } from './contract-error.js'
import { dereferenceSchema } from './dereference.js'
import { cleanKeywords } from './json-schema-2020.js'
import { resolveLocalRef } from './json-pointer.js'
import { isJsonObject, type OpenApiDocument } from './openapi-model.js'

export type JsonSchema = { [key: string]: unknown } | boolean

/** A path or query parameter of an admin operation. */
export interface AdminParameterModel {
  name: string
  in: 'path' | 'query'
  required: boolean
  description?: string
  /** Its schema, dereferenced and cleaned to JSON Schema 2020-12. */
  schema: JsonSchema
}

/** One admin operation of spec/admin.openapi.yaml. */
export interface AdminOperationModel {
  /** operationId (`mock_set_clock`). */
  name: string
  method: 'GET' | 'POST' | 'PUT' | 'DELETE'
  /** `/__mock/clock` */
  path: string
  /** The Japanese summary. */
  summary: string
  parameters: AdminParameterModel[]
  /** Whether the body may be left out (`requestBody.required` is not true). */
  optional: boolean
  /** The `application/json` body schema, dereferenced and cleaned to JSON Schema 2020-12; absent without a JSON body. */
  requestSchema?: JsonSchema
  /** The media types of its success answer (`application/json`, `text/html`, ...). */
  answerTypes: string[]
}

/** What the admin emitters need, read from the bundled spec/admin.openapi.yaml. */
export interface AdminContractModel {
  doc: OpenApiDocument
  banner: string
  operations: AdminOperationModel[]
}

const METHODS = ['get', 'post', 'put', 'delete'] as const
const JSON_TYPE = 'application/json'

function follow(doc: OpenApiDocument, value: unknown): unknown {
  let node = value
  for (let hops = 0; isJsonObject(node) && typeof node.$ref === 'string'; hops++) {
    if (hops > 20) throw new ContractError([`${String(node.$ref)}: reference chain too long`])
    node = resolveLocalRef(doc, node.$ref)
  }
  return node
}

function parametersOf(doc: OpenApiDocument, item: unknown, op: unknown, where: string): AdminParameterModel[] {
  const listed = [
    ...((isJsonObject(item) && Array.isArray(item.parameters) ? item.parameters : []) as unknown[]),
    ...((isJsonObject(op) && Array.isArray(op.parameters) ? op.parameters : []) as unknown[]),
  ]
  const out: AdminParameterModel[] = []
  for (const raw of listed) {
    const p = follow(doc, raw)
    if (!isJsonObject(p) || typeof p.name !== 'string' || (p.in !== 'path' && p.in !== 'query')) continue
    out.push({
      name: p.name,
      in: p.in,
      required: p.required === true,
      ...(typeof p.description === 'string' ? { description: p.description.trim() } : {}),
      schema: dereferenceSchema(p.schema ?? {}, doc, `${where}/parameters/${p.name}`, {
        transform: cleanKeywords,
      }) as JsonSchema,
    })
  }
  return out
}

function answerTypesOf(doc: OpenApiDocument, op: { [key: string]: unknown }): string[] {
  const responses = isJsonObject(op.responses) ? op.responses : {}
  const success = Object.keys(responses).find((status) => /^2\d\d$/.test(status))
  const answer = success === undefined ? undefined : follow(doc, responses[success])
  return isJsonObject(answer) && isJsonObject(answer.content) ? Object.keys(answer.content) : []
}

/**
 * Every admin operation, in document order. Every use of a component is a fresh copy (the
 * admin schemas are small; nothing is printed once).
 */
export function buildAdminContractModel(doc: OpenApiDocument, specLabel: string): AdminContractModel {
  if (typeof doc.openapi !== 'string' || !doc.openapi.startsWith('3.1')) {
    throw new ContractError([`${specLabel}: expected OpenAPI 3.1.x, found ${JSON.stringify(doc.openapi)}`])
  }
  const issues = new IssueList()
  const operations: AdminOperationModel[] = []
  const names = new Set<string>()
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const method of METHODS) {
      const op = item[method]
      if (!isJsonObject(op)) continue
      const where = `paths/${path}/${method}`
      if (typeof op.operationId !== 'string' || !/^mock_[a-z0-9_]+$/.test(op.operationId)) {
        issues.add(`${where}: needs an operationId mock_<name>`)
        continue
      }
      if (names.has(op.operationId)) issues.add(`${where}: duplicate operationId ${op.operationId}`)
      names.add(op.operationId)
      const common = {
        name: op.operationId,
        method: method.toUpperCase() as AdminOperationModel['method'],
        path,
        summary: typeof op.summary === 'string' ? op.summary : '',
        parameters: parametersOf(doc, item, op, where),
        answerTypes: answerTypesOf(doc, op),
      }
      const body = follow(doc, op.requestBody)
      const media = isJsonObject(body) && isJsonObject(body.content) ? body.content[JSON_TYPE] : undefined
      if (!isJsonObject(media)) {
        operations.push({ ...common, optional: true })
        continue
      }
      if (media.schema === undefined) {
        issues.add(`${where}: the ${JSON_TYPE} body has no schema`)
        continue
      }
      operations.push({
        ...common,
        optional: (body as { required?: unknown }).required !== true,
        requestSchema: dereferenceSchema(media.schema, doc, `${where}/requestBody`, {
          transform: cleanKeywords,
        }) as JsonSchema,
      })
    }
  }
  issues.throwIfAny()
  return { doc, banner: banner(specLabel), operations }
}
