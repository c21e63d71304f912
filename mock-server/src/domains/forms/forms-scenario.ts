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
import type { TenantState } from '../../kernel/tenant-state.js'
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
 * `servicesScenarioSchema` is the JSON Schema of these keys, for the lead to merge.
 */

type Raw = Record<string, unknown>
const isObj = (v: unknown): v is Raw => typeof v === 'object' && v !== null && !Array.isArray(v)

const scenarios = new WeakMap<TenantState, unknown>()

/** Tell part 3 which raw scenario a tenant was built from (createTenantState should call it). */
export function attachServicesScenario(tenant: TenantState, scenario: unknown): void {
  scenarios.set(tenant, scenario)
  // The tenant's sections were built from its previous scenario: build them again from this one.
  tenant.forms = formsSection.create(tenant, 0)
  tenant.postedImages = postedImagesSection.create(tenant, 0)
  tenant.batch = batchSection.create(tenant, 0)
}

/**
 * The raw scenario of a tenant: attached with `attachServicesScenario`, or held on the state
 * as `scenario`, `scenarioSections` or `sections` (the same places part 2 reads); else none.
 */
export function rawScenarioOf(tenant: TenantState): Raw {
  const attached = scenarios.get(tenant)
  if (isObj(attached)) return attached
  const t = tenant as unknown as Raw
  for (const holder of [t.scenario, t.scenarioSections, t.sections]) if (isObj(holder)) return holder
  return {}
}

export interface ServicesSettings {
  publicBaseUrl: string
  zipNotReady: boolean
  accountPasswords: Record<string, string>
  batch: { baseSeconds: number; secondsPer1000Rows: number; retentionSeconds: number; escapeFormulas: boolean }
}

export function servicesSettings(tenant: TenantState): ServicesSettings {
  const raw = rawScenarioOf(tenant)
  const ext = isObj(raw.extensions) && isObj(raw.extensions.services) ? raw.extensions.services : {}
  const batch = isObj(ext.batch) ? ext.batch : {}
  const num = (v: unknown, d: number) => (typeof v === 'number' && Number.isFinite(v) && v >= 0 ? v : d)
  const passwords: Record<string, string> = {}
  for (const a of tenant.accounts.values()) passwords[String(a.id)] = `${a.login}-password`
  if (isObj(ext.account_passwords)) {
    for (const [k, v] of Object.entries(ext.account_passwords)) if (typeof v === 'string') passwords[k] = v
  }
  return {
    publicBaseUrl:
      typeof ext.public_base_url === 'string' ? ext.public_base_url.replace(/\/+$/, '') : 'https://krs.bz/krs-kit-demo',
    zipNotReady: ext.zip_not_ready === true,
    accountPasswords: passwords,
    batch: {
      baseSeconds: num(batch.base_seconds, 10),
      secondsPer1000Rows: num(batch.seconds_per_1000_rows, 2),
      retentionSeconds: num(batch.retention_days, 7) * 86400,
      escapeFormulas: batch.escape_formulas === true,
    },
  }
}

const date = (v: unknown): number | null =>
  typeof v === 'string' ? parseJstDateTime(v) : typeof v === 'number' ? v : null
const carriersAll: FormCarrier[] = ['other', 'docomo', 'au', 'softbank', 'willcom', 'iphone']

