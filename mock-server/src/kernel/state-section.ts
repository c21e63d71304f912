import type { TenantCore, TenantSections, TenantState } from './tenant-state.js'

/** Keys of TenantState that the modules declare (see TenantSections). */
export type SectionKey = keyof TenantSections

/** What a section may build from besides the tenant's scenario: the tenant's seed and member count. */
export interface SectionBuild {
  /** Seed of generated data and of every random value drawn while building. */
  readonly seed: number
  /** Number of generated members (`--members`); undefined: the scenario's. */
  readonly members?: number | undefined
}

/**
 * How a section is saved in a tenant snapshot when a plain JSON encoding does not fit (typed
 * columns, size limits): written as its own key of the snapshot's `state`, checked against
 * `schema` (and `problem`) before anything is restored.
 */
export interface SnapshotPart<K extends SectionKey> {
  /** JSON Schema (2020-12) of the saved section, with its limits. */
  readonly schema: object
  /**
   * What the schema cannot say (e.g. column lengths); `at` is the JSON pointer of the section,
   * `format` the saved state's format (`krs-kit-tenant/N`).
   */
  problem?(json: unknown, at: string, format: string): string | null
  toJSON(state: TenantState[K]): unknown
  /** Called only with JSON that passed `schema` and `problem`. */
  fromJSON(json: unknown): TenantState[K]
}

/**
 * A section of a tenant's state, owned by one domain module. The kernel creates every
 * module's sections when a tenant is built or restored (`ensureSections`). A section without
 * a snapshot part is saved as plain data (objects, arrays, Maps, Sets, typed arrays).
 */
export interface StateSection<K extends SectionKey> {
  readonly key: K
  /** Build the section from the tenant's scenario sections at time `now`. */
  create(tenant: TenantState, now: number, build: SectionBuild): TenantState[K]
  readonly snapshot?: SnapshotPart<K>
  /**
   * A tenant's own copy of the section, made from a value that is never written again (see
   * kernel/tenant-fork.ts): for the new fork (`forFork`) or for the tenant it was forked from.
   * It may keep sharing parts it copies later itself (the member tables). Default: a
   * structured clone, which fits plain data.
   */
  fork?(shared: TenantState[K], forFork: boolean): TenantState[K]
}

/** A section of any key (the list a module hands to the kernel). */
export type AnyStateSection = { [K in SectionKey]: StateSection<K> }[SectionKey]

/** The section of `tenant`, created when missing (with `build`; by default seed 1, the scenario's members). */
export function useSection<K extends SectionKey>(
  tenant: TenantState,
  def: StateSection<K>,
  now: number,
  build: SectionBuild = { seed: 1 },
): TenantState[K] {
  const existing = tenant[def.key] as TenantState[K] | undefined
  if (existing !== undefined) return existing
  const created = def.create(tenant, now, build)
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
  build: SectionBuild,
): TenantState {
  const state = partial as TenantState
  for (const s of sections) useSection(state, s as StateSection<SectionKey>, now, build)
  return state
}

/** A tenant state before the kernel has added the modules' sections. */
export type PartialTenantState = TenantCore & Partial<TenantSections>
