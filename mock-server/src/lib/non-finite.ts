/**
 * The path of the first number of a parsed JSON or YAML value that is not finite (`1e400`
 * parses to Infinity, YAML also has `.inf` and `.nan`), or null when there is none. JSON
 * Schema's `integer` and `number` let Infinity through, and a saved state would write it as
 * null, so input is checked for it before it is accepted.
 */
export function nonFinitePath(value: unknown): string[] | null {
  const stack: [unknown, string[]][] = [[value, []]]
  while (stack.length > 0) {
    const [v, path] = stack.pop()!
    if (typeof v === 'number' && !Number.isFinite(v)) return path
    if (typeof v !== 'object' || v === null) continue
    for (const [k, child] of Object.entries(v)) stack.push([child, [...path, k]])
  }
  return null
}
