import { limited, SNAPSHOT_LIMITS as L } from '../../kernel/snapshot-schema.js'
import type { SnapshotPart } from '../../kernel/state-section.js'
import { decodeBytes } from '../../lib/typed-array-codec.js'
import { MemberColumns, type MemberColumnsJson } from './member-columns.js'
import { peekMembers, peekTables } from './shared-tables.js'
import type { MemberDbState, StoredCondition, TableLock } from './member-db-state.js'
import { elementTypes, type MemberElement } from './member-element.js'
import { SYSTEM_TEXT_COLUMNS, SYSTEM_TIMESTAMP_COLUMNS } from './system-columns.js'

/**
 * How the member database is saved in a tenant snapshot (`state.memberDb`): tables with their
 * elements, and the members as base64 typed columns (`MemberColumns.toJSON`), checked against
 * a schema with limits and the columns against their row count before anything is restored.
 */

interface MemberTableJson {
  id: number
  title: string
  elements: MemberElement[]
  lock: TableLock | null
  autogenNext: Record<string, number>
  members: MemberColumnsJson
}

interface MemberDbJson {
  tables: MemberTableJson[]
  conditions: StoredCondition[]
  nextConditionId: number
  conditionUses: [number, string[]][]
  blacklist: string[]
}

function snapshotMemberDb(db: MemberDbState): MemberDbJson {
  return {
    tables: [...peekTables(db.tables)].map(([, t]) => ({
      id: t.id,
      title: t.title,
      elements: structuredClone(t.elements),
      lock: t.lock ? { ...t.lock } : null,
      autogenNext: { ...t.autogenNext },
      members: peekMembers(t).toJSON(),
    })),
    conditions: structuredClone([...db.conditions.values()]),
    nextConditionId: db.nextConditionId,
    conditionUses: [...db.conditionUses].map(([id, refs]) => [id, [...refs]]),
    blacklist: [...db.blacklist],
  }
}

function restoreMemberDb(j: MemberDbJson): MemberDbState {
  return {
    tables: new Map(
      j.tables.map((t) => [
        t.id,
        {
          id: t.id,
          title: t.title,
          elements: t.elements,
          lock: t.lock,
          autogenNext: t.autogenNext,
          members: MemberColumns.fromJSON(t.members),
        },
      ]),
    ),
    conditions: new Map(j.conditions.map((c) => [c.id, c])),
    nextConditionId: j.nextConditionId,
    conditionUses: new Map(j.conditionUses.map(([id, refs]) => [id, new Set(refs)])),
    blacklist: j.blacklist,
  }
}

const { int, str, list, nullableText } = limited

/** The member id and alive flag, then the timestamps: base64 columns of this many bytes per row. */
const TYPED_WIDTHS: readonly (readonly [string, number])[] = [
  ['id', 4],
  ['alive', 1],
  ...SYSTEM_TIMESTAMP_COLUMNS.map((c) => [c, 8] as const),
]

const memberColumnsSchema = {
  type: 'object',
  required: ['rows', 'nextId', ...TYPED_WIDTHS.map(([k]) => k), ...SYSTEM_TEXT_COLUMNS, 'columns'],
  properties: {
    rows: int(0, L.rows),
    nextId: int(1, L.maxId + 1),
    ...Object.fromEntries(TYPED_WIDTHS.map(([k]) => [k, { type: 'string' }])),
    ...Object.fromEntries(SYSTEM_TEXT_COLUMNS.map((k) => [k, list(nullableText, L.rows)])),
    columns: { type: 'object', maxProperties: L.elements, additionalProperties: { type: 'object' } },
  },
}

