import { defaultScenario } from './default-scenario.js'
import { ScenarioError } from '../kernel/scenario-error.js'

/**
 * Partial scenarios: `extends: default` takes the embedded default scenario and applies only
 * what the file gives. The merge rules:
 *
 * - objects merge key by key (recursively); a key the file gives replaces or extends the
 *   default's, keys it does not give stay;
 * - lists of entities merge by identity: `tokens` by `name`, `accounts` and the lists the
 *   modules' scenario parts name (`mergedById`: member tables, their elements and
 *   conditions, forms and their elements, column sets) by `id`. An entry with a
 *   known identity merges into that entity (same rules), a new one is appended, and
 *   `{ id: 3, $delete: true }` (or `{ name: ..., $delete: true }` for a token) removes one;
 * - every other list (`blacklist`, `members.list`, `delivery.bounces`, a condition's
 *   `conditions` map values, ...) is replaced as a whole;
 * - `{ $replace: value }` anywhere replaces the default's value by `value` without merging
 *   (e.g. for entirely own member tables).
 *
 * Without `extends` a scenario is complete by itself (as before).
 */
export function resolveExtends(input: unknown, mergedById: readonly string[]): unknown {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return input
  const o = input as Record<string, unknown>
  if (!('extends' in o)) return input
  if (o.extends !== 'default')
    throw new ScenarioError('extends', 'only "default" (the embedded scenario) can be extended')
  const { extends: _base, ...rest } = o
  const byId = new Set(mergedById)
  /** Which key identifies an entity of the list at this path (null: the list is replaced). */
  const identityKey = (path: string): string | null => {
    if (path === 'tokens') return 'name'
    return byId.has(path.replace(/\[\d+\]/g, '[]')) ? 'id' : null
  }
  return mergeValue(defaultScenario() as unknown, rest, '', identityKey)
}

type IdentityKey = (path: string) => string | null

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v)
}

function mergeValue(base: unknown, over: unknown, path: string, identityKey: IdentityKey): unknown {
  if (isPlainObject(over) && '$replace' in over) {
    if (Object.keys(over).length !== 1) throw new ScenarioError(path, '$replace stands alone in its object')
    return structuredClone(over.$replace)
  }
  if (Array.isArray(over)) {
    const key = identityKey(path)
    if (key === null || !Array.isArray(base))
      return over.map((v, i) => mergeValue(undefined, v, `${path}[${i}]`, identityKey))
    return mergeList(base, over, key, path, identityKey)
  }
  if (isPlainObject(over)) {
    const out: Record<string, unknown> = isPlainObject(base) ? { ...base } : {}
    for (const [k, v] of Object.entries(over)) {
      const p = path ? `${path}.${k}` : k
      out[k] = mergeValue(out[k], v, p, identityKey)
    }
    return out
  }
  return over
}

function mergeList(base: unknown[], over: unknown[], key: string, path: string, identityKey: IdentityKey): unknown[] {
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
    if (at < 0) out.push(mergeValue(undefined, item, `${path}[${out.length}]`, identityKey))
    else out[at] = mergeValue(out[at], item, `${path}[${at}]`, identityKey)
  })
  return out
}
