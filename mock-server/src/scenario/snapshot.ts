import type { Account, ApiToken } from '../kernel/account.js'
import type { AnyStateSection, SnapshotPart } from '../kernel/state-section.js'
import type { AuditEntry, TenantState } from '../kernel/tenant-state.js'
import { decodeJsonSafe, encodeJsonSafe } from './json-safe.js'

/**
 * The format of a tenant's saved state. /2 writes every text column of the members as long as
 * the rows; /1 (still read) could leave trailing nulls out, which are read as nulls.
 */
export const TENANT_STATE_FORMAT = 'krs-kit-tenant/2'
export const TENANT_STATE_FORMATS: readonly string[] = ['krs-kit-tenant/1', TENANT_STATE_FORMAT]

const CORE = new Set(['id', 'environmentName', 'accounts', 'tokens', 'audit'])

/** The sections that save themselves (a snapshot part), by key. */
function partsOf(sections: readonly AnyStateSection[]): Map<string, SnapshotPart<never>> {
  const parts = new Map<string, SnapshotPart<never>>()
  for (const s of sections) if (s.snapshot) parts.set(s.key, s.snapshot as SnapshotPart<never>)
  return parts
}

/**
 * The whole tenant as JSON-safe data: the kernel's keys, each section with a snapshot part
 * as its own key (e.g. the member database's typed columns), and every other section under
 * `extra`, encoded generically: objects, arrays, Maps, Sets and typed arrays survive; class
 * instances come back as plain objects.
 */
export function snapshotTenant(state: TenantState, sections: readonly AnyStateSection[]): unknown {
  const parts = partsOf(sections)
  const extra: Record<string, unknown> = {}
  for (const [k, v] of Object.entries(state))
    if (!CORE.has(k) && !parts.has(k) && v !== undefined) extra[k] = encodeJsonSafe(v)
  const out: Record<string, unknown> = {
    format: TENANT_STATE_FORMAT,
    id: state.id,
    environmentName: state.environmentName,
    accounts: structuredClone([...state.accounts.values()]),
    tokens: structuredClone([...state.tokens.values()]),
  }
  const sectionsOfState = state as unknown as Record<string, never>
  for (const [k, part] of parts) out[k] = part.toJSON(sectionsOfState[k]!)
  out.audit = structuredClone(state.audit)
  out.extra = extra
  return out
}

/** The inverse of `snapshotTenant` (the snapshot's schema and its parts' checks have passed). */
export function restoreTenant(json: unknown, sections: readonly AnyStateSection[]): TenantState {
  const j = json as {
    format: string
    id: string
    environmentName: string
    accounts: Account[]
    tokens: ApiToken[]
    audit: AuditEntry[]
    extra?: Record<string, unknown>
  } & Record<string, unknown>
  if (!TENANT_STATE_FORMATS.includes(j?.format))
    throw new Error(`restoreTenant: not a krs-kit tenant snapshot (format ${TENANT_STATE_FORMATS.join(' or ')})`)
  const restored: Record<string, unknown> = {}
  for (const [k, v] of Object.entries(j.extra ?? {})) restored[k] = decodeJsonSafe(v)
  for (const [k, part] of partsOf(sections)) restored[k] = part.fromJSON(j[k])
  return {
    ...restored,
    id: j.id,
    environmentName: j.environmentName,
    accounts: new Map(j.accounts.map((a) => [a.id, a])),
    tokens: new Map(j.tokens.map((t) => [t.token, t])),
    audit: j.audit,
  } as TenantState
}
