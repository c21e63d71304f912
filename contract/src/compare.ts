/** One difference between an answer and the contract, or between two answers. */
export interface Difference {
  operation: string
  /** JSON pointer into the answer ('' for the whole answer). */
  pointer: string
  kind: 'schema' | 'missing-key' | 'extra-key' | 'type' | 'format' | 'error-code'
  /** The answer checked (the real service's). */
  actual: unknown
  /** What it was compared with: the emulator's value, or the schema rule. */
  expected: unknown
}

function escapePointer(key: string): string {
  return key.replace(/~/g, '~0').replace(/\//g, '~1')
}

/** The JSON type of a value, as a schema names it. */
export function jsonType(v: unknown): string {
  if (v === null) return 'null'
  if (Array.isArray(v)) return 'array'
  if (typeof v === 'number') return Number.isInteger(v) ? 'integer' : 'number'
  return typeof v
}

/** The format a string looks like (the formats the contract's answers use). */
export function stringFormat(s: string): string {
  if (/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(s)) return 'datetime'
  if (/^\d{4}-\d{2}-\d{2}$/.test(s)) return 'date'
  if (/^https?:\/\//.test(s)) return 'url'
  if (/^[^@\s]+@[^@\s]+$/.test(s)) return 'email'
  return 'text'
}

/**
 * Compares the shape of two answers: keys, types (null counts as a type: nullability),
 * string formats. Values themselves may differ. Arrays compare their items pairwise up to
 * the shorter length (the two environments need not hold the same number of rows).
 */
export function compareShapes(operation: string, actual: unknown, expected: unknown, pointer = ''): Difference[] {
  const ta = jsonType(actual)
  const te = jsonType(expected)
  if (ta !== te) {
    // an integer where the other side has a number is the same JSON type
    if (!((ta === 'integer' && te === 'number') || (ta === 'number' && te === 'integer'))) {
      return [{ operation, pointer, kind: 'type', actual, expected }]
    }
    return []
  }
  if (ta === 'string') {
    const fa = stringFormat(actual as string)
    const fe = stringFormat(expected as string)
    // free text may look like anything; only a change between two known formats counts
    if (fa !== fe && fa !== 'text' && fe !== 'text') return [{ operation, pointer, kind: 'format', actual, expected }]
    return []
  }
  if (ta === 'array') {
    const a = actual as unknown[]
    const e = expected as unknown[]
    const out: Difference[] = []
    for (let i = 0; i < Math.min(a.length, e.length); i++)
      out.push(...compareShapes(operation, a[i], e[i], `${pointer}/${i}`))
    return out
  }
  if (ta === 'object') {
    const a = actual as Record<string, unknown>
    const e = expected as Record<string, unknown>
    const out: Difference[] = []
    for (const k of Object.keys(a)) {
      const p = `${pointer}/${escapePointer(k)}`
      if (!(k in e)) out.push({ operation, pointer: p, kind: 'extra-key', actual: a[k], expected: undefined })
      else out.push(...compareShapes(operation, a[k], e[k], p))
    }
    for (const k of Object.keys(e))
      if (!(k in a))
        out.push({
          operation,
          pointer: `${pointer}/${escapePointer(k)}`,
          kind: 'missing-key',
          actual: undefined,
          expected: e[k],
        })
    return out
  }
  return []
}
