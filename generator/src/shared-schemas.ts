/**
 * Finds the component schemas that the registry uses more than once, so that
 * `operations.ts` can print each of them once as a constant and refer to it by name.
 * (The registry stays dereferenced: at run time every use is the same plain object.)
 */
export interface SharedSchema {
  /** Constant name, e.g. `memberTableSchema`. */
  name: string
  /** The `$ref` it came from, e.g. `#/components/schemas/MemberTable`. */
  ref: string
  value: object
}

/** `#/components/schemas/Member-Table_2` -> `memberTable2Schema`. */
export function constantName(ref: string): string {
  const last = decodeURIComponent(ref.split('/').pop() ?? 'shared')
    .replace(/~1/g, '/')
    .replace(/~0/g, '~')
  const words = last.split(/[^A-Za-z0-9]+/).filter((w) => w !== '')
  const camel = words
    .map((w, i) => (i === 0 ? w.charAt(0).toLowerCase() + w.slice(1) : w.charAt(0).toUpperCase() + w.slice(1)))
    .join('')
  const base = /^[A-Za-z]/.test(camel) ? camel : `s${camel}`
  return `${base}Schema`
}

/**
 * `roots` are the values printed (the registry's schemas); `components` maps each `$ref` to the
 * object all its uses share. Returns the components reached more than once from `roots`, in an
 * order where each constant comes after the constants it uses.
 */
export function findSharedSchemas(roots: readonly unknown[], components: ReadonlyMap<string, unknown>): SharedSchema[] {
  const refOf = new Map<object, string>()
  for (const [ref, value] of components)
    if (typeof value === 'object' && value !== null && !refOf.has(value)) refOf.set(value, ref)

  const uses = new Map<object, number>()
  const countUses = (v: unknown): void => {
    if (typeof v !== 'object' || v === null) return
    const n = (uses.get(v) ?? 0) + 1
    uses.set(v, n)
    if (n > 1) return // its children were counted on the first visit
    for (const child of Array.isArray(v) ? v : Object.values(v)) countUses(child)
  }
  roots.forEach(countUses)

  const shared = new Set<object>([...refOf.keys()].filter((v) => (uses.get(v) ?? 0) > 1))
  const order: object[] = []
  const placed = new Set<object>()
  const visit = (v: unknown): void => {
    if (typeof v !== 'object' || v === null || placed.has(v)) return
    placed.add(v)
    for (const child of Array.isArray(v) ? v : Object.values(v)) visit(child)
    if (shared.has(v)) order.push(v)
  }
  roots.forEach(visit)

  const taken = new Set<string>()
  return order.map((value) => {
    const ref = refOf.get(value) as string
    let name = constantName(ref)
    for (let i = 2; taken.has(name); i++) name = `${constantName(ref)}${i}`
    taken.add(name)
    return { name, ref, value }
  })
}
