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

/** The hand-written part of `admin-client.ts`: the request builder and the client over the table. */
const ADMIN_CLIENT_RUNTIME = `/** One HTTP request of the admin client, as a transport sends it. */
export interface AdminHttpRequest {
  method: AdminOperationInfo['method']
  url: string
  headers: Record<string, string>
  body?: string
  signal?: AbortSignal
}

/** How the client's requests reach the emulator (default: the global \`fetch\`). */
export type AdminTransport = (request: AdminHttpRequest) => Promise<Response>

type OperationOf<K extends AdminOperationName> = operations[K]
type ParametersOf<K extends AdminOperationName> = OperationOf<K> extends { parameters: infer P } ? P : never

/** The query parameters of an admin operation, as the admin contract types them. */
export type AdminQuery<K extends AdminOperationName> = ParametersOf<K> extends { query?: infer Q } ? NonNullable<Q> : never
/** The path parameters of an admin operation. */
export type AdminPathParameters<K extends AdminOperationName> = ParametersOf<K> extends { path?: infer P }
  ? NonNullable<P>
  : never
/** The JSON body of an admin operation (never when it takes none). */
export type AdminBody<K extends AdminOperationName> = NonNullable<OperationOf<K>['requestBody']> extends {
  content: { 'application/json': infer B }
}
  ? B
  : never
type SuccessOf<R> = R extends { 200: infer A } ? A : R extends { 201: infer A } ? A : never
/** The success answer of an admin operation: its JSON body, or text for the other media types. */
export type AdminAnswer<K extends AdminOperationName> = SuccessOf<OperationOf<K>['responses']> extends {
  content: { 'application/json': infer B }
}
  ? B
  : string

/** What one call takes besides the operation: its parameters, its body and per-call settings. */
export interface AdminCall<K extends AdminOperationName> {
  path?: AdminPathParameters<K>
  query?: AdminQuery<K>
  body?: AdminBody<K>
  /** The tenant's token (overrides the client's; \`null\`: send none). */
  token?: string | null
  /** The Accept header (\`application/yaml\` for the scenario as YAML). */
  accept?: string
  signal?: AbortSignal
}

/** An answer, whatever its status: the caller decides what a refusal means. */
export interface AdminResult<K extends AdminOperationName> {
  status: number
  ok: boolean
  headers: Headers
  /** The body as text. */
  text: string
  /** The body parsed as JSON (the answer of a success, \`{ error, message }\` of a refusal); the text when it is not JSON; null when empty. */
  json: unknown
  /** The success answer, typed (undefined when not ok). */
  data: AdminAnswer<K> | undefined
}

export interface AdminClientOptions {
  /** The emulator's origin (\`http://127.0.0.1:4010\`). */
  origin: string
  /** The token that selects the tenant (none: the default tenant, or a call that needs none). */
  token?: string
  transport?: AdminTransport
  /** Headers sent with every call. */
  headers?: Record<string, string>
}

function queryString(info: AdminOperationInfo, query: object | undefined): string {
  const q = new URLSearchParams()
  const given = (query ?? {}) as Record<string, unknown>
  for (const p of info.parameters) {
    if (p.in !== 'query') continue
    const value = given[p.name]
    if (value !== undefined && value !== null) q.set(p.name, String(value))
  }
  const text = q.toString()
  return text === '' ? '' : \`?\${text}\`
}

function pathOf(name: AdminOperationName, info: AdminOperationInfo, path: object | undefined): string {
  const given = (path ?? {}) as Record<string, unknown>
  return info.path.replace(/\\{([^}]+)\\}/g, (_, key: string) => {
    const value = given[key]
    if (value === undefined || value === null) throw new TypeError(\`\${name}: the path parameter \${key} is missing\`)
    return encodeURIComponent(String(value))
  })
}

/** The HTTP request of one admin call (what the client sends; exported for tools that send it themselves). */
export function adminHttpRequest<K extends AdminOperationName>(
  name: K,
  call: AdminCall<K>,
  options: AdminClientOptions,
): AdminHttpRequest {
  const info = adminOperations[name]
  const headers: Record<string, string> = { ...options.headers }
  const token = call.token === undefined ? options.token : call.token
  if (token !== undefined && token !== null) headers.authorization = \`Bearer \${token}\`
  if (call.accept !== undefined) headers.accept = call.accept
  const origin = options.origin.replace(/\\/+$/, '')
  const request: AdminHttpRequest = {
    method: info.method,
    url: \`\${origin}\${pathOf(name, info, call.path)}\${queryString(info, call.query)}\`,
    headers,
  }
  if (call.body !== undefined) {
    headers['content-type'] = 'application/json'
    request.body = JSON.stringify(call.body)
  }
  if (call.signal !== undefined) request.signal = call.signal
  return request
}

const fetchTransport: AdminTransport = (r) =>
  fetch(r.url, {
    method: r.method,
    headers: r.headers,
    ...(r.body === undefined ? {} : { body: r.body }),
    ...(r.signal === undefined ? {} : { signal: r.signal }),
  })

/** Reads an answer into an AdminResult (JSON when it parses, else text; null when empty). */
export async function adminResult<K extends AdminOperationName>(response: Response): Promise<AdminResult<K>> {
  const text = await response.text()
  let json: unknown = null
  if (text !== '') {
    try {
      json = JSON.parse(text)
    } catch {
      json = text
    }
  }
  const isJson = (response.headers.get('content-type') ?? '').includes('json')
  const data = response.ok ? ((isJson ? json : text) as AdminAnswer<K>) : undefined
  return { status: response.status, ok: response.ok, headers: response.headers, text, json, data }
}

/** A refusal as one line: \`POST /__mock/clock: 409 KRSKIT_X: its message\` (the answer's text when it has no message). */
export function adminRefusalText(name: AdminOperationName, result: AdminResult<AdminOperationName>): string {
  const info = adminOperations[name]
  const err = (typeof result.json === 'object' && result.json !== null ? result.json : {}) as {
    error?: string
    message?: string
  }
  return \`\${info.method} \${info.path}: \${result.status} \${err.error ?? ''}: \${err.message ?? result.text}\`
}

/** Calls one admin operation by its operationId. */
export async function callAdminOperation<K extends AdminOperationName>(
  name: K,
  call: AdminCall<K>,
  options: AdminClientOptions,
): Promise<AdminResult<K>> {
  const response = await (options.transport ?? fetchTransport)(adminHttpRequest(name, call, options))
  return adminResult<K>(response)
}`

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
    `import type { operations } from './admin-schema.js'

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

${ADMIN_CLIENT_RUNTIME}

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
