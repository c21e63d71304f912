import {
  type AdminCall,
  type AdminOperationName,
  type AdminResult,
  type AdminTransport,
  adminResult,
  callAdminOperation,
} from '@krs-kit/contract/admin-client'
import type { components } from '@krs-kit/contract/admin-schema'

/** An answer of the emulator's admin API: its status and its JSON body (null when empty, text when not JSON). */
export interface AdminAnswer {
  status: number
  json: unknown
}

/** Where an emulator answers admin calls. */
export interface AdminTarget {
  /** Its origin, e.g. `http://127.0.0.1:4010` (a krs-mock process). */
  url: string
  /** How a request reaches it (default: the global `fetch`); in process, `(r) => engine.handle(r)`. */
  fetch?: (request: Request) => Promise<Response>
}

/** The admin client's transport over a fetch-like function (the global `fetch`, or an engine's `handle`). */
export function transportOf(fetchLike: (request: Request) => Promise<Response> = (r) => fetch(r)): AdminTransport {
  return (r) =>
    fetchLike(
      new Request(r.url, {
        method: r.method,
        headers: r.headers,
        ...(r.body === undefined ? {} : { body: r.body }),
        ...(r.signal === undefined ? {} : { signal: r.signal }),
      }),
    )
}

/**
 * One call of the emulator's admin API by a path of the caller's (`/__mock/{path}`, e.g. `'clock'`, `'outbox?delivery_id=3'`)
 * with a tenant's token. The answer is returned whatever its status, never thrown: a test may
 * expect a refusal.
 */
export async function callAdmin(
  target: AdminTarget,
  method: string,
  path: string,
  options: { token?: string; body?: unknown } = {},
): Promise<AdminAnswer> {
  const { token, body } = options
  const headers: Record<string, string> = {}
  if (token !== undefined) headers.authorization = `Bearer ${token}`
  if (body !== undefined) headers['content-type'] = 'application/json'
  const request = new Request(`${target.url}/__mock/${path}`, {
    method,
    headers,
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  })
  const { status, json } = await adminResult(await (target.fetch ?? fetch)(request))
  return { status, json }
}

/** What `POST /__mock/tenants` takes: `scenario`, `seed`, `members`, `clock`, or `from` (a fork). */
export type CreateTenantRequest = components['schemas']['CreateTenantRequest']

/** A tenant of an emulator that runs in another process, made through its admin API. */
export interface RemoteTenant {
  /** The tenant id (also the environment id of `baseUrl`). */
  readonly id: string
  /** What the SDK's `baseUrl` takes (`http://127.0.0.1:4010/<id>`, or under `--public-url`). */
  readonly baseUrl: string
  /** Token values by name (`krs-all`, `krs-reference`, `krs-nomail`, ...). */
  readonly tokens: Readonly<Record<string, string>>
  /** The all-rights token (`tokens['krs-all']`). */
  readonly token: string
  /** An admin call on this tenant with its all-rights token: `admin('POST', 'clock', { advance_seconds: 3600 })`. */
  admin(method: string, path: string, body?: unknown): Promise<AdminAnswer>
  /**
   * One admin operation on this tenant, typed by the admin contract, with its all-rights token:
   * `call('mock_set_clock', { body: { advance_seconds: 3600 } })`. The answer whatever its status.
   */
  call<K extends AdminOperationName>(name: K, call?: AdminCall<K>): Promise<AdminResult<K>>
  /** Deletes the tenant (`DELETE /__mock/tenants`; its tokens stop working). Calling it twice is harmless. */
  dispose(): Promise<void>
}

/**
 * A new tenant on an emulator that runs in another process (`krs-mock`, a container, the
 * server a global setup started), through `POST /__mock/tenants` at `at`: its origin, or an
 * AdminTarget with the fetch to reach it. Its clock is manual unless `options.clock` gives a
 * mode, as `createTestEmulator`'s tenants (a fork, `from`, starts from its source's clock).
 * Throws when the emulator refuses, with its status and message.
 */
export async function createRemoteTenant(
  at: string | AdminTarget,
  options: CreateTenantRequest = {},
): Promise<RemoteTenant> {
  const target = typeof at === 'string' ? { url: at } : at
  const body: CreateTenantRequest =
    options.from === undefined ? { ...options, clock: { mode: 'manual', ...options.clock } } : options
  const client = { origin: target.url, transport: transportOf(target.fetch) }
  const created = await callAdminOperation('mock_create_tenant', { body, token: null }, client)
  if (created.status !== 201)
    throw new Error(`emulator: POST /__mock/tenants answered ${created.status}: ${messageOf(created)}`)
  const json = created.json as components['schemas']['CreatedTenant']
  const tokens = Object.freeze({ ...json.tokens })
  const token = tokens['krs-all']
  if (token === undefined) throw new Error(`tenant ${json.tenant_id} has no krs-all token (its scenario removed it)`)
  let gone = false
  return {
    id: json.tenant_id,
    baseUrl: json.base_url,
    tokens,
    token,
    admin: (method, path, payload) =>
      callAdmin(target, method, path, payload === undefined ? { token } : { token, body: payload }),
    call: (name, call = {}) => callAdminOperation(name, { ...call, token }, client),
    async dispose() {
      if (gone) return
      gone = true
      const res = await callAdminOperation('mock_delete_tenant', { token }, client)
      // 401: it was deleted already (another way than this call)
      if (res.status !== 200 && res.status !== 401)
        throw new Error(`emulator: DELETE /__mock/tenants answered ${res.status}: ${messageOf(res)}`)
    },
  }
}

/** The emulator's message in a refusal, or its body as text. */
export function messageOf(answer: AdminAnswer): string {
  const message = (answer.json as { message?: unknown } | null)?.message
  if (typeof message === 'string') return message
  return typeof answer.json === 'string' ? answer.json : JSON.stringify(answer.json)
}
