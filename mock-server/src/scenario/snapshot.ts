import type { Account, ApiToken } from '../kernel/account.js'
import { MemberColumns, type MemberColumnsJson } from '../domains/member-db/member-columns.js'
import type { MemberDbState, MemberElement, StoredCondition, TableLock } from '../domains/member-db/member-db-state.js'
import type { AuditEntry, TenantState } from '../kernel/tenant-state.js'
import { decodeJsonSafe, encodeJsonSafe } from './json-safe.js'

interface MemberTableJson {
  id: number
  title: string
  elements: MemberElement[]
  lock: TableLock | null
  autogenNext: Record<string, number>
  members: MemberColumnsJson
}

export interface MemberDbJson {
  tables: MemberTableJson[]
  conditions: StoredCondition[]
  nextConditionId: number
  conditionUses: [number, string[]][]
  blacklist: string[]
}

export function snapshotMemberDb(db: MemberDbState): MemberDbJson {
  return {
    tables: [...db.tables.values()].map((t) => ({
      id: t.id,
      title: t.title,
      elements: structuredClone(t.elements),
      lock: t.lock ? { ...t.lock } : null,
      autogenNext: { ...t.autogenNext },
      members: t.members.toJSON(),
    })),
    conditions: structuredClone([...db.conditions.values()]),
    nextConditionId: db.nextConditionId,
    conditionUses: [...db.conditionUses].map(([id, refs]) => [id, [...refs]]),
    blacklist: [...db.blacklist],
  }
}

export function restoreMemberDb(j: MemberDbJson): MemberDbState {
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

const KNOWN = new Set(['id', 'environmentName', 'accounts', 'tokens', 'memberDb', 'audit'])

/**
 * The whole tenant as JSON-safe data (member columns as base64). Sections added by parts 2
 * and 3 (mailDelivery, forms, ...) are encoded generically: objects, arrays, Maps, Sets and
 * typed arrays survive; class instances come back as plain objects.
 */
export function snapshotTenant(state: TenantState): unknown {
  const extra: Record<string, unknown> = {}
  for (const [k, v] of Object.entries(state)) if (!KNOWN.has(k) && v !== undefined) extra[k] = encodeJsonSafe(v)
  return {
    format: 'krs-kit-tenant/1',
    id: state.id,
    environmentName: state.environmentName,
    accounts: structuredClone([...state.accounts.values()]),
    tokens: structuredClone([...state.tokens.values()]),
    memberDb: snapshotMemberDb(state.memberDb),
    audit: structuredClone(state.audit),
    extra,
  }
}

export function restoreTenant(json: unknown): TenantState {
  const j = json as {
    format: string
    id: string
    environmentName: string
    accounts: Account[]
    tokens: ApiToken[]
    memberDb: MemberDbJson
    audit: AuditEntry[]
    extra?: Record<string, unknown>
  }
  if (j?.format !== 'krs-kit-tenant/1')
    throw new Error('restoreTenant: not a krs-kit tenant snapshot (format krs-kit-tenant/1)')
  const extra: Record<string, unknown> = {}
  for (const [k, v] of Object.entries(j.extra ?? {})) extra[k] = decodeJsonSafe(v)
  return {
    ...extra,
    id: j.id,
    environmentName: j.environmentName,
    accounts: new Map(j.accounts.map((a) => [a.id, a])),
    tokens: new Map(j.tokens.map((t) => [t.token, t])),
    memberDb: restoreMemberDb(j.memberDb),
    audit: j.audit,
  } as TenantState
}
