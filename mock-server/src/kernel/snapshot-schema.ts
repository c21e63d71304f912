import { createAjv, type ValidateFunction } from '../generated/ajv.js'
import { describeAjvError } from './ajv.js'
import { CLOCK_MAX, CLOCK_MIN } from './clock-bounds.js'

/**
 * The JSON Schema of a tenant snapshot (`GET`/`PUT /__mock/snapshot`, one entry of the
 * `--data-dir` state file), written once, with limits: rows, list lengths, string sizes and
 * nesting depth. A snapshot is checked against it — and the columns against their row count —
 * before anything of the tenant changes (`400 invalid_snapshot`, naming the first problem).
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
const int = (minimum: number, maximum: number) => ({ type: 'integer', minimum, maximum })
const str = (maxLength: number = L.shortString) => ({ type: 'string', maxLength })
const list = (items: unknown, maxItems: number, minItems = 0) => ({ type: 'array', items, maxItems, minItems })
const nullableText = { type: ['string', 'null'], maxLength: 10_000 }

const memberColumnsSchema = {
  type: 'object',
  required: [
    'rows',
    'nextId',
    'id',
    'alive',
    'regist_date',
    'update_date',
    'batch_date',
    'upload_date',
    'last_host',
    'last_referer',
    'last_useragent',
    'columns',
  ],
  properties: {
    rows: int(0, L.rows),
    nextId: int(1, 2 ** 31 - 1),
    id: { type: 'string' },
    alive: { type: 'string' },
    regist_date: { type: 'string' },
    update_date: { type: 'string' },
    batch_date: { type: 'string' },
    upload_date: { type: 'string' },
    last_host: list(nullableText, L.rows),
    last_referer: list(nullableText, L.rows),
    last_useragent: list(nullableText, L.rows),
    columns: { type: 'object', maxProperties: L.elements, additionalProperties: { type: 'object' } },
  },
}

export const tenantSnapshotSchema = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  title: 'krs-mock tenant snapshot (krs-mock-tenant/1)',
  type: 'object',
  required: ['format', 'tenant_id', 'seed', 'members', 'clock', 'random', 'state'],
  properties: {
    format: { const: 'krs-mock-tenant/1' },
    tenant_id: { type: 'string', pattern: '^[A-Za-z0-9_-]{1,64}$' },
    seed: int(0, 2 ** 32 - 1),
    members: { anyOf: [{ type: 'null' }, int(0, 20_000_000)] },
    clock: {
      type: 'object',
      required: ['mode', 'now'],
      properties: {
        mode: { enum: ['real', 'manual'] },
        now: int(CLOCK_MIN, CLOCK_MAX),
        speed: { type: 'number', exclusiveMinimum: 0, maximum: 1_000_000 },
        wall_ms: { type: 'number' },
      },
    },
    random: list({ type: 'integer' }, 4, 4),
    scenario: { type: ['object', 'null'] },
    state: {
      type: 'object',
      required: ['format', 'id', 'environmentName', 'accounts', 'tokens', 'memberDb', 'audit'],
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
        memberDb: {
          type: 'object',
          required: ['tables', 'conditions', 'nextConditionId', 'conditionUses', 'blacklist'],
          properties: {
            tables: list(
              {
                type: 'object',
                required: ['id', 'title', 'elements', 'lock', 'autogenNext', 'members'],
                properties: {
                  id: int(1, 2 ** 31 - 1),
                  title: str(),
                  elements: list(
                    { type: 'object', required: ['id'], properties: { id: int(1, 2 ** 31 - 1) } },
                    L.elements,
                  ),
                  lock: { type: ['object', 'null'] },
                  autogenNext: { type: 'object', additionalProperties: { type: 'integer' } },
                  members: memberColumnsSchema,
                },
              },
              L.tables,
              1,
            ),
            conditions: list({ type: 'object', required: ['id'] }, L.listItems),
            nextConditionId: int(1, 2 ** 31 - 1),
            conditionUses: list({ type: 'array' }, L.listItems),
            blacklist: list(str(), L.listItems),
          },
        },
        audit: list({ type: 'object' }, L.listItems),
        extra: { type: 'object' },
      },
    },
  },
} as const

let compiled: ValidateFunction | null = null

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

/** Bytes a base64 text decodes to. */
function base64Bytes(s: string): number {
  const pad = s.endsWith('==') ? 2 : s.endsWith('=') ? 1 : 0
  return (s.length / 4) * 3 - pad
}

/** The first problem of a tenant snapshot (`/state/... must ...`), or null when it is valid. */
export function snapshotProblem(json: unknown): string | null {
  const depth = nestingDepth(json, L.depth)
  if (depth > L.depth) return `the snapshot is nested deeper than ${L.depth} levels`
  // every error, so that a present but wrong key is named before a missing one
  compiled ??= createAjv({ allErrors: true }).compile(tenantSnapshotSchema)
  if (!compiled(json)) {
    const errors = compiled.errors ?? []
    const e = errors.find((x) => x.keyword !== 'required') ?? errors[0]
    return e ? describeAjvError(e).text : 'the snapshot does not match its schema'
  }
  // the columns must hold `rows` entries each
  const tables = (json as { state: { memberDb: { tables: { id: number; members: Record<string, unknown> }[] } } }).state
    .memberDb.tables
  for (let i = 0; i < tables.length; i++) {
    const m = tables[i]!.members as { rows: number } & Record<string, string | unknown[]>
    const at = `/state/memberDb/tables/${i}/members`
    const widths: [string, number][] = [
      ['id', 4],
      ['alive', 1],
      ['regist_date', 8],
      ['update_date', 8],
      ['batch_date', 8],
      ['upload_date', 8],
    ]
    for (const [key, width] of widths) {
      const text = m[key] as string
      if (text.length % 4 !== 0 || !/^[A-Za-z0-9+/]*={0,2}$/.test(text)) return `${at}/${key} must be base64`
      if (base64Bytes(text) !== m.rows * width) return `${at}/${key} must hold /rows (${m.rows}) values`
    }
    for (const key of ['last_host', 'last_referer', 'last_useragent']) {
      if ((m[key] as unknown[]).length > m.rows) return `${at}/${key} must hold at most /rows (${m.rows}) values`
    }
  }
  return null
}
