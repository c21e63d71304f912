import type { TenantCore, TenantSections, TenantState } from './tenant-state.js'

/** Keys of TenantState that the modules declare (see TenantSections). */
export type SectionKey = keyof TenantSections

/**
 * A section of a tenant's state, owned by one domain module. The kernel creates every
 * module's sections when a tenant is built or restored (`ensureSections`).
 */
export interface StateSection<K extends SectionKey> {
  readonly key: K
  /** Build the section from the tenant's scenario (its raw scenario section) at time `now`. */
  create(tenant: TenantState, now: number): TenantState[K]
  toJSON(state: TenantState[K]): unknown
  fromJSON(json: unknown): TenantState[K]
}

/** A section of any key (the list a module hands to the kernel). */
export type AnyStateSection = { [K in SectionKey]: StateSection<K> }[SectionKey]

/** The section of `tenant`, created when missing. */
export function useSection<K extends SectionKey>(
  tenant: TenantState,
  def: StateSection<K>,
  now: number,
): TenantState[K] {
  const existing = tenant[def.key] as TenantState[K] | undefined
  if (existing !== undefined) return existing
  const created = def.create(tenant, now)
  ;(tenant as unknown as Record<SectionKey, unknown>)[def.key] = created
  return created
}

/**
 * Create every missing section of a tenant when it is built or restored, so that no request —
 * least of all a refused one — changes the state by merely looking at a section for the first
 * time. Sections already present (from a snapshot) are kept as they are.
 */
export function ensureSections(
  partial: TenantCore & Partial<TenantSections>,
  sections: readonly AnyStateSection[],
  now: number,
): TenantState {
  const state = partial as TenantState
  for (const s of sections) useSection(state, s as StateSection<SectionKey>, now)
  return state
}

/** A tenant state before the kernel has added the modules' sections. */
export type PartialTenantState = TenantCore & Partial<TenantSections>
