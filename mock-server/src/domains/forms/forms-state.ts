import type { ElementType } from '../member-db/member-db-state.js'

/**
 * State of emulator part 3 (forms, posted images, batch jobs, stored files). Everything here
 * is plain JSON-safe data (records keyed by id, arrays, strings, numbers), so a tenant
 * snapshot copies it as is. Times are unix seconds on the engine clock.
 */

export type MemberFormKind = 'regist' | 'update' | 'delete' | 'change_password' | 'change_reset'
export type MemberFormType = 'auto' | 'design' | 'api'
export type FormCarrier = 'other' | 'docomo' | 'au' | 'softbank' | 'willcom' | 'iphone'
/** 0 unset, 1 required, 2 optional, 3 display only, 4 hidden fixed value, 5 disabled, 6 auto-generated, 7 hidden. */
export type FormRequirement = 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7
export type FormValue = string | number | boolean | number[] | null

/** One element of a form. Its id (form element id) differs from the database element id. */
export interface FormElementDef {
  id: number
  /** Database element id; 0 for the authentication password of non-registration forms. */
  elementId: number
  type: ElementType
  title: string
  requirement: FormRequirement
  /** The value written for requirement 4 (hidden fixed value). */
  fixedValue?: FormValue
  /** Half-width katakana is converted to full-width before validation. */
  convertHankana?: boolean
}

/** What the form sends after a successful action (content not shown by the seeds). */
export interface FormAutoreply {
  from: string
  subject: string
  body: string
}
export interface FormNotice {
  to: string[]
  subject: string
}
export interface FormWebhook {
  url: string
}

export interface MemberFormDef {
  id: number
  memberTableId: number
  formType: MemberFormType
  type: MemberFormKind
  title: string
  carriers: FormCarrier[]
  startDate: number | null
  endDate: number | null
  alias: string | null
  enable: boolean
  /** Whether the form's group is published (KR_API_F0111 when not). */
  groupPublished: boolean
  doubleOptin: boolean
  override: boolean
  maxRecordType: number
  maxRecords: number | null
  countRecords: number
  elements: FormElementDef[]
  autoreply: FormAutoreply | null
  notice: FormNotice | null
  webhook: FormWebhook | null
}

/** A member deleted through a delete form (get_deleted_member_list). */
export interface DeletedMemberRecord {
  formId: number
  memberId: number
  deletedAt: number
  /** [field name, value] pairs recorded at deletion (besides ID and the deletion time). */
  fields: [string, FormValue][]
}

/** An issued one-click login URL. */
export interface OneclickToken {
  token: string
  formId: number
  memberId: number
  issuedAt: number
  expiresAt: number
}

/** What a form action would send: kept in the outbox (the admin API shows it). */
export interface FormOutboxEntry {
  id: number
  at: number
  requestId: string | null
  formId: number
  memberId: number
  action: MemberFormKind
  kind: 'autoreply' | 'notice' | 'webhook'
  to: string[]
  subject: string | null
  body: string | null
  url: string | null
  payload: Record<string, FormValue> | null
}

export interface FormsState {
  forms: Record<string, MemberFormDef>
  deleted: DeletedMemberRecord[]
  oneclick: Record<string, OneclickToken>
  outbox: FormOutboxEntry[]
  nextOutboxId: number
  /** Base of one-click login URLs. */
  publicBaseUrl: string
  /** Key of the one-click token signature. */
  secret: string
}

export interface AlbumDef {
  id: number
  memberTableId: number
  title: string
}

export interface PostedImageDef {
  id: number
  memberTableId: number
  memberId: number
  albumId: number
  fileName: string
  mimeType: string
  size: number
  /** Posting time. */
  date: number
}

export interface PostedImagesState {
  /** URL lifetime from the admin security settings, seconds. */
  urlExpireSeconds: number
  publicBaseUrl: string
  albums: Record<string, AlbumDef>
  images: PostedImageDef[]
}

/** A column set (項目セット); id 1 means all items of any table. */
export interface ColumnSetDef {
  id: number
  /** null: usable on every table (the predefined "all items"). */
  memberTableId: number | null
  title: string
  /** Column names: id, regist_date, update_date, batch_date, upload_date, last_*, e_{id}; empty = all. */
  columns: string[]
  /** Whether it may be used for download (KR_API_F0218 when not). */
  download: boolean
}

export type ImportMode = 0 | 1 | 2 | 3
export type OverrideOption = 'key' | 'none' | 'normal' | 'force' | 'auto' | 'merge' | 'autogen'

export interface BatchJob {
  id: number
  operation: 'import' | 'export'
  memberTableId: number
  accountId: number
  /** Whether the account may use the encryption key (export shows values, import allowed). */
  encryptedKey: boolean
  startDate: number
  /** Upload time of the imported file; null for exports. */
  uploadDate: number | null
  /** When the job's work is done (progress 100). */
  finishAt: number
  done: boolean
  /** Export parameters. */
  conditionId?: number
  columnsetId?: number
  isCsv?: boolean
  /** Import parameters. */
  storedFileId?: number
  mode?: ImportMode
  overrides?: Record<string, OverrideOption>
  /** The result file once done (export data, or the import report). */
  resultText: string | null
  contentType: 'text/csv' | 'text/tab-separated-values'
  /** Counts of an import: registered, updated, errors. */
  counts?: { added: number; updated: number; errors: number }
}

export interface BatchTiming {
  /** Seconds every job takes at least. */
  baseSeconds: number
  /** Extra seconds per 1,000 rows. */
  secondsPer1000Rows: number
  /** How long results are kept (7 days). */
  retentionSeconds: number
}

export interface BatchState {
  jobs: Record<string, BatchJob>
  nextJobId: number
  columnSets: Record<string, ColumnSetDef>
  /** Stored file ids already imported (KR_API_F0206). */
  importedFileIds: number[]
  timing: BatchTiming
  /** Account id → password for bulk deletion. */
  accountPasswords: Record<string, string>
  /** The zip dictionary answers KR_API_F0208 (simulated). */
  zipNotReady: boolean
}

export interface StoredFile {
  id: number
  fileName: string
  /** The decoded UTF-8 text. */
  body: string
  bytes: number
  uploadedAt: number
  accountId: number | null
  /** Whether the body arrived Base64-encoded (older documentation). */
  base64: boolean
}

export interface StoredFilesState {
  files: Record<string, StoredFile>
  nextId: number
}
