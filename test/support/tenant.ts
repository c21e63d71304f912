import { inject } from 'vitest'

export interface Tenant {
  tenantId: string
  /** Token values by name: krs-all, krs-work, krs-operation, krs-reference, krs-search, krs-noencrypt, krs-nomail, ... */
  tokens: Record<string, string>
  /** The emulator itself (admin API; requests that must bypass Prism, e.g. invalid ones). */
  mockUrl: string
  /** Prism's validating proxy in front of the emulator: every conforming call goes here. */
  prismUrl: string
}

/** A fresh isolated tenant on the run's emulator (`POST /__mock/tenants`); one per test file. */
export async function newTenant(body: Record<string, unknown> = {}): Promise<Tenant> {
  const mockUrl = inject('mockUrl')
  const prismUrl = inject('prismUrl')
  const res = await fetch(`${mockUrl}/__mock/tenants`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ clock: { mode: 'manual' }, ...body }),
  })
  if (res.status !== 201) throw new Error(`POST /__mock/tenants answered ${res.status}: ${await res.text()}`)
  const json = (await res.json()) as { tenant_id: string; tokens: Record<string, string> }
  return { tenantId: json.tenant_id, tokens: json.tokens, mockUrl, prismUrl }
}

/** An admin call on the tenant of `token`. */
export async function admin(
  t: Tenant,
  method: string,
  path: string,
  token: string,
  body?: unknown,
): Promise<{ status: number; json: unknown }> {
  const res = await fetch(`${t.mockUrl}/__mock/${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  })
  const text = await res.text()
  return { status: res.status, json: text ? (JSON.parse(text) as unknown) : null }
}
