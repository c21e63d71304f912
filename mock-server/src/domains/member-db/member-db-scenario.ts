import { limited, SNAPSHOT_LIMITS as L } from '../../kernel/snapshot-schema.js'
import type { ConditionClause, ElementConfig, ElementType, SystemTimestampField } from './member-db-state.js'
import { charClasses, elementTypes } from './member-element.js'
import { SYSTEM_TIMESTAMP_COLUMNS } from './system-columns.js'
import { requireUnique, ScenarioError } from '../../kernel/scenario-error.js'

/**
 * The member database's keys of the scenario file: `memberTables` (elements, listed and
 * generated members, stored conditions) and `blacklist`. See src/scenario/README.md for the
 * format; `memberDbSection` builds the state from them.
 */

/** How generated members fill an element (defaults follow the element type). */
export const fakeKinds = [
  'email',
  'name',
  'kana',
  'birthday',
  'company',
  'city',
  'sentence',
  'word',
  'login',
  'none',
] as const
export type FakeKind = (typeof fakeKinds)[number]

export interface ScenarioElement {
  id: number
  name: string
  type: ElementType
  required?: boolean
  unique?: boolean
  system?: boolean
  systemField?: SystemTimestampField
  config?: ElementConfig
  fake?: FakeKind
}

export interface ScenarioMember {
  [key: `e_${number}`]: unknown
  regist_date?: string
  update_date?: string
}

export interface ScenarioCondition {
  id: number
  title: string
  grouping: boolean
  conditions: Record<string, ConditionClause>
  /** Set unusable through the API: hidden from get_conditions and refused by id. */
  hidden?: boolean
}

export interface ScenarioTable {
  id: number
  title: string
  elements: ScenarioElement[]
  members?: {
    /** Members generated with faker (ja); `--members` overrides it for the first table. */
    generate?: number
    list?: ScenarioMember[]
  }
  conditions?: ScenarioCondition[]
}

declare module '../../kernel/tenant-state.js' {
  interface ScenarioSections {
    memberTables?: ScenarioTable[]
    /** Blacklisted addresses, or "@domain" for a whole domain. */
    blacklist?: string[]
  }
}

const { id, str } = limited

const elementConfig = {
  type: 'object',
  additionalProperties: false,
  properties: {
    type: { enum: [...charClasses] },
    relate_to: { type: ['integer', 'null'] },
    delete_cascade: { enum: ['cascade', null] },
    min: { type: ['number', 'null'] },
    max: { type: ['number', 'null'] },
    options: { type: 'object', propertyNames: { pattern: '^[1-9][0-9]*$' }, additionalProperties: { type: 'string' } },
    min_year: { type: ['integer', 'null'] },
    max_year: { type: ['integer', 'null'] },
    automatic: { enum: [0, 1] },
    later: { type: ['integer', 'null'] },
    label: { type: 'string' },
    yes_description: { type: 'string' },
    no_description: { type: 'string' },
    allow_chars: { type: 'string' },
    require_digit: { enum: [0, 1] },
    require_alpha: { enum: [0, 1] },
    require_special: { enum: [0, 1] },
    min_length: { type: ['integer', 'null'], minimum: 0 },
    max_length: { type: ['integer', 'null'], minimum: 1 },
    auto_length: { type: ['integer', 'null'], minimum: 1 },
    encryption_key: { type: 'string' },
    enable_replace_mapping: { enum: [0, 1] },
    prefix: { type: 'string' },
    suffix: { type: 'string' },
    number_of_digits: { type: 'integer', minimum: 0, maximum: 20 },
    add_option: { enum: [1, -1] },
    standard_value: { type: 'integer' },
  },
}

/** JSON Schema (2020-12) of the member database's scenario keys (its part). */
export const memberDbScenarioSchema = {
  memberTables: {
    type: 'array',
    minItems: 1,
    maxItems: L.tables,
    items: {
      type: 'object',
      additionalProperties: false,
      required: ['id', 'title', 'elements'],
      properties: {
        id,
        title: str(L.shortString, 1),
        elements: {
          type: 'array',
          maxItems: L.elements,
          items: {
            type: 'object',
            additionalProperties: false,
            required: ['id', 'name', 'type'],
            properties: {
              id,
              name: str(L.shortString, 1),
              type: { enum: [...elementTypes] },
              required: { type: 'boolean' },
              unique: { type: 'boolean' },
              system: { type: 'boolean' },
              systemField: { enum: [...SYSTEM_TIMESTAMP_COLUMNS] },
              config: elementConfig,
              fake: { enum: [...fakeKinds] },
            },
          },
        },
        members: {
          type: 'object',
          additionalProperties: false,
          properties: {
            generate: { type: 'integer', minimum: 0, maximum: L.rows },
            list: {
              type: 'array',
              items: {
                type: 'object',
                propertyNames: { pattern: '^(e_[1-9][0-9]*|regist_date|update_date)$' },
              },
            },
          },
        },
        conditions: {
          type: 'array',
          items: {
            type: 'object',
            additionalProperties: false,
            required: ['id', 'title', 'grouping', 'conditions'],
            properties: {
              id: { ...id, minimum: 2 },
              title: { type: 'string', minLength: 1 },
              grouping: { type: 'boolean' },
              hidden: { type: 'boolean' },
              conditions: {
                type: 'object',
                additionalProperties: {
                  type: 'array',
                  prefixItems: [{ type: 'integer' }, { type: 'object' }],
                  minItems: 2,
                  maxItems: 2,
                },
              },
            },
          },
        },
      },
    },
  },
  blacklist: { type: 'array', maxItems: L.listItems, items: str(L.shortString, 1) },
} as const

/**
 * Rules of the member tables a JSON Schema cannot say: unique ids, the tables the accounts
 * name, what an element type needs. Throws ScenarioError naming the key.
 */
export function checkMemberTables(s: {
  memberTables?: ScenarioTable[]
  accounts?: { tables?: 'all' | number[] }[]
}): void {
  const tables = s.memberTables ?? []
  requireUnique(
    tables,
    (t) => t.id,
    (i) => `memberTables[${i}].id`,
    'member table id',
  )
  const tableIds = new Set(tables.map((t) => t.id))
  ;(s.accounts ?? []).forEach((a, i) => {
    if (Array.isArray(a.tables))
      a.tables.forEach((t, j) => {
        if (!tableIds.has(t)) throw new ScenarioError(`accounts[${i}].tables[${j}]`, `no member table ${t}`)
      })
  })
  const elementIds = tables.flatMap((t, ti) =>
    t.elements.map((e, ei) => ({ id: e.id, path: `memberTables[${ti}].elements[${ei}].id` })),
  )
  requireUnique(
    elementIds,
    (e) => e.id,
    (i) => elementIds[i]!.path,
    'element id (element ids are unique across tables)',
  )
  const conds = tables.flatMap((t, ti) =>
    (t.conditions ?? []).map((c, ci) => ({ id: c.id, path: `memberTables[${ti}].conditions[${ci}].id` })),
  )
  requireUnique(
    conds,
    (c) => c.id,
    (i) => conds[i]!.path,
    'condition id',
  )
  tables.forEach((t, ti) => {
    t.elements.forEach((e, ei) => {
      const p = `memberTables[${ti}].elements[${ei}]`
      if (e.type === 'timestamp' && !e.systemField)
        throw new ScenarioError(`${p}.systemField`, 'a timestamp element needs systemField')
      if (['select', 'select_multiple'].includes(e.type) && !e.config?.options)
        throw new ScenarioError(`${p}.config.options`, `a ${e.type} element needs options`)
    })
  })
}
