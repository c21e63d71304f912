import { limited, SNAPSHOT_LIMITS as L } from '../kernel/snapshot-schema.js'
import type { ScenarioSchemaPart } from '../kernel/module.js'

const { id, str } = limited

/**
 * The keys of a scenario file the scenario layer builds itself: the environment, accounts and
 * tokens, and the start time. Every other key comes from a module's `scenarioSchema` part.
 */
const coreProperties = {
  environment: {
    type: 'object',
    additionalProperties: false,
    required: ['name'],
    properties: { name: str(L.shortString, 1) },
  },
  accounts: {
    type: 'array',
    minItems: 1,
    maxItems: L.accounts,
    items: {
      type: 'object',
      additionalProperties: false,
      required: ['id', 'login', 'name', 'level'],
      properties: {
        id,
        login: str(L.shortString, 1),
        name: str(),
        level: { enum: ['all', 'work', 'operation', 'reference', 'none'] },
        memberDataSearch: { type: 'boolean' },
        encryptedKey: { type: 'boolean' },
        resultDownload: { type: 'boolean' },
        postedImageMenu: { type: 'boolean' },
        options: {
          type: 'object',
          additionalProperties: false,
          properties: { mail: { type: 'boolean' }, forms: { type: 'boolean' }, posted_images: { type: 'boolean' } },
        },
        tables: { oneOf: [{ const: 'all' }, { type: 'array', items: id }] },
      },
    },
  },
  tokens: {
    type: 'array',
    maxItems: L.tokens,
    items: {
      type: 'object',
      additionalProperties: false,
      required: ['name', 'account'],
      properties: { name: str(L.tokenText, 1), token: str(L.tokenText, 1), account: id },
    },
  },
  /** When the tenant's clock starts: ISO 8601 text or unix seconds (scenario-now.ts). */
  now: { type: ['string', 'integer'] },
}

/** Whether the scenario layer builds this key itself (else it is a module's section). */
export function isCoreScenarioKey(key: string): boolean {
  return Object.hasOwn(coreProperties, key)
}

/**
 * The schema of the modules' sections alone (what a tenant state keeps as `scenario`), taken
 * from an assembled scenario schema: a snapshot's sections are checked with it.
 */
export function sectionsSchemaOf(schema: ScenarioJsonSchema): object {
  return {
    type: 'object',
    additionalProperties: false,
    properties: Object.fromEntries(Object.entries(schema.properties).filter(([key]) => !isCoreScenarioKey(key))),
  }
}

/** The JSON Schema (2020-12) of a scenario file, assembled by `assembleScenarioSchema`. */
export interface ScenarioJsonSchema {
  readonly $schema: string
  readonly title: string
  readonly type: 'object'
  readonly additionalProperties: false
  readonly required: readonly string[]
  readonly properties: Readonly<Record<string, unknown>>
}

type ObjectSchema = { readonly type: 'object'; readonly properties: Readonly<Record<string, unknown>> }
const isObjectSchema = (s: unknown): s is ObjectSchema =>
  typeof s === 'object' && s !== null && (s as ObjectSchema).type === 'object' && 'properties' in s

/**
 * Two modules' parts of one `extensions` key (several domains keep their settings under
 * `extensions.services`): both must be object schemas, and each property has one owner.
 */
function mergeExtension(key: string, a: unknown, b: unknown): ObjectSchema {
  if (!isObjectSchema(a) || !isObjectSchema(b)) throw new Error(`scenario key extensions.${key} is declared twice`)
  for (const p of Object.keys(b.properties)) {
    if (p in a.properties) throw new Error(`scenario key extensions.${key}.${p} is declared twice`)
  }
  return { ...a, properties: { ...a.properties, ...b.properties } }
}

/**
 * The scenario schema: the core keys plus the keys of every module's part (top-level
 * `properties`, and `extensions` keys under `extensions`, whose other keys stay free).
 * Parts may share an `extensions` key whose schema is an object (its properties are merged);
 * two parts declaring one key or one such property is a programming error and throws.
 */
export function assembleScenarioSchema(parts: readonly (ScenarioSchemaPart | undefined)[]): ScenarioJsonSchema {
  const properties: Record<string, unknown> = { ...coreProperties }
  const extensions: Record<string, unknown> = {}
  const required = ['environment', 'accounts', 'tokens']
  const checks: ((scenario: Record<string, unknown>) => void)[] = []
  const mergedById = ['accounts']
  for (const part of parts) {
    if (!part) continue
    required.push(...(part.required ?? []))
    if (part.check) checks.push(part.check)
    mergedById.push(...(part.mergedById ?? []))
    for (const [key, schema] of Object.entries(part.properties)) {
      if (key in properties || key === 'extensions') throw new Error(`scenario key ${key} is declared twice`)
      properties[key] = schema
    }
    for (const [key, schema] of Object.entries(part.extensions ?? {})) {
      extensions[key] = key in extensions ? mergeExtension(key, extensions[key], schema) : schema
    }
  }
  properties.extensions = {
    type: 'object',
    description: 'settings of the modules; any other key is free.',
    properties: extensions,
  }
  const schema: ScenarioJsonSchema = {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    title: 'krs-kit emulator scenario',
    type: 'object',
    additionalProperties: false,
    required,
    properties,
  }
  partRules.set(schema, { checks, mergedById })
  return schema
}

/** What the parts of an assembled schema say besides JSON Schema (kept apart: Ajv refuses unknown schema keys). */
const partRules = new WeakMap<
  ScenarioJsonSchema,
  { checks: readonly ((scenario: Record<string, unknown>) => void)[]; mergedById: readonly string[] }
>()

/** Run the modules' rules that a JSON Schema cannot say on a scenario valid against `schema`. */
export function checkScenarioParts(schema: ScenarioJsonSchema, scenario: Record<string, unknown>): void {
  for (const check of partRules.get(schema)?.checks ?? []) check(scenario)
}

/** The lists that `extends: default` merges by `id` (paths with `[]` for any index). */
export function listsMergedById(schema: ScenarioJsonSchema): readonly string[] {
  return partRules.get(schema)?.mergedById ?? []
}
