import { parseJstDateTime } from '../../lib/day-number.js'
import type { TenantState } from '../../kernel/tenant-state.js'
import { defaultForms } from './default-forms.js'
import type { MemberTableState } from '../member-db/member-db-state.js'
import type { FormCarrier, FormElementDef, FormRequirement, MemberFormDef } from './forms-state.js'

/**
 * The forms' keys of the scenario file, read from sections already checked against
 * `formsScenarioSchema`:
 *
 * ```yaml
 * forms:                         # member forms; omitted → defaults built from the member tables
 *   - id: 16
 *     member_table_id: 1
 *     form_type: api              # auto | design | api
 *     type: regist                # regist | update | delete | change_password | change_reset
 *     title: 会員登録フォーム
 *     carriers: [other, docomo, au, softbank, willcom, iphone]
 *     start_date: '2025-04-01 00:00:00'   # JST, or null
 *     end_date: null
 *     alias: regist
 *     enable: true
 *     group_published: true       # false → KR_API_F0111
 *     double_optin: false
 *     override: false
 *     max_record_type: 1
 *     max_records: 1000
 *     count_records: 0
 *     elements:                   # form element ids differ from database element ids
 *       - { id: 91, element_id: 4, title: メールアドレス, requirement: 1 }
 *       - { id: 92, element_id: 0, title: パスワード, requirement: 1 }   # 0 = authentication password
 *       - { id: 99, element_id: 14, title: 会員ランク, requirement: 4, fixed_value: 1 }
 *     autoreply: { from: info@example.com, subject: ご登録ありがとうございます, body: "..." }
 *     notice: { to: [admin@example.com], subject: 会員登録がありました }
 *     webhook: { url: https://hooks.example.com/krs }
 * extensions:
 *   services:
 *     public_base_url: https://krs.bz/demo   # base of one-click login and posted-image URLs
 * ```
 */

/** A form of the scenario's `forms` (see `formsScenarioSchema.forms`). */
export interface ScenarioForm {
  id: number
  member_table_id: number
  form_type?: MemberFormDef['formType']
  type: MemberFormDef['type']
  title?: string
  carriers?: FormCarrier[]
  start_date?: string | null
  end_date?: string | null
  alias?: string | null
  enable?: boolean
  group_published?: boolean
  double_optin?: boolean
  override?: boolean
  max_record_type?: number
  max_records?: number | null
  count_records?: number
  elements?: {
    id: number
    element_id: number
    title?: string
    requirement?: FormRequirement
    fixed_value?: unknown
    convert_hankana?: boolean
  }[]
  autoreply?: { from?: string; subject?: string; body?: string }
  notice?: { to?: string[]; subject?: string }
  webhook?: { url: string }
}

/** The forms' keys of the scenario's `extensions.services`. */
interface FormsServicesExtension {
  public_base_url?: string
}

declare module '../../kernel/tenant-state.js' {
  interface ScenarioSections {
    forms?: ScenarioForm[]
  }
}

/**
 * The base of the URLs the emulated service hands out (one-click login, posted images):
 * `extensions.services.public_base_url` without its trailing slashes.
 */
export function publicBaseUrl(tenant: TenantState): string {
  const ext = tenant.scenario?.extensions?.services as FormsServicesExtension | undefined
  return ext?.public_base_url?.replace(/\/+$/, '') ?? 'https://krs.bz/krs-kit-demo'
}

const date = (v: string | null | undefined): number | null => (typeof v === 'string' ? parseJstDateTime(v) : null)
const carriersAll: FormCarrier[] = ['other', 'docomo', 'au', 'softbank', 'willcom', 'iphone']

