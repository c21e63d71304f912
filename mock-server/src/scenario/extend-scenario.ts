import { defaultScenario } from './default-scenario.js'
import { ScenarioError } from '../kernel/scenario-error.js'

/**
 * Partial scenarios: `extends: default` takes the embedded default scenario and applies only
 * what the file gives. The merge rules:
 *
 * - objects merge key by key (recursively); a key the file gives replaces or extends the
 *   default's, keys it does not give stay;
 * - lists of entities merge by identity: `accounts`, `memberTables`, a table's `elements`
 *   and `conditions`, `forms`, `columnSets` by `id`; `tokens` by `name`. An entry with a
 *   known identity merges into that entity (same rules), a new one is appended, and
 *   `{ id: 3, $delete: true }` (or `{ name: ..., $delete: true }` for a token) removes one;
 * - every other list (`blacklist`, `members.list`, `delivery.bounces`, a condition's
 *   `conditions` map values, ...) is replaced as a whole;
 * - `{ $replace: value }` anywhere replaces the default's value by `value` without merging
 *   (e.g. `memberTables: { $replace: [...] }` for entirely own tables).
 *
 * Without `extends` a scenario is complete by itself (as before).
 */
export function resolveExtends(input: unknown): unknown {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return input
  const o = input as Record<string, unknown>
  if (!('extends' in o)) return input
  if (o.extends !== 'default')
    throw new ScenarioError('extends', 'only "default" (the embedded scenario) can be extended')
  const { extends: _base, ...rest } = o
  return mergeValue(defaultScenario() as unknown, rest, '')
}

/** Which key identifies an entity of the list at this path (null: the list is replaced). */
function identityKey(path: string): string | null {
  if (path === 'tokens') return 'name'
  if (/^(accounts|memberTables|forms|columnSets)$/.test(path)) return 'id'
  if (/^memberTables\[\d+\]\.(elements|conditions)$/.test(path)) return 'id'
  if (/^forms\[\d+\]\.elements$/.test(path)) return 'id'
  return null
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v)
}

function mergeValue(base: unknown, over: unknown, path: string): unknown {
  if (isPlainObject(over) && '$replace' in over) {
    if (Object.keys(over).length !== 1) throw new ScenarioError(path, '$replace stands alone in its object')
    return structuredClone(over.$replace)
  }
  if (Array.isArray(over)) {
    const key = identityKey(path)
    if (key === null || !Array.isArray(base)) return over.map((v, i) => mergeValue(undefined, v, `${path}[${i}]`))
    return mergeList(base, over, key, path)
  }
  if (isPlainObject(over)) {
    const out: Record<string, unknown> = isPlainObject(base) ? { ...base } : {}
    for (const [k, v] of Object.entries(over)) {
      const p = path ? `${path}.${k}` : k
      out[k] = mergeValue(out[k], v, p)
    }
    return out
  }
  return over
}

function mergeList(base: unknown[], over: unknown[], key: string, path: string): unknown[] {
  const out = base.map((v) => v)
  over.forEach((item, i) => {
    const p = `${path}[${i}]`
    if (!isPlainObject(item) || item[key] === undefined)
      throw new ScenarioError(p, `an entry of ${path} needs its ${key} to merge with the default scenario`)
    const at = out.findIndex((b) => isPlainObject(b) && b[key] === item[key])
    if (item.$delete === true) {
      if (at < 0)
        throw new ScenarioError(
          p,
          `$delete: the default scenario has no ${path} entry with ${key} ${JSON.stringify(item[key])}`,
        )
      out.splice(at, 1)
      return
    }
    if (at < 0) out.push(mergeValue(undefined, item, `${path}[${out.length}]`))
    else out[at] = mergeValue(out[at], item, `${path}[${at}]`)
  })
  return out
}
