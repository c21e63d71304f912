import type { EngineContext } from '../../kernel/context.js'
import { KrsError } from '../../kernel/krs-error.js'
import { type Message, msg } from '../../kernel/messages.js'
import { formatJstDateTime } from '../../lib/day-number.js'
import type { MemberElement, MemberTableState } from '../member-db/member-db-state.js'
import type { FormElementDef, MemberFormDef, MemberFormKind } from './forms-state.js'
import { advanceBatchJobs } from '../batch/batch-section.js'
import { formsOf } from './forms-section.js'
import { assertTableAccess } from '../member-db/tables/table-access.js'

/**
 * A form by id (KR_API_F0005 when unknown) of a member table the account may access
 * (KR_API_F0014 otherwise, as the member operations answer), without availability checks.
 */
export function requireForm(ctx: EngineContext, formId: number): MemberFormDef {
  advanceBatchJobs(ctx.tenant, ctx.now())
  const form = formsOf(ctx.tenant, ctx.now()).forms[String(formId)]
  if (!form) throw new KrsError('KR_API_F0005', msg('form_not_found', { form_id: formId }))
  assertTableAccess(ctx, form.memberTableId, msg('ref_form', { form_id: formId }))
  return form
}

/**
 * A form usable through the API now: an API form (F0110) whose group is published (F0111),
 * that is enabled (F0112) and inside its publication period (F0113 before, F0114 after).
 */
export function requireAvailableForm(ctx: EngineContext, formId: number): MemberFormDef {
  const form = requireForm(ctx, formId)
  const now = ctx.now()
  if (form.formType !== 'api')
    throw new KrsError(
      'KR_API_F0110',
      msg(form.formType === 'auto' ? 'form_auto_not_api' : 'form_design_not_api', { form_id: formId }),
    )
  if (!form.groupPublished) throw new KrsError('KR_API_F0111', msg('form_group_unpublished', { form_id: formId }))
  if (!form.enable) throw new KrsError('KR_API_F0112', msg('form_disabled', { form_id: formId }))
  if (form.startDate !== null && now < form.startDate) {
    throw new KrsError(
      'KR_API_F0113',
      msg('form_not_open', { form_id: formId, start: formatJstDateTime(form.startDate) }),
    )
  }
  if (form.endDate !== null && now > form.endDate) {
    throw new KrsError('KR_API_F0114', msg('form_closed', { form_id: formId, end: formatJstDateTime(form.endDate) }))
  }
  return form
}

export function tableOfForm(ctx: EngineContext, form: MemberFormDef): MemberTableState {
  const t = ctx.tenant.memberDb.tables.get(form.memberTableId)
  if (!t)
    throw new KrsError(
      'KR_API_F0005',
      msg('form_table_gone', { form_id: form.id, member_table_id: form.memberTableId }),
    )
  return t
}

export function assertKind(
  form: MemberFormDef,
  kinds: readonly MemberFormKind[],
  code: 'KR_API_F0119' | 'KR_API_F0120' | 'KR_API_F0123' | 'KR_API_F0210' | 'KR_API_F0217',
  what: Message,
): void {
  if (code === 'KR_API_F0119' ? kinds.includes(form.type) : !kinds.includes(form.type)) {
    throw new KrsError(code, msg('form_wrong_kind', { form_id: form.id, type: form.type, rule: what }))
  }
}

/** The password element of a table (what the authentication password checks). */
export function passwordElementOf(table: MemberTableState): MemberElement | undefined {
  return table.elements.find((e) => e.type === 'hashed_password' || e.type === 'password')
}

/** The form element of a name `e_{form element id}`, or undefined. */
export function formElementByName(form: MemberFormDef, name: string): FormElementDef | undefined {
  const m = /^e_([0-9]+)$/.exec(name)
  return m ? form.elements.find((e) => e.id === Number(m[1])) : undefined
}

/** KR_API_F0121 unless every name is a form element of the form (or new_pass on a password-change form). */
export function assertFormNames(form: MemberFormDef, names: readonly string[]): void {
  const bad = names.filter((n) => (n === 'new_pass' ? form.type !== 'change_password' : !formElementByName(form, n)))
  if (bad.length) {
    throw new KrsError(
      'KR_API_F0121',
      msg(form.type === 'change_password' ? 'form_element_unknown_password' : 'form_element_unknown', {
        form_id: form.id,
        keys: bad.join(', '),
      }),
    )
  }
}
