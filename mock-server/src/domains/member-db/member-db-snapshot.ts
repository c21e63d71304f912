import { limited, SNAPSHOT_LIMITS as L } from '../../kernel/snapshot-schema.js'
import type { SnapshotPart } from '../../kernel/state-section.js'
import { MemberColumns, type MemberColumnsJson } from './member-columns.js'
import { peekMembers, peekTables } from './shared-tables.js'
import type { MemberDbState, MemberElement, StoredCondition, TableLock } from './member-db-state.js'
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
    nextId: int(1, 2 ** 31 - 1),
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
          id: int(1, 2 ** 31 - 1),
          title: str(),
          elements: list({ type: 'object', required: ['id'], properties: { id: int(1, 2 ** 31 - 1) } }, L.elements),
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
}

/** Bytes a base64 text decodes to. */
function base64Bytes(s: string): number {
  const pad = s.endsWith('==') ? 2 : s.endsWith('=') ? 1 : 0
  return (s.length / 4) * 3 - pad
}

/** The columns must hold `rows` entries each (the schema checked their types). */
function columnsProblem(json: unknown, at: string): string | null {
  const tables = (json as { tables: { members: Record<string, unknown> }[] }).tables
  for (let i = 0; i < tables.length; i++) {
    const m = tables[i]!.members as { rows: number } & Record<string, string | unknown[]>
    const path = `${at}/tables/${i}/members`
    for (const [key, width] of TYPED_WIDTHS) {
      const text = m[key] as string
      if (text.length % 4 !== 0 || !/^[A-Za-z0-9+/]*={0,2}$/.test(text)) return `${path}/${key} must be base64`
      if (base64Bytes(text) !== m.rows * width) return `${path}/${key} must hold /rows (${m.rows}) values`
    }
    for (const key of SYSTEM_TEXT_COLUMNS) {
      if ((m[key] as unknown[]).length > m.rows) return `${path}/${key} must hold at most /rows (${m.rows}) values`
    }
  }
  return null
}

/** The member database's snapshot part. */
export const memberDbSnapshot: SnapshotPart<'memberDb'> = {
  schema: memberDbSnapshotSchema,
  problem: columnsProblem,
  toJSON: snapshotMemberDb,
  fromJSON: (json) => restoreMemberDb(json as MemberDbJson),
}
