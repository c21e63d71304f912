import type { EngineContext } from '../../kernel/context.js'
import { KrsError } from '../../kernel/krs-error.js'
import { msg } from '../../kernel/messages.js'
import type { MemberTableState } from '../member-db/member-db-state.js'
import type { FormValue, MemberFormDef } from './forms-state.js'
import { assertTableWritable } from '../batch/batch-guards.js'
import {
  addMember,
  assertMayWriteEncrypted,
  deleteMember,
  memberRow,
  updateMember,
  type WriteEnv,
} from '../member-db/members/member-store.js'
import { apiValue } from '../member-db/members/member-view.js'
import { generatePassword, PASSWORD_MASK, verifyHashedPassword } from '../member-db/members/password.js'
import { compositeKey, keyPart, uniqueElements, uniqueIndex } from '../member-db/members/unique-index.js'
import { formsOf } from './forms-section.js'
import { assertFormNames, passwordElementOf, requireAvailableForm, tableOfForm } from './form-access.js'
import { checkFormValue } from './form-values.js'
import { recordFormSends } from './outbox.js'

function env(ctx: EngineContext): WriteEnv {
  return { now: ctx.now(), random: () => ctx.random(), encryptedKey: ctx.account?.encryptedKey ?? false }
}

function requireMember(table: MemberTableState, memberId: number): number {
  const row = memberRow(table, memberId)
  if (row < 0)
    throw new KrsError('KR_API_F0118', msg('member_not_found', { member_id: memberId, member_table_id: table.id }))
  return row
}

/**
 * The database input of a registration or update: form element names → element ids, with the
 * requirement rules (3 display only and 5 disabled ignored, 4 the fixed value, 6 generated,
 * 1 required). Throws KR_API_F0116 with the messages keyed by form element name.
 */
function formInput(
  table: MemberTableState,
  form: MemberFormDef,
  info: Record<string, unknown>,
  adding: boolean,
): Record<string, unknown> {
  const input: Record<string, unknown> = {}
  const errors: string[] = []
  for (const fel of form.elements) {
    if (fel.elementId === 0) continue
    const name = `e_${fel.id}`
    if (fel.requirement === 3 || fel.requirement === 5 || fel.requirement === 6) continue
    if (fel.requirement === 4) {
      if (adding) input[`e_${fel.elementId}`] = fel.fixedValue ?? null
      continue
    }
    if (!(name in info)) {
      if (adding && fel.requirement === 1) errors.push(`${name}: 「${fel.title}」は必須項目です。`)
      continue
    }
    const r = checkFormValue(table, form, fel, info[name])
    if (r.messages.length) {
      errors.push(...r.messages.map((m) => `${name}: ${m}`))
      continue
    }
    if (r.drop) continue
    input[`e_${fel.elementId}`] = r.value
  }
  if (errors.length) throw new KrsError('KR_API_F0116', msg('element_errors', { errors: errors.join('\n') }))
  return input
}

function formValues(table: MemberTableState, form: MemberFormDef, row: number): Record<string, FormValue> {
  const out: Record<string, FormValue> = {}
  for (const fel of form.elements) {
    const el = table.elements.find((e) => e.id === fel.elementId)
    if (!el) continue
    out[`e_${fel.id}`] =
      el.type === 'password' || el.type === 'hashed_password' ? PASSWORD_MASK : apiValue(table, el, row)
  }
  return out
}

function dbValues(table: MemberTableState, row: number): Record<string, FormValue> {
  const out: Record<string, FormValue> = {}
  for (const el of table.elements) {
    if (el.type === 'password' || el.type === 'hashed_password') continue
    out[`e_${el.id}`] = apiValue(table, el, row)
  }
  return out
}

function addressOf(table: MemberTableState, row: number): string | null {
  const el = table.elements.find((e) => e.type === 'email')
  const v = el ? table.members.columns.get(el.id)?.get(row) : null
  return typeof v === 'string' && v !== '' ? v : null
}

function existingByKey(table: MemberTableState, input: Record<string, unknown>): number {
  const keys = uniqueElements(table)
  if (!keys.length) return -1
  const k = compositeKey(keys.map((el) => keyPart(el, input[`e_${el.id}`])))
  const r = k === null ? undefined : uniqueIndex(table).get(k)
  return r === undefined || !table.members.alive.get(r) ? -1 : r
}

