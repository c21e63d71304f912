/** A scenario that does not fit the schema or the rules; the message names the key path. */
export class ScenarioError extends Error {
  override readonly name = 'ScenarioError'
  constructor(
    /** Path of the bad key, e.g. "memberTables[0].elements[3].type". */
    readonly path: string,
    readonly rule: string,
  ) {
    super(`scenario: ${path || '(root)'}: ${rule}`)
  }
}

/** "/memberTables/0/elements/3" → "memberTables[0].elements[3]". */
export function pointerToPath(pointer: string): string {
  return pointer
    .split('/')
    .slice(1)
    .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce((acc, p) => (/^\d+$/.test(p) ? `${acc}[${p}]` : acc ? `${acc}.${p}` : p), '')
}

/** ScenarioError at the second item of `items` with the same key (`path(i)` names it). */
export function requireUnique<T>(items: T[], key: (t: T) => unknown, path: (i: number) => string, what: string): void {
  const seen = new Set<unknown>()
  items.forEach((t, i) => {
    const k = key(t)
    if (seen.has(k)) throw new ScenarioError(path(i), `duplicate ${what} ${String(k)}`)
    seen.add(k)
  })
}
