import type { EngineContext } from '../../kernel/context.js'
import { KrsError } from '../../kernel/krs-error.js'
import { msg } from '../../kernel/messages.js'
import { compositeKey, keyPart, uniqueElements, uniqueIndex } from '../member-db/members/unique-index.js'
import { verifyHashedPassword } from '../member-db/members/password.js'
import { checkElementValue } from '../member-db/members/validate-value.js'
import {
  assertFormNames,
  assertKind,
  formElementByName,
  passwordElementOf,
  requireAvailableForm,
  tableOfForm,
} from './form-access.js'

/**
 * auth_member: the member id whose unique key matches member_info (form element names) and
 * whose password is `password`; 0 for no match or a wrong password. KR_API_F0004 when a
 * value fails validation or a key element is missing; KR_API_F0119 on a registration form;
 * the password may be omitted only on a password-reissue form (KR_API_F0006 otherwise).
 */
export function authMemberOp(
  ctx: EngineContext,
  formId: number,
  info: Record<string, unknown>,
  password: string | undefined,
): number {
  const form = requireAvailableForm(ctx, formId)
  assertKind(form, ['regist'], 'KR_API_F0119', msg('kind_no_auth_on_registration'))
  assertFormNames(form, Object.keys(info))
  const table = tableOfForm(ctx, form)
  if (password === undefined && form.type !== 'change_reset') {
    throw new KrsError('KR_API_F0006', msg('form_password_required'))
  }
  const keys = uniqueElements(table)
  if (!keys.length) throw new KrsError('KR_API_F0004', msg('form_no_unique_key', { member_table_id: table.id }))
  const byDb = new Map<number, unknown>()
  for (const [name, raw] of Object.entries(info)) {
    const fel = formElementByName(form, name)!
    const el = table.elements.find((e) => e.id === fel.elementId)
    if (!el?.unique) throw new KrsError('KR_API_F0004', msg('form_stray_key', { key: name }))
    byDb.set(el.id, raw)
  }
  const parts: (string | null)[] = []
  for (const el of keys) {
    if (!byDb.has(el.id)) throw new KrsError('KR_API_F0004', msg('form_missing_key', { name: el.name }))
    const raw = byDb.get(el.id)
    if (el.type === 'autogen') {
      parts.push(typeof raw === 'string' && raw !== '' ? raw : null)
      continue
    }
    const r = checkElementValue(el, raw)
    if (!r.ok) throw new KrsError('KR_API_F0004', msg('form_member_info_invalid', { problems: r.messages.join(' ') }))
    if (r.blank) throw new KrsError('KR_API_F0004', msg('form_key_blank', { name: el.name }))
    parts.push(keyPart(el, r.value))
  }
  const k = compositeKey(parts)
  const row = k === null ? undefined : uniqueIndex(table).get(k)
  if (row === undefined || !table.members.alive.get(row)) return 0
  if (form.type !== 'change_reset' || password !== undefined) {
    const pw = passwordElementOf(table)
    const stored = pw ? table.members.columns.get(pw.id)?.get(row) : null
    const ok =
      typeof stored === 'string' &&
      password !== undefined &&
      (pw!.type === 'hashed_password' ? verifyHashedPassword(password, stored) : stored === password)
    if (!ok) return 0
  }
  return table.members.id.get(row)
}
