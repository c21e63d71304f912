import type { AnyStateSection, SectionKey, StateSection } from './state-section.js'
import type { TenantState } from './tenant-state.js'

/*
 * Forks share their parent's sections until they touch them. When a tenant is forked, each of
 * its sections becomes a frozen base that nobody writes again: the fork and the parent both
 * see the section through a lazy property that makes the holder's own copy the first time it
 * is read (a section is read before it is written, so copy on first read is copy before write).
 * A section a tenant never touches is never copied, so a fork costs one property per section.
 * The parent copies too, at its first touch after the fork: that is what keeps its later writes
 * out of the fork. Bases are reachable only from the lazy properties of the states sharing
 * them, so deleting a fork frees its copies and the bases no other state shares.
 */

/**
 * Parts of a state that are shared like sections: besides the modules' sections, the core's
 * accounts and audit (the tokens are the fork's own; the scenario is never written).
 */
type SharedKey = SectionKey | 'accounts' | 'audit'

/** Per state, the parts it still shares: key → the frozen base. */
const shared = new WeakMap<object, Map<SharedKey, unknown>>()

type Parts = Record<SharedKey, unknown>

const CORE_SHARED: readonly SharedKey[] = ['accounts', 'audit']

function own(state: object, key: SharedKey, value: unknown): void {
  Object.defineProperty(state, key, { value, writable: true, enumerable: true, configurable: true })
  shared.get(state)?.delete(key)
}

function share(state: object, key: SharedKey, base: unknown, copy: Copier, forFork: boolean): void {
  let bases = shared.get(state)
  if (!bases) {
    bases = new Map()
    shared.set(state, bases)
  }
  bases.set(key, base)
  Object.defineProperty(state, key, {
    enumerable: true,
    configurable: true,
    get() {
      const mine = copy(base, forFork)
      own(state, key, mine)
      return mine
    },
    set(value: unknown) {
      own(state, key, value)
    },
  })
}

/** Whether `state` still shares section `key` with a fork or its parent (tests, benches). */
export function sharesSection(state: TenantState, key: SectionKey): boolean {
  return shared.get(state)?.has(key) ?? false
}

/** A read-only view of a state that reads shared sections without copying them (snapshot export). */
export function viewOfState(state: TenantState): TenantState {
  const bases = shared.get(state)
  if (!bases || bases.size === 0) return state
  const view = Object.create(null) as Record<string, unknown>
  for (const key of Object.keys(state))
    view[key] = bases.has(key as SharedKey)
      ? bases.get(key as SharedKey)
      : (state as unknown as Record<string, unknown>)[key]
  return view as unknown as TenantState
}

type Copier = (v: unknown, forFork: boolean) => unknown

const clone: Copier = (v) => structuredClone(v)

/** The copy a section makes of a base: its own `fork`, else a structured clone (plain data). */
function copierOf(def: StateSection<SectionKey>): Copier {
  return (def.fork as Copier | undefined) ?? clone
}

/**
 * The sections of a fork of `parent`, shared: sets them on `child` (a state with its core
 * already set) and turns the parent's own sections into shared ones too.
 */
export function shareSections(parent: TenantState, child: object, sections: readonly AnyStateSection[]): void {
  for (const key of CORE_SHARED) sharePart(parent, child, key, clone)
  for (const s of sections) {
    const def = s as StateSection<SectionKey>
    sharePart(parent, child, def.key, copierOf(def))
  }
}

function sharePart(parent: TenantState, child: object, key: SharedKey, copy: Copier): void {
  const bases = shared.get(parent)
  let base: unknown
  if (bases?.has(key)) base = bases.get(key)
  else {
    base = (parent as unknown as Parts)[key]
    share(parent, key, base, copy, false)
  }
  share(child, key, base, copy, true)
}