/** A form of the scenario; null when its member table does not exist. */
function formOf(r: ScenarioForm, tables: Map<number, MemberTableState>): MemberFormDef | null {
  const table = tables.get(r.member_table_id)
  if (!table) return null
  const elements: FormElementDef[] = (r.elements ?? []).map((e) => {
    const el = table.elements.find((x) => x.id === e.element_id)
    const def: FormElementDef = {
      id: e.id,
      elementId: e.element_id,
      type: el?.type ?? 'password',
      title: e.title ?? el?.name ?? 'パスワード',
      requirement: e.requirement ?? 2,
    }
    if (e.fixed_value !== undefined) def.fixedValue = e.fixed_value as FormElementDef['fixedValue']
    if (e.convert_hankana === true) def.convertHankana = true
    return def
  })
  return {
    id: r.id,
    memberTableId: r.member_table_id,
    formType: r.form_type ?? 'api',
    type: r.type,
    title: r.title ?? `フォーム${r.id}`,
    carriers: r.carriers ?? carriersAll,
    startDate: date(r.start_date),
    endDate: date(r.end_date),
    alias: r.alias ?? null,
    enable: r.enable !== false,
    groupPublished: r.group_published !== false,
    doubleOptin: r.double_optin === true,
    override: r.override === true,
    maxRecordType: r.max_record_type ?? 0,
    maxRecords: r.max_records ?? null,
    countRecords: r.count_records ?? 0,
    elements,
    autoreply: r.autoreply
      ? { from: r.autoreply.from ?? '', subject: r.autoreply.subject ?? '', body: r.autoreply.body ?? '' }
      : null,
    notice: r.notice ? { to: r.notice.to ?? [], subject: r.notice.subject ?? '' } : null,
    webhook: r.webhook ? { url: r.webhook.url } : null,
  }
}

/** The forms of the scenario, or realistic defaults built from the member tables. */
export function scenarioForms(tenant: TenantState): MemberFormDef[] {
  const forms = tenant.scenario?.forms
  const tables = tenant.memberDb.tables
  if (forms) return forms.map((f) => formOf(f, tables)).filter((x): x is MemberFormDef => x !== null)
  return defaultForms(tables)
}

/** JSON Schema (2020-12) of the forms' scenario keys (the forms module's part). */
export const formsScenarioSchema = {
  forms: {
    type: 'array',
    items: {
      type: 'object',
      additionalProperties: false,
      required: ['id', 'member_table_id', 'type'],
      properties: {
        id: { type: 'integer', minimum: 1 },
        member_table_id: { type: 'integer', minimum: 1 },
        form_type: { enum: ['auto', 'design', 'api'] },
        type: { enum: ['regist', 'update', 'delete', 'change_password', 'change_reset'] },
        title: { type: 'string' },
        carriers: { type: 'array', items: { enum: carriersAll } },
        start_date: { type: ['string', 'null'] },
        end_date: { type: ['string', 'null'] },
        alias: { type: ['string', 'null'] },
        enable: { type: 'boolean' },
        group_published: { type: 'boolean' },
        double_optin: { type: 'boolean' },
        override: { type: 'boolean' },
        max_record_type: { type: 'integer', minimum: 0 },
        max_records: { type: ['integer', 'null'], minimum: 0 },
        count_records: { type: 'integer', minimum: 0 },
        elements: {
          type: 'array',
          items: {
            type: 'object',
            additionalProperties: false,
            required: ['id', 'element_id'],
            properties: {
              id: { type: 'integer', minimum: 1 },
              element_id: { type: 'integer', minimum: 0 },
              title: { type: 'string' },
              requirement: { enum: [0, 1, 2, 3, 4, 5, 6, 7] },
              fixed_value: {},
              convert_hankana: { type: 'boolean' },
            },
          },
        },
        autoreply: {
          type: 'object',
          properties: { from: { type: 'string' }, subject: { type: 'string' }, body: { type: 'string' } },
        },
        notice: {
          type: 'object',
          properties: { to: { type: 'array', items: { type: 'string' } }, subject: { type: 'string' } },
        },
        webhook: { type: 'object', required: ['url'], properties: { url: { type: 'string' } } },
      },
    },
  },
  'extensions.services': {
    type: 'object',
    additionalProperties: false,
    properties: { public_base_url: { type: 'string' } },
  },
} as const
