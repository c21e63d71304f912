import { nonFinitePath } from '../lib/non-finite.js'
import { yaml } from './yaml-package.js'
import { type AjvInstance, createAjv, type ErrorObject, type ValidateFunction } from '../lib/lazy-ajv.js'
import { resolveExtends } from './extend-scenario.js'
import { pointerToPath, requireUnique, ScenarioError } from '../kernel/scenario-error.js'
import { scenarioNowSeconds } from './scenario-now.js'
import { checkScenarioParts, listsMergedById, type ScenarioJsonSchema, sectionsSchemaOf } from './scenario-schema.js'
import type { Scenario } from './scenario-types.js'

let ajv: AjvInstance | null = null
/** One compiled validator per assembled schema (one per composition of modules), and of its sections. */
const validators = new WeakMap<ScenarioJsonSchema, ValidateFunction>()
const sectionValidators = new WeakMap<ScenarioJsonSchema, ValidateFunction>()

function validatorOf(schema: ScenarioJsonSchema, sections = false): ValidateFunction {
  const cache = sections ? sectionValidators : validators
  let v = cache.get(schema)
  if (!v) {
    ajv ??= createAjv()
    v = ajv.compile(sections ? sectionsSchemaOf(schema) : schema)
    cache.set(schema, v)
  }
  return v
}

/**
 * Check the modules' sections a tenant state keeps (`state.scenario`, e.g. from a snapshot)
 * against their parts of `schema`, so that the modules read them typed. Throws ScenarioError.
 */
export function checkScenarioSections(schema: ScenarioJsonSchema, sections: unknown): void {
  const v = validatorOf(schema, true)
  if (!v(sections)) throw describe(v.errors![0]!)
}

function describe(e: ErrorObject): ScenarioError {
  let path = pointerToPath(e.instancePath)
  const p = e.params as Record<string, unknown>
  if (e.keyword === 'additionalProperties') {
    path = path ? `${path}.${String(p.additionalProperty)}` : String(p.additionalProperty)
    return new ScenarioError(path, 'unknown key')
  }
  if (e.keyword === 'required') {
    path = path ? `${path}.${String(p.missingProperty)}` : String(p.missingProperty)
    return new ScenarioError(path, 'required key is missing')
  }
  if (e.keyword === 'enum') return new ScenarioError(path, `must be one of ${JSON.stringify(p.allowedValues)}`)
  if (e.keyword === 'propertyNames')
    return new ScenarioError(`${path}.${String(p.propertyName)}`, 'key name not allowed')
  return new ScenarioError(path, e.message ?? e.keyword)
}

/** Rules of the scenario layer's keys that a JSON Schema cannot say: unique ids, references. */
function checkReferences(s: Scenario): void {
  requireUnique(
    s.accounts,
    (a) => a.id,
    (i) => `accounts[${i}].id`,
    'account id',
  )
  requireUnique(
    s.tokens,
    (t) => t.token ?? t.name,
    (i) => `tokens[${i}]`,
    'token',
  )
  const accountIds = new Set(s.accounts.map((a) => a.id))
  s.tokens.forEach((t, i) => {
    if (!accountIds.has(t.account)) throw new ScenarioError(`tokens[${i}].account`, `no account ${t.account}`)
  })
}

/**
 * Validate a scenario (an object, or JSON / YAML text) against `schema` (the scenario schema
 * assembled from the modules' parts, `assembleScenarioSchema`) and the reference rules.
 * Throws ScenarioError naming the bad key path. A scenario with `extends: default` is first
 * merged onto the embedded default (extend-scenario.ts).
 */
export function parseScenarioWith(schema: ScenarioJsonSchema, input: unknown): Scenario {
  let data = input
  if (typeof input === 'string') {
    try {
      // YAML is a superset of JSON; off Node before the engine's first answer only JSON is read
      data = yaml.available() ? yaml.get().parse(input) : JSON.parse(input)
    } catch (e) {
      throw new ScenarioError('', `not JSON or YAML: ${(e as Error).message}`)
    }
  }
  data = resolveExtends(data, listsMergedById(schema)) // `extends: default`: merged onto the embedded scenario first
  const v = validatorOf(schema)
  if (!v(data)) throw describe(v.errors![0]!)
  const infinite = nonFinitePath(data)
  if (infinite !== null)
    throw new ScenarioError(
      infinite.map((k, i) => (/^[0-9]+$/.test(k) ? `[${k}]` : i === 0 ? k : `.${k}`)).join(''),
      'must be a finite number',
    )
  const s = structuredClone(data) as Scenario
  checkReferences(s)
  checkScenarioParts(schema, s as unknown as Record<string, unknown>)
  scenarioNowSeconds(s.now)
  return s
}