const memberDbSnapshotSchema = {
  type: 'object',
  required: ['tables', 'conditions', 'nextConditionId', 'conditionUses', 'blacklist'],
  properties: {
    tables: list(
      {
        type: 'object',
        required: ['id', 'title', 'elements', 'lock', 'autogenNext', 'members'],
        properties: {
          id: limited.id,
          title: str(),
          elements: list(
            {
              type: 'object',
              required: ['id', 'name', 'type', 'required', 'unique', 'system', 'config'],
              properties: {
                id: limited.id,
                name: str(),
                type: { enum: elementTypes },
                required: { type: 'boolean' },
                unique: { type: 'boolean' },
                system: { type: 'boolean' },
                config: { type: 'object' },
              },
            },
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
    conditions: list({ type: 'object', required: ['id'], properties: { id: limited.id } }, L.listItems),
    nextConditionId: int(1, L.maxId + 1),
    conditionUses: list({ type: 'array' }, L.listItems),
    blacklist: list(str(), L.listItems),
  },
}

/** Bytes a base64 text decodes to. */
function base64Bytes(s: string): number {
  const pad = s.endsWith('==') ? 2 : s.endsWith('=') ? 1 : 0
  return (s.length / 4) * 3 - pad
}

/** Bytes per row of a member column of each kind (`multi`: per 32 options). */
const COLUMN_WIDTHS: Readonly<Record<string, number>> = { number: 8, autogen: 8, choice: 4, date: 4, bool: 1, multi: 4 }

const isBase64 = (text: unknown): text is string =>
  typeof text === 'string' && text.length % 4 === 0 && /^[A-Za-z0-9+/]*={0,2}$/.test(text)

/**
 * The members of one table: every column holds `rows` values (in a `krs-kit-tenant/1` state a
 * text column may leave out trailing nulls, read as nulls), the ids increase and are above 0 (rows are
 * found by binary search over them), and `nextId` is above every id (else the next member
 * would take an existing id).
 */
function membersProblem(
  m: Record<string, unknown> & { rows: number; nextId: number },
  path: string,
  shortTexts: boolean,
): string | null {
  for (const [key, width] of TYPED_WIDTHS) {
    const text = m[key]
    if (!isBase64(text)) return `${path}/${key} must be base64`
    if (base64Bytes(text) !== m.rows * width) return `${path}/${key} must hold /rows (${m.rows}) values`
  }
  for (const key of SYSTEM_TEXT_COLUMNS) {
    const n = (m[key] as unknown[]).length
    if (n > m.rows || (!shortTexts && n < m.rows))
      return `${path}/${key} must hold /rows (${m.rows}) values (it holds ${n})`
  }
  for (const [id, column] of Object.entries(m.columns as Record<string, Record<string, unknown>>)) {
    const at = `${path}/columns/${id}`
    if (!/^[1-9][0-9]*$/.test(id)) return `${at} must be named by an element id`
    const { kind, data, optionIds } = column
    if (kind === 'string') {
      if (!Array.isArray(data) || !data.every((v) => v === null || typeof v === 'string'))
        return `${at}/data must be a list of texts and nulls`
      if (data.length > m.rows || (!shortTexts && data.length < m.rows))
        return `${at}/data must hold /rows (${m.rows}) values (it holds ${data.length})`
      continue
    }
    const width = COLUMN_WIDTHS[String(kind)]
    if (width === undefined) return `${at}/kind must be one of string, ${Object.keys(COLUMN_WIDTHS).join(', ')}`
    if (!isBase64(data)) return `${at}/data must be base64`
    let words = 1
    if (kind === 'multi') {
      if (!Array.isArray(optionIds) || !optionIds.every(Number.isInteger)) return `${at}/optionIds must be integers`
      words = Math.max(1, Math.ceil(optionIds.length / 32))
    }
    if (base64Bytes(data) !== m.rows * width * words)
      return `${at}/data must hold /rows (${m.rows}) values (${base64Bytes(data)} bytes for ${m.rows * width * words})`
  }
  const ids = new DataView(decodeBytes(m.id as string).buffer)
  let last = 0
  for (let row = 0; row < m.rows; row++) {
    const id = ids.getInt32(row * 4, true)
    if (id <= last)
      return id <= 0
        ? `${path}/id must hold ids above 0 (row ${row}: ${id})`
        : `${path}/id must hold increasing ids, each once (row ${row}: ${id} after ${last})`
    last = id
  }
  if (m.nextId <= last) return `${path}/nextId must be above every member id (${m.nextId} <= ${last})`
  return null
}

/** Tables with unique ids, elements unique within their table. */
function tablesProblem(tables: readonly MemberTableJson[], at: string): string | null {
  const seen = new Set<number>()
  for (const [i, t] of tables.entries()) {
    if (seen.has(t.id)) return `${at}/tables/${i}/id must be unique (${t.id} is taken)`
    seen.add(t.id)
    const elements = new Set<number>()
    for (const [j, el] of t.elements.entries()) {
      if (elements.has(el.id))
        return `${at}/tables/${i}/elements/${j}/id must be unique in its table (${el.id} is taken)`
      elements.add(el.id)
    }
  }
  return null
}

/** The tables' members, and the saved search conditions: unique ids below `nextConditionId`. */
function memberDbProblem(json: unknown, at: string, format: string): string | null {
  const db = json as { tables: MemberTableJson[]; conditions: { id: unknown }[]; nextConditionId: number }
  const tables = tablesProblem(db.tables, at)
  if (tables) return tables
  for (let i = 0; i < db.tables.length; i++) {
    const problem = membersProblem(
      db.tables[i]!.members as never,
      `${at}/tables/${i}/members`,
      format === 'krs-kit-tenant/1',
    )
    if (problem) return problem
  }
  const seen = new Set<unknown>()
  for (let i = 0; i < db.conditions.length; i++) {
    const id = db.conditions[i]!.id
    if (seen.has(id)) return `${at}/conditions/${i}/id must be unique (${String(id)} is taken)`
    seen.add(id)
    if (typeof id === 'number' && id >= db.nextConditionId)
      return `${at}/nextConditionId must be above every condition id (${db.nextConditionId} <= ${id})`
  }
  return null
}

/** The member database's snapshot part. */
export const memberDbSnapshot: SnapshotPart<'memberDb'> = {
  schema: memberDbSnapshotSchema,
  problem: memberDbProblem,
  toJSON: snapshotMemberDb,
  fromJSON: (json) => restoreMemberDb(json as MemberDbJson),
}
