import openapiTS, { astToString } from 'openapi-typescript'
import type { AdminContractModel } from '../admin-contract.js'
import { withBanner } from '../banner.js'
import { tsKey, tsLiteral, tsStringUnionAlias } from '../ts-literal.js'

/**
 * `admin-schema.ts`: openapi-typescript's types of spec/admin.openapi.yaml, keys that are
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
  const withBody = model.operations.filter((o) => o.requestSchema !== undefined)
  const names = withBody.map((o) => o.name)
  // One named constant per schema, so that a bundle that imports a few (the MCP server's tool
  // bounds) leaves the others out.
  const bodies = withBody.map((o) => {
    const name = `${adminMethodName(o.name)}Body`
    return `/** The JSON body schema of ${o.name} (${o.method} ${o.path}). */\nexport const ${name} = ${tsLiteral(o.requestSchema, 0, name.length + 16)}`
  })
  const parameters = model.operations
    .filter((o) => o.parameters.length > 0)
    .map((o) => {
      const name = `${adminMethodName(o.name)}Parameters`
      const schemas = Object.fromEntries(o.parameters.map((p) => [p.name, p.schema]))
      return `/** The parameter schemas of ${o.name} (${o.method} ${o.path}), by name. */\nexport const ${name} = ${tsLiteral(schemas, 0, name.length + 16)}`
    })
  const entries = withBody.map((o) => {
    const key = `${tsKey(o.name)}: `
    const info = `{ method: ${tsLiteral(o.method)}, path: ${tsLiteral(o.path)}, optional: ${o.optional}, schema: ${adminMethodName(o.name)}Body }`
    return `  ${key}${info},`
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

${bodies.join('\n\n')}

${parameters.join('\n\n')}

export const adminRequests: { readonly [K in AdminBodyOperation]: AdminRequestInfo } = {
${entries.join('\n')}
}`,
  )
}

/** `mock_get_journal` → `getJournal`: the admin client's method of an operation. */
export function adminMethodName(operation: string): string {
  return operation.replace(/^mock_/, '').replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase())
}

/**
 * `admin-client.ts`: the emulator's admin API as a typed client. A table of every admin
 * operation (method, path, parameters, whether it takes a body), the request, body and answer
 * types, and
 * `createAdminClient` with one method per operation. The CLI's `krs mock` commands, the MCP
 * server's emulator tools and the testing entry all call the emulator through it.
 */
export function emitAdminClient(model: AdminContractModel): string {
  const names = model.operations.map((o) => o.name)
  const entries = model.operations.map((o) => {
    const key = `${tsKey(o.name)}: `
    // What a call needs, no schemas: the CLI loads this table to build its commands (the
    // schemas, with the contract's bounds, are admin-requests.ts's named constants).
    const info = {
      method: o.method,
      path: o.path,
      parameters: o.parameters.map((p) => {
        const schema = typeof p.schema === 'object' ? p.schema : {}
        return {
          name: p.name,
          in: p.in,
          required: p.required,
          ...(p.description === undefined ? {} : { description: p.description }),
          ...(typeof schema.type === 'string' ? { type: schema.type } : {}),
          ...(typeof schema.minimum === 'number' ? { minimum: schema.minimum } : {}),
        }
      }),
      body: o.requestSchema === undefined ? 'none' : o.optional ? 'optional' : 'required',
    }
    return `  ${key}${tsLiteral(info, 2, key.length)},`
  })
  const methods = model.operations.map((o) => {
    const hasInput = o.parameters.some((p) => p.required) || (o.requestSchema !== undefined && !o.optional)
    const arg = hasInput ? `call: AdminCall<'${o.name}'>` : `call?: AdminCall<'${o.name}'>`
    return `  /** ${o.method} ${o.path}${o.summary ? `: ${o.summary}` : ''} */\n  ${adminMethodName(o.name)}(${arg}): Promise<AdminResult<'${o.name}'>>`
  })
  const bindings = model.operations.map(
    (o) => `    ${adminMethodName(o.name)}: (call) => callAdminOperation('${o.name}', call ?? {}, options),`,
  )
  return withBanner(
    model.banner,
    `import { type AdminCall, type AdminClientOptions, type AdminResult, callAdminOperation } from '../admin-runtime.js'

// The request builder, the transport and the answer reader are hand-written, once, in
// ../admin-runtime.ts (over the table below); re-exported so that this module is the client.
export * from '../admin-runtime.js'

/** Every operation of the emulator's admin API (operationId), in document order. */
${tsStringUnionAlias('AdminOperationName', names)}

export interface AdminParameterInfo {
  name: string
  in: 'path' | 'query'
  required: boolean
  /** The contract's Japanese description. */
  description?: string
  /** Its schema's \`type\` and \`minimum\` (the whole schema: \`<method>Parameters\` of admin-requests.ts). */
  type?: string
  minimum?: number
}

export interface AdminOperationInfo {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE'
  /** The path under the server root, with \`{name}\` for a path parameter. */
  path: string
  parameters: readonly AdminParameterInfo[]
  /** Whether it takes a JSON body, and whether the body may be left out (its schema: \`<method>Body\` of admin-requests.ts). */
  body: 'none' | 'optional' | 'required'
}

export const adminOperations: { readonly [K in AdminOperationName]: AdminOperationInfo } = {
${entries.join('\n')}
}

export const adminOperationNames = Object.keys(adminOperations) as readonly AdminOperationName[]

/** The admin client: one method per admin operation, plus \`call\` by operationId. */
export interface AdminClient {
  call<K extends AdminOperationName>(name: K, call?: AdminCall<K>): Promise<AdminResult<K>>
${methods.join('\n')}
}

/** An admin client of the emulator at \`options.origin\`. */
export function createAdminClient(options: AdminClientOptions): AdminClient {
  return {
    call: (name, call) => callAdminOperation(name, call ?? {}, options),
${bindings.join('\n')}
  }
}`,
  )
}
