import { parseJstDateTime } from '../../lib/day-number.js'
import { defaultForms } from './default-forms.js'
import type { MemberTableState } from '../member-db/member-db-state.js'
import type {
  AlbumDef,
  ColumnSetDef,
  FormCarrier,
  FormElementDef,
  FormRequirement,
  MemberFormDef,
  PostedImageDef,
} from './forms-state.js'
import type { ScenarioSections, TenantState } from '../../kernel/tenant-state.js'
import { batchSection } from '../batch/batch-section.js'
import { formsSection } from './forms-section.js'
import { postedImagesSection } from '../posted-images/posted-images-section.js'

/**
 * The scenario sections of emulator part 3, read defensively from the raw scenario:
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
 * columnSets:                    # column set 1 (all items) always exists
 *   - { id: 2, member_table_id: 1, title: 基本項目, columns: [id, e_4, e_6], download: true }
 * postedImages:
 *   url_expire_seconds: 3600
 *   albums: [{ id: 1, member_table_id: 1, title: プロフィール写真 }]
 *   images: [{ id: 1, member_table_id: 1, member_id: 1, album_id: 1, file_name: a.jpg, mime_type: image/jpeg, size: 2048, date: '2025-08-20 10:15:00' }]
 * extensions:
 *   services:
 *     public_base_url: https://krs.bz/demo
 *     zip_not_ready: false        # true → search_addresses_by_zip answers KR_API_F0208
 *     account_passwords: { "1": admin-password }   # default: "<login>-password"
 *     batch: { base_seconds: 10, seconds_per_1000_rows: 2, retention_days: 7 }
 *     # emulator-only (the real API has no such option): CSV/TSV exports prefix a text value
 *     # that starts with =, +, -, @, tab or CR with ' so spreadsheets do not run it
 *     # batch: { escape_formulas: true }
 * ```
 * `servicesScenarioSchema` is the JSON Schema of these keys: the forms, batch and
 * posted-images modules declare their parts of the scenario schema with it, so the readers
 * below get sections already checked against it (typed by the interfaces that follow).
 */

/** A form of the scenario's `forms` (see `servicesScenarioSchema.forms`). */
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

/** A column set of the scenario's `columnSets`. */
export interface ScenarioColumnSet {
  id: number
  member_table_id?: number | null
  title?: string
  columns?: string[]
  download?: boolean
}

/** The scenario's `postedImages`. */
export interface ScenarioPostedImages {
  url_expire_seconds?: number
  albums?: { id: number; member_table_id: number; title?: string }[]
  images?: {
    id?: number
    member_table_id: number
    member_id: number
    album_id: number
    file_name?: string
    mime_type?: string
    size?: number
    date?: string
  }[]
}

/** The scenario's `extensions.services`. */
export interface ServicesExtension {
  public_base_url?: string
  zip_not_ready?: boolean
  account_passwords?: Record<string, string>
  batch?: { base_seconds?: number; seconds_per_1000_rows?: number; retention_days?: number; escape_formulas?: boolean }
}

declare module '../../kernel/tenant-state.js' {
  interface ScenarioSections {
    forms?: ScenarioForm[]
    columnSets?: ScenarioColumnSet[]
    postedImages?: ScenarioPostedImages
  }
  interface ScenarioExtensions {
    services?: ServicesExtension
  }
}

const scenarios = new WeakMap<TenantState, ScenarioSections>()

/** Give a tenant other (valid) scenario sections than those it was built from, and rebuild from them. */
export function attachServicesScenario(tenant: TenantState, scenario: ScenarioSections): void {
  scenarios.set(tenant, scenario)
  // The tenant's sections were built from its previous scenario: build them again from this one.
  tenant.forms = formsSection.create(tenant, 0)
  tenant.postedImages = postedImagesSection.create(tenant, 0)
  tenant.batch = batchSection.create(tenant, 0)
}

/** The scenario sections of a tenant: attached with `attachServicesScenario`, else those it was built from. */
function sectionsOf(tenant: TenantState): ScenarioSections {
  return scenarios.get(tenant) ?? tenant.scenario ?? {}
}

export interface ServicesSettings {
  publicBaseUrl: string
  zipNotReady: boolean
  accountPasswords: Record<string, string>
  batch: { baseSeconds: number; secondsPer1000Rows: number; retentionSeconds: number; escapeFormulas: boolean }
}

export function servicesSettings(tenant: TenantState): ServicesSettings {
  const ext = sectionsOf(tenant).extensions?.services ?? {}
  const batch = ext.batch ?? {}
  const passwords: Record<string, string> = {}
  for (const a of tenant.accounts.values()) passwords[String(a.id)] = `${a.login}-password`
  Object.assign(passwords, ext.account_passwords)
  return {
    publicBaseUrl: ext.public_base_url?.replace(/\/+$/, '') ?? 'https://krs.bz/krs-kit-demo',
    zipNotReady: ext.zip_not_ready === true,
    accountPasswords: passwords,
    batch: {
      baseSeconds: batch.base_seconds ?? 10,
      secondsPer1000Rows: batch.seconds_per_1000_rows ?? 2,
      retentionSeconds: (batch.retention_days ?? 7) * 86400,
      escapeFormulas: batch.escape_formulas === true,
    },
  }
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
  const forms = sectionsOf(tenant).forms
  const tables = tenant.memberDb.tables
  if (forms) return forms.map((f) => formOf(f, tables)).filter((x): x is MemberFormDef => x !== null)
  return defaultForms(tables)
}

