import openapiTS, { astToString } from 'openapi-typescript'
import type { AdminContractModel } from '../admin-contract.js'
import { withBanner } from '../banner.js'
import { tsKey, tsLiteral, tsStringUnionAlias } from '../ts-literal.js'

/**
 * `admin-schema.d.ts`: openapi-typescript's types of spec/admin.openapi.yaml, keys that are
 * not `required` optional (the admin shapes the emulator reads are requests).
 */
export async function emitAdminSchemaTypes(model: AdminContractModel): Promise<string> {
  const doc = structuredClone(model.doc) as Parameters<typeof openapiTS>[0]
  const ast = await openapiTS(doc, { silent: true, defaultNonNullable: false })
  return withBanner(model.banner, astToString(ast))
}

/**
 * `admin-requests.ts`: the JSON request body of every admin operation that takes one — its
 * schema (for the emulator's validators) and its type (what a route reads once it is valid).
 */
export function emitAdminRequests(model: AdminContractModel): string {
  const names = model.operations.map((o) => o.name)
  const entries = model.operations.map((o) => {
    const key = `${tsKey(o.name)}: `
    const info = { method: o.method, path: o.path, optional: o.optional, schema: o.requestSchema }
    return `  ${key}${tsLiteral(info, 2, key.length)},`
  })
  return withBanner(
    model.banner,
    `import type { operations } from './admin-schema.js'

/** The admin operations (operationId) that take a JSON request body, in document order. */
${tsStringUnionAlias('AdminBodyOperation', names)}

/** The JSON body of an admin operation, as the admin contract types it. */
export type AdminRequestBody<K extends AdminBodyOperation> = NonNullable<
  operations[K]['requestBody']
>['content']['application/json']

export interface AdminRequestInfo {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE'
  /** The path under the server root (\`/__mock/clock\`). */
  path: string
  /** Whether the body may be left out (an empty body then reads as \`{}\`). */
  optional: boolean
  /** The body's JSON Schema 2020-12, dereferenced (compiles with Ajv 2020). */
  schema: { [key: string]: unknown } | boolean
}

export const adminRequests: { readonly [K in AdminBodyOperation]: AdminRequestInfo } = {
${entries.join('\n')}
}`,
  )
}
