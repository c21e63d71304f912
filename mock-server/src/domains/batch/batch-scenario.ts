import type { TenantState } from '../../kernel/tenant-state.js'
import type { BatchTiming, ColumnSetDef } from './batch-state.js'
import { SYSTEM_COLUMNS } from '../member-db/system-columns.js'

/**
 * The batch module's keys of the scenario file, read from sections already checked against
 * `batchScenarioSchema`:
 *
 * ```yaml
 * columnSets:                    # column set 1 (all items) always exists
 *   - { id: 2, member_table_id: 1, title: 基本項目, columns: [id, e_4, e_6], download: true }
 * extensions:
 *   services:
 *     account_passwords: { "1": admin-password }   # default: "<login>-password"
 *     batch: { base_seconds: 10, seconds_per_1000_rows: 2, retention_days: 7 }
 *     # emulator-only (the real API has no such option): CSV/TSV exports prefix a text value
 *     # that starts with =, +, -, @, tab or CR with ' so spreadsheets do not run it
 *     # batch: { escape_formulas: true }
 * ```
 */

/** A column set of the scenario's `columnSets`. */
export interface ScenarioColumnSet {
  id: number
  member_table_id?: number | null
  title?: string
  columns?: string[]
  download?: boolean
}

/** The batch module's keys of the scenario's `extensions.services`. */
interface BatchServicesExtension {
  account_passwords?: Record<string, string>
  batch?: { base_seconds?: number; seconds_per_1000_rows?: number; retention_days?: number; escape_formulas?: boolean }
}

declare module '../../kernel/tenant-state.js' {
  interface ScenarioSections {
    columnSets?: ScenarioColumnSet[]
  }
}

export interface BatchSettings {
  /** Account id → password for bulk deletion. */
  accountPasswords: Record<string, string>
  timing: BatchTiming
  /** Exports prefix a text value a spreadsheet would run as a formula (emulator-only option). */
  escapeFormulas: boolean
}

export function batchSettings(tenant: TenantState): BatchSettings {
  const ext = (tenant.scenario?.extensions?.services ?? {}) as BatchServicesExtension
  const batch = ext.batch ?? {}
  const passwords: Record<string, string> = {}
  for (const a of tenant.accounts.values()) passwords[String(a.id)] = `${a.login}-password`
  Object.assign(passwords, ext.account_passwords)
  return {
    accountPasswords: passwords,
    timing: {
      baseSeconds: batch.base_seconds ?? 10,
      secondsPer1000Rows: batch.seconds_per_1000_rows ?? 2,
      retentionSeconds: (batch.retention_days ?? 7) * 86400,
    },
    escapeFormulas: batch.escape_formulas === true,
  }
}

/** Column sets: 1 = all items (any table), then the scenario's, or defaults per table. */
export function scenarioColumnSets(tenant: TenantState): ColumnSetDef[] {
  const out: ColumnSetDef[] = [{ id: 1, memberTableId: null, title: 'すべての項目', columns: [], download: true }]
  const sets = tenant.scenario?.columnSets
  if (sets) {
    for (const c of sets) {
      out.push({
        id: c.id,
        memberTableId: c.member_table_id ?? null,
        title: c.title ?? `項目セット${c.id}`,
        columns: c.columns ?? [],
        download: c.download !== false,
      })
    }
    return out
  }
  const first = [...tenant.memberDb.tables.values()].sort((a, b) => a.id - b.id)[0]
  if (first) {
    const basic = first.elements
      .filter((e) => e.unique || e.type === 'text')
      .slice(0, 4)
      .map((e) => `e_${e.id}`)
    out.push({ id: 2, memberTableId: first.id, title: '基本項目', columns: ['id', ...basic], download: true })
    out.push({
      id: 3,
      memberTableId: first.id,
      title: '画面表示用（ダウンロード不可）',
      columns: ['id', ...basic],
      download: false,
    })
  }
  return out
}

/** JSON Schema (2020-12) of the batch module's scenario keys (its part). */
export const batchScenarioSchema = {
  columnSets: {
    type: 'array',
    items: {
      type: 'object',
      additionalProperties: false,
      required: ['id'],
      properties: {
        id: { type: 'integer', minimum: 2 },
        member_table_id: { type: ['integer', 'null'] },
        title: { type: 'string' },
        columns: {
          type: 'array',
          items: {
            type: 'string',
            pattern: `^(${SYSTEM_COLUMNS.join('|')}|e_[1-9][0-9]*)$`,
          },
        },
        download: { type: 'boolean' },
      },
    },
  },
  'extensions.services': {
    type: 'object',
    additionalProperties: false,
    properties: {
      account_passwords: { type: 'object', additionalProperties: { type: 'string', minLength: 1 } },
      batch: {
        type: 'object',
        additionalProperties: false,
        properties: {
          base_seconds: { type: 'number', minimum: 0 },
          seconds_per_1000_rows: { type: 'number', minimum: 0 },
          retention_days: { type: 'number', minimum: 0 },
          escape_formulas: { type: 'boolean' },
        },
      },
    },
  },
} as const
