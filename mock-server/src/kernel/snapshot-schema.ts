import { PERMISSION_LEVELS } from './account.js'
import { createAjv, type ValidateFunction } from '../lib/lazy-ajv.js'
import { describeAjvError } from './ajv.js'
import { adminRequests } from '@krs-kit/contract/admin-requests'
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
  /** Token names and values. */
  tokenText: 200,
  /** Ids of tables, elements, accounts, conditions...: what a 32-bit signed integer holds. */
  maxId: 2 ** 31 - 1,
} as const

const L = SNAPSHOT_LIMITS
/** Schema pieces with limits, for the kernel's keys and the modules' snapshot parts. */
export const limited = {
  int: (minimum: number, maximum: number) => ({ type: 'integer', minimum, maximum }),
  /** An id (1 up to `maxId`), the same in a scenario and a snapshot. */
  id: { type: 'integer', minimum: 1, maximum: L.maxId },
  str: (maxLength: number = L.shortString, minLength = 0) => ({ type: 'string', minLength, maxLength }),
  list: (items: unknown, maxItems: number, minItems = 0) => ({ type: 'array', items, maxItems, minItems }),
  nullableText: { type: ['string', 'null'], maxLength: 10_000 },
} as const
const { str, list } = limited

/**
 * The envelope keys an admin call also sets (seed, member count, clock): their schemas are
 * the admin contract's (`TenantSnapshot` in spec/admin.openapi.yaml, which shares `Seed`,
 * `MemberCount`, `ClockTime` and `ClockSpeed` with the reset, tenant and clock bodies), so
 * what an admin call accepts is what a snapshot loads.
 */
const envelope = (adminRequests.mock_import_snapshot.schema as { properties: Record<string, Record<string, unknown>> })
  .properties
const envelopeClock = (envelope.clock as { properties: Record<string, unknown> }).properties

/** A clock's mode, time and speed (the snapshot's clock and the tenant's creation clock). */
const clockState = { mode: { enum: ['real', 'manual'] }, now: envelopeClock.now, speed: envelopeClock.speed }

