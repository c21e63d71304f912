import type { TenantState } from './tenant-state.js'

/** Keys of TenantState that emulator parts 2 and 3 create on first use. */
export type SectionKey = 'mailDelivery' | 'forms' | 'postedImages' | 'batch' | 'storedFiles'

/**
 * A lazily created section of a tenant's state, owned by one domain. The snapshot code
 * (engine/snapshot.ts) exports and imports every registered section with toJSON/fromJSON.
 */
export interface StateSection<K extends SectionKey> {
  readonly key: K
  /** Build the section from the tenant's scenario (raw part 2/3 scenario sections) at time `now`. */
  create(tenant: TenantState, now: number): NonNullable<TenantState[K]>
  toJSON(state: NonNullable<TenantState[K]>): unknown
  fromJSON(json: unknown): NonNullable<TenantState[K]>
}

/** The section of `tenant`, created on first use. */
export function useSection<K extends SectionKey>(
  tenant: TenantState,
  def: StateSection<K>,
  now: number,
): NonNullable<TenantState[K]> {
  const existing = tenant[def.key]
  if (existing !== undefined) return existing as NonNullable<TenantState[K]>
  const created = def.create(tenant, now)
  ;(tenant as Record<SectionKey, unknown>)[def.key] = created
  return created
}