function passwordMatches(table: MemberTableState, row: number, password: string): boolean {
  const pw = passwordElementOf(table)
  if (!pw) return false
  const stored = table.members.columns.get(pw.id)?.get(row)
  if (typeof stored !== 'string') return false
  return pw.type === 'hashed_password' ? verifyHashedPassword(password, stored) : stored === password
}

/** do_member_form_action: register, update, delete, change or reissue the password. */
export function doMemberFormActionOp(
  ctx: EngineContext,
  formId: number,
  memberId: number,
  info: Record<string, unknown>,
): number {
  const form = requireAvailableForm(ctx, formId)
  const table = tableOfForm(ctx, form)
  assertFormNames(form, Object.keys(info))
  assertTableWritable(ctx, ctx.tenant.batch, table, false)
  const state = formsOf(ctx.tenant, ctx.now())
  const e = env(ctx)
  let resultId: number
  let extra: Record<string, FormValue> = {}
  switch (form.type) {
    case 'regist': {
      if (memberId !== 0) throw new KrsError('KR_API_F0004', msg('registration_member_id', { member_id: memberId }))
      if (form.maxRecordType > 0 && form.maxRecords !== null && form.countRecords >= form.maxRecords) {
        throw new KrsError('KR_API_F0115', msg('form_registrations_max', { form_id: form.id, max: form.maxRecords }))
      }
      assertMayWriteEncrypted(table, e)
      const input = formInput(table, form, info, true)
      const existing = form.override ? existingByKey(table, input) : -1
      if (existing >= 0) {
        resultId = table.members.id.get(existing)
        updateMember(table, resultId, input, e)
      } else {
        resultId = addMember(table, input, e)
        form.countRecords++
        ctx.onUndo?.(() => {
          form.countRecords--
        })
      }
      break
    }
    case 'update': {
      requireMember(table, memberId)
      assertMayWriteEncrypted(table, e)
      updateMember(table, memberId, formInput(table, form, info, false), e)
      resultId = memberId
      break
    }
    case 'delete': {
      const row = requireMember(table, memberId)
      const fields = form.elements
        .filter((f) => f.elementId > 0)
        .map((f) => {
          const el = table.elements.find((x) => x.id === f.elementId)!
          return [
            f.title,
            el.type === 'password' || el.type === 'hashed_password' ? PASSWORD_MASK : apiValue(table, el, row),
          ] as [string, FormValue]
        })
      extra = formValues(table, form, row)
      const address = addressOf(table, row)
      const templateValues = dbValues(table, row)
      deleteMember(table, memberId)
      state.deleted.push({ formId: form.id, memberId, deletedAt: ctx.now(), fields })
      recordFormSends(state, form, memberId, ctx.now(), ctx.requestId ?? null, address, extra, templateValues)
      return memberId
    }
    case 'change_password': {
      const row = requireMember(table, memberId)
      const pw = passwordElementOf(table)
      const current = form.elements.find((f) => f.elementId === 0)
      const errors: string[] = []
      const newPass = info.new_pass
      const np = checkFormValue(table, form, 'new_pass', newPass)
      errors.push(...np.messages.map((m) => `new_pass: ${m}`))
      if (current) {
        const given = info[`e_${current.id}`]
        if (typeof given !== 'string' || given === '')
          errors.push(`e_${current.id}: 「${current.title}」は必須項目です。`)
        else if (!passwordMatches(table, row, given))
          errors.push(`e_${current.id}: 「${current.title}」が正しくありません。`)
      }
      if (!pw) errors.push('このデータベースにはパスワード項目がありません。')
      if (errors.length) throw new KrsError('KR_API_F0116', msg('element_errors', { errors: errors.join('\n') }))
      updateMember(table, memberId, { [`e_${pw!.id}`]: newPass }, e)
      resultId = memberId
      break
    }
    case 'change_reset': {
      requireMember(table, memberId)
      const pw = passwordElementOf(table)
      if (!pw) throw new KrsError('KR_API_F0116', msg('form_no_password_element'))
      const fresh = generatePassword(pw.config, e.random)
      updateMember(table, memberId, { [`e_${pw.id}`]: fresh }, e)
      extra = { new_pass: fresh }
      resultId = memberId
      break
    }
  }
  const row = table.members.rowOf(resultId)
  recordFormSends(
    state,
    form,
    resultId,
    ctx.now(),
    ctx.requestId ?? null,
    addressOf(table, row),
    { ...formValues(table, form, row), ...extra },
    dbValues(table, row),
  )
  return resultId
}
