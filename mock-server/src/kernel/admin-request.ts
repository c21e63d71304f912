import type { Engine } from './engine.js'
import type { RawRequest, RawResponse } from './raw-http.js'
import type { TenantRuntime } from './tenant-runtime.js'
import type { AdminBodyOperation, AdminRequestBody } from '@krs-kit/contract/admin-requests'

/** Handlers of one admin path, by method. */
export type AdminRoutes = Partial<
  Record<'GET' | 'POST' | 'PUT' | 'DELETE', (r: AdminRequest) => RawResponse | Promise<RawResponse>>
>

/** What one admin route receives. */
export interface AdminRequest {
  engine: Engine
  raw: RawRequest
  /** The tenant of the bearer token carried (the default tenant when none). */
  tenant: TenantRuntime
  /** Sub-path after `/__mock/` (e.g. `clock`). */
  route: string
  query: URLSearchParams
  /**
   * The JSON body of admin operation `name` (`{}` for an empty body), validated by the schema
   * of spec/admin.openapi.yaml; a body that does not match is refused with 400 `slug`
   * (default `bad_request`) naming the key. See `kernel/admin-body.ts`.
   */
  body<K extends AdminBodyOperation>(name: K, options?: { slug?: string; prefix?: string }): AdminRequestBody<K>
  /** Record that persisted state changed (the Node door saves it). */
  changed(): void
  /** What the engine knows of its host: when it started, its tenants, how to stop it (null: cannot). */
  host: { startedAt: number; now: () => number; tenants: () => number; shutdown: (() => void) | null }
}
