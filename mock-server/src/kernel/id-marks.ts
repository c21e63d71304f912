/**
 * The id counters of a tenant's state (every `next…Id` number the domains keep: members of a
 * table, deliveries, messages, jobs, files, conditions), found without knowing the domains, so
 * that a store can persist the highest ids it acknowledged and raise the counters to them
 * after losing writes (`krs-mock --repair`): an id given to a client is never given again.
 */
export type IdMarks = [path: (string | number)[], value: number][]

const COUNTER = /^next(?:[A-Z][A-Za-z]*)?Id$/
const MAX_DEPTH = 5
/** Collections larger than this hold records, not counters: not walked. */
const MAX_ENTRIES = 256

export function idMarksOf(state: object): IdMarks {
  const marks: IdMarks = []
  walk(state, [], 0, marks)
  return marks
}

function walk(node: object, path: (string | number)[], depth: number, marks: IdMarks): void {
  if (depth > MAX_DEPTH || ArrayBuffer.isView(node) || Array.isArray(node) || node instanceof Set) return
  if (node instanceof Map) {
    if (node.size > MAX_ENTRIES) return
    for (const [k, v] of node) if (typeof v === 'object' && v !== null) walk(v, [...path, k], depth + 1, marks)
    return
  }
  const keys = Object.keys(node)
  if (keys.length > MAX_ENTRIES) return
  for (const key of keys) {
    // only plain values: an accessor may build what it returns (members made on first read)
    const d = Object.getOwnPropertyDescriptor(node, key)
    if (!d || !('value' in d)) continue
    const v: unknown = d.value
    if (typeof v === 'number' && COUNTER.test(key) && Number.isSafeInteger(v)) marks.push([[...path, key], v])
    else if (typeof v === 'object' && v !== null) walk(v, [...path, key], depth + 1, marks)
  }
}

/** Raise each counter named in `marks` to at least its mark (never lower one). */
export function raiseIdMarks(state: object, marks: IdMarks): void {
  for (const [path, value] of marks) {
    let node: unknown = state
    for (const seg of path.slice(0, -1)) {
      node = node instanceof Map ? node.get(seg) : (node as Record<string, unknown> | null)?.[String(seg)]
      if (typeof node !== 'object' || node === null) break
    }
    const key = String(path.at(-1))
    const target = node as Record<string, unknown> | null
    if (typeof target !== 'object' || target === null || typeof target[key] !== 'number') continue
    if ((target[key] as number) < value) target[key] = value
  }
}

/** The highest mark of each counter over several records' marks. */
export function maxIdMarks(list: Iterable<IdMarks>): IdMarks {
  const best = new Map<string, [(string | number)[], number]>()
  for (const marks of list)
    for (const [path, value] of marks) {
      const k = JSON.stringify(path)
      const seen = best.get(k)
      if (!seen || seen[1] < value) best.set(k, [path, value])
    }
  return [...best.values()]
}