/** Column sets: 1 = all items (any table), then the scenario's, or defaults per table. */
export function scenarioColumnSets(tenant: TenantState): ColumnSetDef[] {
  const out: ColumnSetDef[] = [{ id: 1, memberTableId: null, title: 'すべての項目', columns: [], download: true }]
  const sets = sectionsOf(tenant).columnSets
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

export interface ScenarioImages {
  urlExpireSeconds: number
  albums: AlbumDef[]
  images: PostedImageDef[]
}

/** Albums and posted images of the scenario, or defaults for the first table's members. */
export function scenarioImages(tenant: TenantState): ScenarioImages {
  const p = sectionsOf(tenant).postedImages
  const urlExpireSeconds = p?.url_expire_seconds ?? 3600
  if (p && (p.albums || p.images)) {
    const albums: AlbumDef[] = (p.albums ?? []).map((a) => ({
      id: a.id,
      memberTableId: a.member_table_id,
      title: a.title ?? `アルバム${a.id}`,
    }))
    const images: PostedImageDef[] = (p.images ?? []).map((i, n) => ({
      id: i.id ?? n + 1,
      memberTableId: i.member_table_id,
      memberId: i.member_id,
      albumId: i.album_id,
      fileName: i.file_name ?? 'image.jpg',
      mimeType: i.mime_type ?? 'image/jpeg',
      size: i.size ?? 0,
      date: date(i.date) ?? 0,
    }))
    return { urlExpireSeconds, albums, images }
  }
  const first = [...tenant.memberDb.tables.values()].sort((a, b) => a.id - b.id)[0]
  if (!first) return { urlExpireSeconds, albums: [], images: [] }
  const albums: AlbumDef[] = [
    { id: 1, memberTableId: first.id, title: 'プロフィール写真' },
    { id: 2, memberTableId: first.id, title: 'イベント投稿' },
    { id: 3, memberTableId: first.id, title: '商品レビュー' },
  ]
  const images: PostedImageDef[] = []
  const cols = first.members
  const base = parseJstDateTime('2025-08-20 10:15:00')!
  let id = 1
  for (let r = 0; r < cols.rows && r < 200; r++) {
    if (!cols.alive[r]) continue
    const m = cols.id[r]!
    const add = (albumId: number, ext: 'jpg' | 'png', k: number) =>
      images.push({
        id: id,
        memberTableId: first.id,
        memberId: m,
        albumId,
        fileName: `${albumId === 1 ? 'profile' : albumId === 2 ? 'event' : 'review'}${k}.${ext}`,
        mimeType: ext === 'jpg' ? 'image/jpeg' : 'image/png',
        size: 20480 + ((m * 7919 + id++ * 104729) % 400000),
        date: base - m * 3600 - k * 60,
      })
    if (m % 2 === 1) add(1, 'jpg', 1)
    if (m % 3 === 0) {
      add(2, 'jpg', 1)
      add(2, 'png', 2)
    }
    if (m % 10 === 0) add(3, 'png', 1)
  }
  return { urlExpireSeconds, albums, images }
}

/** JSON Schema (2020-12) of the part-3 scenario keys: the forms, batch and posted-images modules' parts. */
export const servicesScenarioSchema = {
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
            pattern:
              '^(id|regist_date|update_date|batch_date|upload_date|last_host|last_referer|last_useragent|e_[1-9][0-9]*)$',
          },
        },
        download: { type: 'boolean' },
      },
    },
  },
  postedImages: {
    type: 'object',
    additionalProperties: false,
    properties: {
      url_expire_seconds: { type: 'integer', minimum: 1 },
      albums: {
        type: 'array',
        items: {
          type: 'object',
          required: ['id', 'member_table_id'],
          properties: { id: { type: 'integer' }, member_table_id: { type: 'integer' }, title: { type: 'string' } },
        },
      },
      images: {
        type: 'array',
        items: {
          type: 'object',
          required: ['member_table_id', 'member_id', 'album_id'],
          properties: {
            id: { type: 'integer' },
            member_table_id: { type: 'integer' },
            member_id: { type: 'integer' },
            album_id: { type: 'integer' },
            file_name: { type: 'string' },
            mime_type: { type: 'string' },
            size: { type: 'integer', minimum: 0 },
            date: { type: 'string' },
          },
        },
      },
    },
  },
  'extensions.services': {
    type: 'object',
    additionalProperties: false,
    properties: {
      public_base_url: { type: 'string' },
      zip_not_ready: { type: 'boolean' },
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
