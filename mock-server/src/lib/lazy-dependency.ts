/**
 * A package loaded on first use instead of when the emulator is imported: a test file or a
 * server that never generates members or reads a CSV does not pay for faker or csv-parse.
 * Under Node (20.19 and later require ES modules synchronously) `get()` requires it when first
 * called. Off Node (browser bundles) there is no synchronous load: `loadLazyDependencies()`
 * imports every one, and the engine awaits it before its first answer there.
 */
export interface LazyDependency<M> {
  get(): M
  /** Whether get() can answer now (under Node, or loaded). */
  available(): boolean
}

type Require = (id: string) => unknown

const pending = new Set<() => Promise<void>>()
let nodeRequire: Require | null | undefined

type NodeProcess = { getBuiltinModule?: (id: string) => unknown }
const nodeProcess = (): NodeProcess | undefined => (globalThis as { process?: NodeProcess }).process

/** Whether Node's require can be had (without making it: `node:module` is not loaded for nothing). */
function onNode(): boolean {
  return nodeRequire ? true : nodeRequire === null ? false : typeof nodeProcess()?.getBuiltinModule === 'function'
}

/** Node's require relative to this file (in the build: to dist/), or null off Node. */
export function requireOfNode(): Require | null {
  if (nodeRequire !== undefined) return nodeRequire
  const mod = nodeProcess()?.getBuiltinModule?.('node:module') as { createRequire(from: string): Require } | undefined
  nodeRequire = mod ? mod.createRequire(import.meta.url) : null
  return nodeRequire
}

/**
 * `specifier` is what Node requires; `load` imports the same package (written out, so that
 * bundlers see it). `req` replaces Node's require (tests; null: as off Node).
 */
export function lazyDependency<M>(
  specifier: string,
  load: () => Promise<M>,
  req: () => Require | null = requireOfNode,
): LazyDependency<M> {
  let loaded: M | undefined
  const preload = async () => {
    loaded ??= await load()
    pending.delete(preload)
  }
  pending.add(preload)
  return {
    get() {
      if (loaded !== undefined) return loaded
      const r = req()
      if (r === null) throw new Error(`${specifier} is not loaded: await loadLazyDependencies() first`)
      loaded = r(specifier) as M
      pending.delete(preload)
      return loaded
    },
    available: () => loaded !== undefined || req() !== null,
  }
}

/** Whether every lazy dependency can be had synchronously (under Node, or all loaded). */
export function lazyDependenciesReady(): boolean {
  return pending.size === 0 || onNode()
}

/** Import every lazy dependency not loaded yet. */
export async function loadLazyDependencies(): Promise<void> {
  await Promise.all([...pending].map((p) => p()))
}
