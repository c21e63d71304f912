import type { Engine } from './create-engine.js'
import type { RawRequest, RawResponse } from './raw-http.js'
import type { TenantRuntime } from './tenant-runtime.js'
import { invalid } from './domain-error.js'

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
  /** The JSON body; `{}` for an empty body. */
  json(): Record<string, unknown>
  /** Record that persisted state changed (the Node door saves it). */
  changed(): void
}

export function parseAdminBody(text: string): Record<string, unknown> {
  if (text.trim() === '') return {}
  let v: unknown
  try {
    v = JSON.parse(text)
  } catch (e) {
    throw invalid(`the body is not valid JSON: ${(e as Error).message}`)
  }
  if (typeof v !== 'object' || v === null || Array.isArray(v)) throw invalid('the body must be a JSON object')
  return v as Record<string, unknown>
}

/** Reject keys a route does not know (a typo must not be silently ignored). */
export function onlyKeys(body: Record<string, unknown>, allowed: readonly string[]): void {
  for (const k of Object.keys(body)) {
    if (!allowed.includes(k)) throw invalid(`/${k} is not an allowed key (allowed: ${allowed.join(', ')})`)
  }
}

export function optionalInteger(
  body: Record<string, unknown>,
  key: string,
  min = Number.MIN_SAFE_INTEGER,
): number | undefined {
  const v = body[key]
  if (v === undefined) return undefined
  if (typeof v !== 'number' || !Number.isInteger(v) || v < min) throw invalid(`/${key} must be an integer >= ${min}`)
  return v
}
