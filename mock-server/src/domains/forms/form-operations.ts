import type { EngineContext } from '../../kernel/context.js'
import { KrsError } from '../../kernel/krs-error.js'
import { msg } from '../../kernel/messages.js'
import { formatJstDateTime } from '../../lib/day-number.js'
import type { FormValue, MemberFormDef } from './forms-state.js'
import { requireTable } from '../member-db/tables/table-access.js'
import { memberRow } from '../member-db/members/member-store.js'
import { visibleValue } from '../member-db/members/member-view.js'
import { PASSWORD_MASK } from '../member-db/members/password.js'
import { assertOffset } from '../member-db/members/query.js'
import { compositeKey, keyPart, uniqueElements, uniqueIndex } from '../member-db/members/unique-index.js'
import { checkElementValue } from '../member-db/members/validate-value.js'
import { advanceBatchJobs } from '../batch/batch-section.js'
import { formsOf } from './forms-section.js'
import {
  assertFormNames,
  assertKind,
  formElementByName,
  requireAvailableForm,
  requireForm,
  tableOfForm,
} from './form-access.js'
import { checkFormValue } from './form-values.js'

const dt = (t: number | null) => (t === null ? null : formatJstDateTime(t))

function formInfo(f: MemberFormDef) {
  const base = {
    id: f.id,
    form_type: f.formType,
    type: f.type,
    title: f.title,
    carriers: f.carriers.join(' '),
    start_date: dt(f.startDate),
    end_date: dt(f.endDate),
    alias: f.alias,
    enable: f.enable,
  }
  if (f.type !== 'regist') return base
  return {
    ...base,
    double_optin: f.doubleOptin,
    override: f.override,
    max_record_type: f.maxRecordType,
    max_records: f.maxRecords,
    count_records: f.countRecords,
  }
}

/** get_member_forms: every form of a table, by id. */
export function getMemberFormsOp(ctx: EngineContext, tableId: number) {
  advanceBatchJobs(ctx.tenant, ctx.now())
  const table = requireTable(ctx, tableId)
  return Object.values(formsOf(ctx.tenant, ctx.now()).forms)
    .filter((f) => f.memberTableId === table.id)
    .sort((a, b) => a.id - b.id)
    .map(formInfo)
}

/** get_member_form_elements: the form's elements in display order. */
export function getMemberFormElementsOp(ctx: EngineContext, formId: number) {
  const form = requireForm(ctx, formId)
  return form.elements.map((e) => ({
    id: e.id,
    element_id: e.elementId,
    type: e.type,
    title: e.title,
    requirement: e.requirement,
  }))
}

function messagesFor(ctx: EngineContext, form: MemberFormDef, name: string, value: unknown): string[] {
  const table = tableOfForm(ctx, form)
  const fel = name === 'new_pass' ? 'new_pass' : formElementByName(form, name)!
  return checkFormValue(table, form, fel, value).messages
}

/** validate_member_form_parameter: messages for one value (empty when valid). */
export function validateMemberFormParameterOp(
  ctx: EngineContext,
  formId: number,
  name: string,
  value: unknown,
): string[] {
  const form = requireAvailableForm(ctx, formId)
  assertFormNames(form, [name])
  return messagesFor(ctx, form, name, value)
}

/** validate_member_form_parameters: name → messages for every value sent. */
export function validateMemberFormParametersOp(
  ctx: EngineContext,
  formId: number,
  values: Record<string, unknown>,
): Record<string, string[]> {
  const form = requireAvailableForm(ctx, formId)
  const names = Object.keys(values)
  if (names.length === 0) throw new KrsError('KR_API_F0122', msg('form_values_empty'))
  assertFormNames(form, names)
  const out: Record<string, string[]> = {}
  for (const n of names) out[n] = messagesFor(ctx, form, n, values[n])
  return out
}

/**
 * check_unique_member_confliction: true when no other member has the same unique key (always
 * true without a unique key, or when an autogen element is part of it).
 */
export function checkUniqueMemberConflictionOp(
  ctx: EngineContext,
  formId: number,
  memberId: number,
  info: Record<string, unknown>,
): boolean {
  const form = requireAvailableForm(ctx, formId)
  assertKind(form, ['regist', 'update'], 'KR_API_F0123', msg('kind_unique_check'))
  assertFormNames(form, Object.keys(info))
  const table = tableOfForm(ctx, form)
  let row = -1
  if (memberId !== 0) {
    row = memberRow(table, memberId)
    if (row < 0)
      throw new KrsError('KR_API_F0118', msg('member_not_found', { member_id: memberId, member_table_id: table.id }))
  }
  const keys = uniqueElements(table)
  if (keys.length === 0 || keys.some((k) => k.type === 'autogen')) return true
  const given = new Map<number, unknown>()
  for (const [name, raw] of Object.entries(info)) {
    const fel = formElementByName(form, name)
    if (fel && fel.elementId > 0) given.set(fel.elementId, raw)
  }
  const parts: (string | null)[] = []
  for (const el of keys) {
    if (given.has(el.id)) {
      const r = checkElementValue(el, given.get(el.id))
      if (!r.ok) throw new KrsError('KR_API_F0004', msg('form_member_info_invalid', { problems: r.messages.join(' ') }))
      parts.push(keyPart(el, r.value))
    } else {
      parts.push(row >= 0 ? keyPart(el, table.members.columns.get(el.id)?.get(row) ?? null) : null)
    }
  }
  const k = compositeKey(parts)
  if (k === null) return true
  const other = uniqueIndex(table).get(k)
  return other === undefined || other === row || !table.members.alive.get(other)
}

/** get_member_info_for_update: the member's values keyed by form element name. */
export function getMemberInfoForUpdateOp(
  ctx: EngineContext,
  formId: number,
  memberId: number,
): Record<string, FormValue> {
  const form = requireAvailableForm(ctx, formId)
  assertKind(form, ['update', 'delete'], 'KR_API_F0210', msg('kind_member_info'))
  const table = tableOfForm(ctx, form)
  const row = memberRow(table, memberId)
  if (row < 0)
    throw new KrsError('KR_API_F0118', msg('member_not_found', { member_id: memberId, member_table_id: table.id }))
  const view = { encryptedKey: ctx.account?.encryptedKey ?? false }
  const out: Record<string, FormValue> = {}
  for (const fel of form.elements) {
    const el = table.elements.find((e) => e.id === fel.elementId)
    if (fel.elementId === 0 || el?.type === 'password' || el?.type === 'hashed_password') {
      out[`e_${fel.id}`] = PASSWORD_MASK
      continue
    }
    if (!el) continue
    out[`e_${fel.id}`] = visibleValue(table, el, row, view)
  }
  return out
}

/** Deleted members come 100 per call. */
export const DELETED_PAGE = 100

/** get_deleted_member_list: members deleted through a delete form, oldest deletion first. */
export function getDeletedMemberListOp(ctx: EngineContext, formId: number, after: number, offset: number) {
  const form = requireAvailableForm(ctx, formId)
  assertKind(form, ['delete'], 'KR_API_F0217', msg('kind_deleted_list'))
  assertOffset(offset, DELETED_PAGE)
  const state = formsOf(ctx.tenant, ctx.now())
  return state.deleted
    .filter((d) => d.formId === form.id && (after === 0 || d.deletedAt > after))
    .sort((a, b) => a.deletedAt - b.deletedAt || a.memberId - b.memberId)
    .slice(offset, offset + DELETED_PAGE)
    .map(
      (d) => [['ID', d.memberId], ['削除日時', formatJstDateTime(d.deletedAt)], ...d.fields] as [string, FormValue][],
    )
}
