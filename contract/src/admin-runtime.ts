/**
 * The admin client's runtime, hand-written once over the generated table of admin operations
 * (`generated/admin-client.ts`, which re-exports it): the types of a call and its answer, read
 * from the admin contract's types (`generated/admin-schema.ts`), the HTTP request of a call, the
 * default transport and the answer reader.
 */
import type { operations } from './generated/admin-schema.js'
import { type AdminOperationInfo, type AdminOperationName, adminOperations } from './generated/admin-client.js'

/** One HTTP request of the admin client, as a transport sends it. */
export interface AdminHttpRequest {
  method: AdminOperationInfo['method']
  url: string
  headers: Record<string, string>
  body?: string
  signal?: AbortSignal
}

/** How the client's requests reach the emulator (default: the global `fetch`). */
export type AdminTransport = (request: AdminHttpRequest) => Promise<Response>

type OperationOf<K extends AdminOperationName> = operations[K]
type ParametersOf<K extends AdminOperationName> = OperationOf<K> extends { parameters: infer P } ? P : never

/** The query parameters of an admin operation, as the admin contract types them. */
export type AdminQuery<K extends AdminOperationName> =
  ParametersOf<K> extends { query?: infer Q } ? NonNullable<Q> : never
/** The path parameters of an admin operation. */
export type AdminPathParameters<K extends AdminOperationName> =
  ParametersOf<K> extends { path?: infer P } ? NonNullable<P> : never
/** The JSON body of an admin operation (never when it takes none). */
export type AdminBody<K extends AdminOperationName> =
  NonNullable<OperationOf<K>['requestBody']> extends {
    content: { 'application/json': infer B }
  }
    ? B
    : never
type SuccessOf<R> = R extends { 200: infer A } ? A : R extends { 201: infer A } ? A : never
/** The success answer of an admin operation: its JSON body, or text for the other media types. */
export type AdminAnswer<K extends AdminOperationName> =
  SuccessOf<OperationOf<K>['responses']> extends {
    content: { 'application/json': infer B }
  }
    ? B
    : string

/** What one call takes besides the operation: its parameters, its body and per-call settings. */
export interface AdminCall<K extends AdminOperationName> {
  path?: AdminPathParameters<K>
  query?: AdminQuery<K>
  body?: AdminBody<K>
  /** The tenant's token (overrides the client's; `null`: send none). */
  token?: string | null
  /** The Accept header (`application/yaml` for the scenario as YAML). */
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
  /** The body parsed as JSON (the answer of a success, `{ error, message }` of a refusal); the text when it is not JSON; null when empty. */
  json: unknown
  /** The success answer, typed (undefined when not ok). */
  data: AdminAnswer<K> | undefined
}

export interface AdminClientOptions {
  /** The emulator's origin (`http://127.0.0.1:4010`). */
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
  return text === '' ? '' : `?${text}`
}

function pathOf(name: AdminOperationName, info: AdminOperationInfo, path: object | undefined): string {
  const given = (path ?? {}) as Record<string, unknown>
  return info.path.replace(/\{([^}]+)\}/g, (_, key: string) => {
    const value = given[key]
    if (value === undefined || value === null) throw new TypeError(`${name}: the path parameter ${key} is missing`)
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
  if (token !== undefined && token !== null) headers.authorization = `Bearer ${token}`
  if (call.accept !== undefined) headers.accept = call.accept
  const origin = options.origin.replace(/\/+$/, '')
  const request: AdminHttpRequest = {
    method: info.method,
    url: `${origin}${pathOf(name, info, call.path)}${queryString(info, call.query)}`,
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

/** A refusal as one line: `POST /__mock/clock: 409 KRSKIT_X: its message` (the answer's text when it has no message). */
export function adminRefusalText(name: AdminOperationName, result: AdminResult<AdminOperationName>): string {
  const info = adminOperations[name]
  const err = (typeof result.json === 'object' && result.json !== null ? result.json : {}) as {
    error?: string
    message?: string
  }
  return `${info.method} ${info.path}: ${result.status} ${err.error ?? ''}: ${err.message ?? result.text}`
}

/** Calls one admin operation by its operationId. */
export async function callAdminOperation<K extends AdminOperationName>(
  name: K,
  call: AdminCall<K>,
  options: AdminClientOptions,
): Promise<AdminResult<K>> {
  const response = await (options.transport ?? fetchTransport)(adminHttpRequest(name, call, options))
  return adminResult<K>(response)
}
