import { banner, contractSha256 } from './banner.js'
import { ContractError, IssueList } from './contract-error.js'
import { dereferenceSchema } from './dereference.js'
import { cleanKeywords } from './json-schema-2020.js'
import { resolveLocalRef } from './json-pointer.js'
import { isJsonObject, type OpenApiDocument } from './openapi-model.js'

export type JsonSchema = { [key: string]: unknown } | boolean

/** One admin operation that takes a JSON body. */
export interface AdminOperationModel {
  /** operationId (`mock_set_clock`). */
  name: string
  method: 'GET' | 'POST' | 'PUT' | 'DELETE'
  /** `/__mock/clock` */
  path: string
  /** Whether the body may be left out (`requestBody.required` is not true). */
  optional: boolean
  /** The `application/json` body schema, dereferenced and cleaned to JSON Schema 2020-12. */
  requestSchema: JsonSchema
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

/**
 * The admin operations with a JSON request body, in document order. Every use of a
 * component is a fresh copy (the admin schemas are small; nothing is printed once).
 */
export function buildAdminContractModel(
  doc: OpenApiDocument,
  bundledJson: string,
  specLabel: string,
): AdminContractModel {
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
      const body = follow(doc, op.requestBody)
      if (!isJsonObject(body) || !isJsonObject(body.content)) continue
      const media = body.content[JSON_TYPE]
      if (!isJsonObject(media)) continue
      if (media.schema === undefined) {
        issues.add(`${where}: the ${JSON_TYPE} body has no schema`)
        continue
      }
      operations.push({
        name: op.operationId,
        method: method.toUpperCase() as AdminOperationModel['method'],
        path,
        optional: body.required !== true,
        requestSchema: dereferenceSchema(media.schema, doc, `${where}/requestBody`, {
          transform: cleanKeywords,
        }) as JsonSchema,
      })
    }
  }
  issues.throwIfAny()
  return { doc, banner: banner(contractSha256(bundledJson), specLabel), operations }
}