function formFromRaw(r: Raw, tables: Map<number, MemberTableState>): MemberFormDef | null {
  if (typeof r.id !== 'number' || typeof r.member_table_id !== 'number') return null
  const table = tables.get(r.member_table_id)
  if (!table) return null
  const elements: FormElementDef[] = []
  for (const e of Array.isArray(r.elements) ? r.elements : []) {
    if (!isObj(e) || typeof e.id !== 'number' || typeof e.element_id !== 'number') continue
    const el = table.elements.find((x) => x.id === e.element_id)
    const def: FormElementDef = {
      id: e.id,
      elementId: e.element_id,
      type: el?.type ?? 'password',
      title: typeof e.title === 'string' ? e.title : (el?.name ?? 'パスワード'),
      requirement: (typeof e.requirement === 'number' ? e.requirement : 2) as FormRequirement,
    }
    if (e.fixed_value !== undefined) def.fixedValue = e.fixed_value as FormElementDef['fixedValue']
    if (e.convert_hankana === true) def.convertHankana = true
    elements.push(def)
  }
  const str = (v: unknown) => (typeof v === 'string' ? v : null)
  return {
    id: r.id,
    memberTableId: r.member_table_id,
    formType: (str(r.form_type) ?? 'api') as MemberFormDef['formType'],
    type: (str(r.type) ?? 'regist') as MemberFormDef['type'],
    title: str(r.title) ?? `フォーム${r.id}`,
    carriers: Array.isArray(r.carriers) ? (r.carriers as FormCarrier[]) : carriersAll,
    startDate: date(r.start_date),
    endDate: date(r.end_date),
    alias: str(r.alias),
    enable: r.enable !== false,
    groupPublished: r.group_published !== false,
    doubleOptin: r.double_optin === true,
    override: r.override === true,
    maxRecordType: typeof r.max_record_type === 'number' ? r.max_record_type : 0,
    maxRecords: typeof r.max_records === 'number' ? r.max_records : null,
    countRecords: typeof r.count_records === 'number' ? r.count_records : 0,
    elements,
    autoreply: isObj(r.autoreply)
      ? {
          from: String(r.autoreply.from ?? ''),
          subject: String(r.autoreply.subject ?? ''),
          body: String(r.autoreply.body ?? ''),
        }
      : null,
    notice: isObj(r.notice)
      ? { to: Array.isArray(r.notice.to) ? r.notice.to.map(String) : [], subject: String(r.notice.subject ?? '') }
      : null,
    webhook: isObj(r.webhook) && typeof r.webhook.url === 'string' ? { url: r.webhook.url } : null,
  }
}

/** The forms of the scenario, or realistic defaults built from the member tables. */
export function scenarioForms(tenant: TenantState): MemberFormDef[] {
  const raw = rawScenarioOf(tenant)
  const tables = tenant.memberDb.tables
  if (Array.isArray(raw.forms)) {
    return raw.forms.flatMap((f) =>
      isObj(f) ? [formFromRaw(f, tables)].filter((x): x is MemberFormDef => x !== null) : [],
    )
  }
  return defaultForms(tables)
}

/** Column sets: 1 = all items (any table), then the scenario's, or defaults per table. */
export function scenarioColumnSets(tenant: TenantState): ColumnSetDef[] {
  const out: ColumnSetDef[] = [{ id: 1, memberTableId: null, title: 'すべての項目', columns: [], download: true }]
  const raw = rawScenarioOf(tenant)
  if (Array.isArray(raw.columnSets)) {
    for (const c of raw.columnSets) {
      if (!isObj(c) || typeof c.id !== 'number' || c.id === 1) continue
      out.push({
        id: c.id,
        memberTableId: typeof c.member_table_id === 'number' ? c.member_table_id : null,
        title: typeof c.title === 'string' ? c.title : `項目セット${c.id}`,
        columns: Array.isArray(c.columns) ? c.columns.map(String) : [],
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
  const raw = rawScenarioOf(tenant)
  const p = isObj(raw.postedImages) ? raw.postedImages : null
  const urlExpireSeconds = p && typeof p.url_expire_seconds === 'number' ? p.url_expire_seconds : 3600
  if (p && (Array.isArray(p.albums) || Array.isArray(p.images))) {
    const albums: AlbumDef[] = (Array.isArray(p.albums) ? p.albums : []).filter(isObj).map((a) => ({
      id: Number(a.id),
      memberTableId: Number(a.member_table_id),
      title: String(a.title ?? `アルバム${String(a.id)}`),
    }))
    const images: PostedImageDef[] = (Array.isArray(p.images) ? p.images : []).filter(isObj).map((i, n) => ({
      id: typeof i.id === 'number' ? i.id : n + 1,
      memberTableId: Number(i.member_table_id),
      memberId: Number(i.member_id),
      albumId: Number(i.album_id),
      fileName: String(i.file_name ?? 'image.jpg'),
      mimeType: String(i.mime_type ?? 'image/jpeg'),
      size: Number(i.size ?? 0),
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

/** JSON Schema (2020-12) of the part-3 scenario keys, for the lead to merge into scenarioSchema. */
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
