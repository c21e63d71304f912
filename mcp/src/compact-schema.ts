/**
 * The contract's schemas come dereferenced: a shape used in several places is printed in
 * each (the extraction condition's entry nine times in `add_condition`, 57 KB in all). For
 * an assistant to read, each subschema that repeats is named once under `$defs` and the
 * places that used it point there (`$ref`), largest first, until no subschema of
 * `minBytes` or more repeats. Only schema positions are touched (never `examples`, `enum`
 * or a `properties` map itself), so the result accepts exactly what the input accepts.
 */
export function compactSchema(schema: unknown, minBytes = 200): unknown {
  if (!isObject(schema)) return schema
  let root: unknown = structuredClone(schema)
  const defs: Record<string, unknown> = {}
  for (;;) {
    const repeated = largestRepeat([root, ...Object.values(defs)], minBytes)
    if (repeated === undefined) break
    const value = JSON.parse(repeated) as Record<string, unknown>
    const name = defName(value, defs)
    const swap = (s: unknown): unknown => (JSON.stringify(s) === repeated ? { $ref: `#/$defs/${name}` } : s)
    root = mapSubschemas(root, swap)
    for (const [k, v] of Object.entries(defs)) defs[k] = mapSubschemas(v, swap)
    defs[name] = value
  }
  return Object.keys(defs).length > 0 ? { ...(root as object), $defs: defs } : root
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)

/** Keywords whose value is one subschema, a map of them, or an array of them (JSON Schema 2020-12). */
const single = ['items', 'additionalProperties', 'not', 'if', 'then', 'else', 'contains', 'propertyNames']
const maps = ['properties', 'patternProperties', 'dependentSchemas']
const lists = ['prefixItems', 'allOf', 'anyOf', 'oneOf']

/** The schema with each direct or nested subschema (not the schema itself) passed through `f`, outermost first. */
function mapSubschemas(schema: unknown, f: (s: unknown) => unknown): unknown {
  if (!isObject(schema)) return schema
  const visit = (s: unknown): unknown => {
    const swapped = f(s)
    return swapped === s ? mapSubschemas(s, f) : swapped
  }
  const out: Record<string, unknown> = { ...schema }
  for (const k of single) if (isObject(out[k])) out[k] = visit(out[k])
  for (const k of maps)
    if (isObject(out[k])) out[k] = Object.fromEntries(Object.entries(out[k]).map(([name, s]) => [name, visit(s)]))
  for (const k of lists) if (Array.isArray(out[k])) out[k] = (out[k] as unknown[]).map(visit)
  return out
}

/** The JSON text of the largest subschema (at least `minBytes`) that occurs twice or more. */
function largestRepeat(tops: readonly unknown[], minBytes: number): string | undefined {
  const counts = new Map<string, number>()
  const count = (s: unknown): unknown => {
    const text = JSON.stringify(s)
    // A bare `$ref` (what a replacement leaves) is never named again: that would not end.
    const bareRef = isObject(s) && Object.keys(s).length === 1 && '$ref' in s
    if (isObject(s) && !bareRef && text.length >= minBytes) counts.set(text, (counts.get(text) ?? 0) + 1)
    return s
  }
  for (const [i, top] of tops.entries()) {
    // A definition's own body counts (another place may repeat it); the root's does not.
    if (i > 0) count(top)
    mapSubschemas(top, count)
  }
  let best: string | undefined
  for (const [text, n] of counts) if (n >= 2 && (best === undefined || text.length > best.length)) best = text
  return best
}

function defName(value: Record<string, unknown>, defs: Record<string, unknown>): string {
  const base = typeof value.title === 'string' && /^[A-Za-z][\w-]*$/.test(value.title) ? value.title : 'Shared'
  let name = base
  for (let i = 2; name in defs; i++) name = `${base}${i}`
  return name
}