/** The snapshot schema without the modules' parts (see `tenantSnapshotSchema`). */
const baseSchema = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  title: 'krs-mock tenant snapshot (krs-mock-tenant/1)',
  type: 'object',
  required: ['format', 'tenant_id', 'seed', 'members', 'clock', 'random', 'state'],
  properties: {
    format: { const: 'krs-mock-tenant/1' },
    tenant_id: { type: 'string', pattern: '^[A-Za-z0-9_-]{1,64}$' },
    seed: envelope.seed,
    members: envelope.members,
    clock: { type: 'object', required: ['mode', 'now'], properties: { ...clockState, wall_ms: { type: 'number' } } },
    // optional: snapshots written before tenants kept their creation clock lack it
    initial_clock: { type: 'object', required: ['mode', 'now'], properties: clockState },
    random: list({ type: 'integer' }, 4, 4),
    scenario: { type: ['object', 'null'] },
    state: {
      type: 'object',
      required: ['format', 'id', 'environmentName', 'accounts', 'tokens', 'audit'],
      properties: {
        // /1: text columns may be shorter than the rows (see scenario/snapshot.ts)
        format: { enum: ['krs-kit-tenant/1', 'krs-kit-tenant/2'] },
        id: str(64),
        environmentName: str(),
        accounts: list(
          {
            type: 'object',
            required: ['id', 'level'],
            properties: {
              level: { enum: PERMISSION_LEVELS },
              memberDataSearch: { type: 'boolean' },
              encryptedKey: { type: 'boolean' },
              resultDownload: { type: 'boolean' },
              postedImageMenu: { type: 'boolean' },
              options: { type: 'object', additionalProperties: { type: 'boolean' } },
              tables: { anyOf: [{ const: 'all' }, list(limited.id, L.tables)] },
            },
          },
          L.accounts,
          1,
        ),
        tokens: list(
          {
            type: 'object',
            required: ['token', 'name', 'accountId'],
            // a created tenant's token value is `<name>.<tenant id>.<16 hex digits>` (tenant-registry.ts)
            properties: { token: str(L.tokenText + 1 + 64 + 1 + 16, 1), name: str(L.tokenText) },
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

interface KernelState {
  accounts: { id: unknown }[]
  tokens: { token: string; accountId: unknown }[]
}

/** Accounts with unique ids, tokens with unique values, each naming one of the accounts. */
function accountsProblem(state: KernelState): string | null {
  const accounts = new Set<unknown>()
  for (let i = 0; i < state.accounts.length; i++) {
    const id = state.accounts[i]!.id
    if (accounts.has(id)) return `/state/accounts/${i}/id must be unique (${JSON.stringify(id)} is taken)`
    accounts.add(id)
  }
  const tokens = new Set<string>()
  for (let i = 0; i < state.tokens.length; i++) {
    const { token, accountId } = state.tokens[i]!
    if (tokens.has(token)) return `/state/tokens/${i}/token must be unique`
    tokens.add(token)
    if (!accounts.has(accountId))
      return `/state/tokens/${i}/accountId must name an account of /state/accounts (${JSON.stringify(accountId)} is none)`
  }
  return null
}

type Encoded = Record<string, unknown>
const unwrap = (v: unknown): unknown => (v as { $obj?: unknown } | null)?.$obj ?? v

/** The ids of an encoded collection: a Map's keys, an object's numeric keys, a list's items' `id`. */
function idsOf(collection: unknown): unknown[] | null {
  const c = unwrap(collection)
  if (typeof c !== 'object' || c === null) return null
  if (Array.isArray(c)) {
    const ids = c.map((item) => (unwrap(item) as { id?: unknown } | null)?.id)
    return ids.every((id) => id !== undefined) ? ids : null
  }
  const map = (c as { $map?: unknown }).$map
  if (Array.isArray(map)) return map.map((entry) => (Array.isArray(entry) ? entry[0] : undefined))
  if ('$set' in c || '$typed' in c) return null
  const keys = Object.keys(c)
  return keys.every((k) => /^[0-9]+$/.test(k)) ? keys.map(Number) : null
}

/** The collection a `next…Id` counter numbers: `nextDeliveryId` → `deliveries`, `nextJobId` → `jobs`. */
function counted(section: Encoded, counter: string): string | null {
  const name = counter.slice(4, -2)
  if (name === '') {
    // a bare `nextId` numbers the one collection of ids beside it
    const collections = Object.keys(section).filter((k) => k !== counter && idsOf(section[k]) !== null)
    return collections.length === 1 ? collections[0]! : null
  }
  const base = name[0]!.toLowerCase() + name.slice(1)
  const names = [`${base}s`, `${base}es`, base.endsWith('y') ? `${base.slice(0, -1)}ies` : '', base]
  return names.find((n) => n !== '' && n in section) ?? null
}

/**
 * The id counters of the sections saved generically (`/state/extra`): each `next…Id` must be
 * above every id of the collection it numbers, whose ids are positive integers, each once —
 * else the next delivery, message, job or file would take an id that exists.
 */
function countersProblem(extra: unknown): string | null {
  if (typeof extra !== 'object' || extra === null) return null
  for (const [key, value] of Object.entries(extra)) {
    const section = unwrap(value)
    if (typeof section !== 'object' || section === null || Array.isArray(section)) continue
    const at = `/state/extra/${key}${section === value ? '' : '/$obj'}`
    for (const [counter, next] of Object.entries(section as Encoded)) {
      if (!/^next([A-Z][A-Za-z]*)?Id$/.test(counter) || typeof next !== 'number') continue
      const name = counted(section as Encoded, counter)
      const ids = name === null ? null : idsOf((section as Encoded)[name])
      if (ids === null) continue
      const seen = new Set<unknown>()
      for (const id of ids) {
        if (!Number.isInteger(id) || (id as number) < 1)
          return `${at}/${name} must have ids above 0 (got ${JSON.stringify(id)})`
        if (seen.has(id)) return `${at}/${name} must have each id once (${id} twice)`
        seen.add(id)
        if ((id as number) >= next) return `${at}/${counter} must be above every id of ${at}/${name} (${next} <= ${id})`
      }
    }
  }
  return null
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
  const kernelProblem = accountsProblem(state as unknown as KernelState)
  if (kernelProblem) return kernelProblem
  const counterProblem = countersProblem(state.extra)
  if (counterProblem) return counterProblem
  for (const s of sections) {
    const problem = s.snapshot?.problem?.(state[s.key], `/state/${s.key}`, state.format as string)
    if (problem) return problem
  }
  return null
}
