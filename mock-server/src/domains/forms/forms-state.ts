import type { ElementType } from '../member-db/member-db-state.js'

/**
 * State of the member forms: forms, deleted-member log, one-click tokens, the form outbox.
 * Everything here is plain JSON-safe data (records keyed by id, arrays, strings, numbers), so
 * a tenant snapshot copies it as is. Times are unix seconds on the engine clock.
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
