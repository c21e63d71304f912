import type { ScenarioSections } from '../kernel/tenant-state.js'
import type { PermissionLevel } from '../kernel/account.js'
import type {
  ConditionClause,
  ElementConfig,
  ElementType,
  SystemTimestampField,
} from '../domains/member-db/member-db-state.js'

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

export interface ScenarioAccount {
  id: number
  login: string
  name: string
  level: PermissionLevel
  memberDataSearch?: boolean
  encryptedKey?: boolean
  resultDownload?: boolean
  postedImageMenu?: boolean
  options?: { mail?: boolean; forms?: boolean; posted_images?: boolean }
  /** Member table ids this account may access; default all. */
  tables?: 'all' | number[]
}

export interface ScenarioToken {
  /** Human name, e.g. "krs-all". */
  name: string
  /** Bearer value; defaults to the name. */
  token?: string
  account: number
}

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

/**
 * One emulated environment: the keys the scenario layer builds itself, plus the modules'
 * sections (`ScenarioSections`: `delivery`, `forms`, `columnSets`, `postedImages`,
 * `extensions`), each typed by the module that declares its schema part.
 */
export interface Scenario extends ScenarioSections {
  environment: { name: string }
  accounts: ScenarioAccount[]
  tokens: ScenarioToken[]
  memberTables: ScenarioTable[]
  /** Blacklisted addresses, or "@domain" for a whole domain. */
  blacklist?: string[]
  /** Start time of the tenant's clock: ISO 8601 text or unix seconds (fixed clock unless a mode is given). */
  now?: string | number
}
