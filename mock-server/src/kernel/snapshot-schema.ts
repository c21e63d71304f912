import { createAjv, type ValidateFunction } from '../generated/ajv.js'
import { describeAjvError } from './ajv.js'
import { CLOCK_MAX, CLOCK_MIN } from './clock-bounds.js'
import type { AnyStateSection } from './state-section.js'

/**
 * The JSON Schema of a tenant snapshot (`GET`/`PUT /__mock/snapshot`, one entry of the
 * `--data-dir` state file), with limits: rows, list lengths, string sizes and nesting depth.
 * The kernel writes its own keys; a module's section with a snapshot part adds its key and
 * schema (`SnapshotPart`, e.g. the member database's). A snapshot is checked against it — and
 * against what the parts' schemas cannot say, such as the columns' row counts — before
 * anything of the tenant changes (`400 invalid_snapshot`, naming the first problem).
 */
export const SNAPSHOT_LIMITS = {
  /** Members per table (the emulator is tested up to a few million in all). */
  rows: 5_000_000,
  tables: 200,
  elements: 2_000,
  accounts: 1_000,
  tokens: 1_000,
  /** Audit entries, conditions, blacklist entries... */
  listItems: 1_000_000,
  /** Bracket nesting of the whole document. */
  depth: 64,
  shortString: 1_000,
} as const

const L = SNAPSHOT_LIMITS
/** Schema pieces with limits, for the kernel's keys and the modules' snapshot parts. */
export const limited = {
  int: (minimum: number, maximum: number) => ({ type: 'integer', minimum, maximum }),
  str: (maxLength: number = L.shortString) => ({ type: 'string', maxLength }),
  list: (items: unknown, maxItems: number, minItems = 0) => ({ type: 'array', items, maxItems, minItems }),
  nullableText: { type: ['string', 'null'], maxLength: 10_000 },
} as const
const { int, str, list } = limited

/** A clock's mode, time and speed (the snapshot's clock and the tenant's creation clock). */
const clockState = {
  mode: { enum: ['real', 'manual'] },
  now: int(CLOCK_MIN, CLOCK_MAX),
  speed: { type: 'number', exclusiveMinimum: 0, maximum: 1_000_000 },
}

/** The snapshot schema without the modules' parts (see `tenantSnapshotSchema`). */
const baseSchema = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  title: 'krs-mock tenant snapshot (krs-mock-tenant/1)',
  type: 'object',
  required: ['format', 'tenant_id', 'seed', 'members', 'clock', 'random', 'state'],
  properties: {
    format: { const: 'krs-mock-tenant/1' },
    tenant_id: { type: 'string', pattern: '^[A-Za-z0-9_-]{1,64}$' },
    seed: int(0, 2 ** 32 - 1),
    members: { anyOf: [{ type: 'null' }, int(0, 20_000_000)] },
    clock: { type: 'object', required: ['mode', 'now'], properties: { ...clockState, wall_ms: { type: 'number' } } },
    // optional: snapshots written before tenants kept their creation clock lack it
    initial_clock: { type: 'object', required: ['mode', 'now'], properties: clockState },
    random: list({ type: 'integer' }, 4, 4),
    scenario: { type: ['object', 'null'] },
    state: {
      type: 'object',
      required: ['format', 'id', 'environmentName', 'accounts', 'tokens', 'audit'],
      properties: {
        format: { const: 'krs-kit-tenant/1' },
        id: str(64),
        environmentName: str(),
        accounts: list({ type: 'object', required: ['id'] }, L.accounts, 1),
        tokens: list(
          {
            type: 'object',
            required: ['token', 'name', 'accountId'],
            properties: { token: { type: 'string', minLength: 1, maxLength: 200 }, name: str(200) },
          },
          L.tokens,
          1,
        ),
        audit: list({ type: 'object' }, L.listItems),
        extra: { type: 'object' },
      },
    },
  },
} as const

/** Keys of the snapshot's `state` that come before the modules' parts (the order errors are found in). */
const STATE_HEAD = ['format', 'id', 'environmentName', 'accounts', 'tokens'] as const

/**
 * The JSON Schema of a tenant snapshot of an engine with these sections: the kernel's keys,
 * and under `state` the key of every section that has a snapshot part (its `schema`, required).
 */
export function tenantSnapshotSchema(sections: readonly AnyStateSection[]): object {
  const state = baseSchema.properties.state
  const props: Record<string, unknown> = state.properties
  const properties: Record<string, unknown> = {}
  for (const k of STATE_HEAD) properties[k] = props[k]
  const partKeys: string[] = []
  for (const s of sections) {
    if (!s.snapshot) continue
    properties[s.key] = s.snapshot.schema
    partKeys.push(s.key)
  }
  properties.audit = props.audit
  properties.extra = props.extra
  return {
    ...baseSchema,
    properties: {
      ...baseSchema.properties,
      state: { ...state, required: [...STATE_HEAD, ...partKeys, 'audit'], properties },
    },
  }
}

/** One compiled schema per list of sections (one per composition of modules). */
const compiled = new WeakMap<readonly AnyStateSection[], ValidateFunction>()

/** Deepest nesting of a parsed JSON value, without recursion (stops past `limit`). */
export function nestingDepth(value: unknown, limit: number): number {
  let max = 0
  const stack: [unknown, number][] = [[value, 1]]
  while (stack.length > 0) {
    const [v, d] = stack.pop()!
    if (typeof v !== 'object' || v === null) continue
    if (d > max) max = d
    if (max > limit) return max
    for (const child of Array.isArray(v) ? v : Object.values(v))
      if (typeof child === 'object' && child !== null) stack.push([child, d + 1])
  }
  return max
}

/** The first problem of a tenant snapshot (`/state/... must ...`), or null when it is valid. */
export function snapshotProblem(json: unknown, sections: readonly AnyStateSection[]): string | null {
  const depth = nestingDepth(json, L.depth)
  if (depth > L.depth) return `the snapshot is nested deeper than ${L.depth} levels`
  let validate = compiled.get(sections)
  if (validate === undefined) {
    // every error, so that a present but wrong key is named before a missing one
    validate = createAjv({ allErrors: true }).compile(tenantSnapshotSchema(sections))
    compiled.set(sections, validate)
  }
  if (!validate(json)) {
    const errors = validate.errors ?? []
    const e = errors.find((x) => x.keyword !== 'required') ?? errors[0]
    return e ? describeAjvError(e).text : 'the snapshot does not match its schema'
  }
  const state = (json as { state: Record<string, unknown> }).state
  for (const s of sections) {
    const problem = s.snapshot?.problem?.(state[s.key], `/state/${s.key}`)
    if (problem) return problem
  }
  return null
}
