import { KrsError } from '../../../kernel/krs-error.js'
import { msg } from '../../../kernel/messages.js'
import type { MemberTableState } from '../member-db-state.js'
import { verifyHashedPassword } from './password.js'
import { compositeKey, keyPart, uniqueElements, uniqueIndex } from './unique-index.js'
import { checkElementValue } from './validate-value.js'

/**
 * lookup_member_id: find a member by all the unique key elements plus at most one password
 * element (plain or hashed). Returns 0 when no member matches (or the password is wrong).
 * Throws F0009 (table has no unique key), F0301 (several password elements), F0302 (an
 * element that is neither a key nor a password), F0303 (not every key given), F0004 (a value
 * that fails validation).
 */
export function lookupMemberId(table: MemberTableState, info: Record<string, unknown>): number {
  const keys = uniqueElements(table)
  if (!keys.length) throw new KrsError('KR_API_F0009', msg('no_unique_key', { member_table_id: table.id }))
  const byKey = new Map(table.elements.map((e) => [`e_${e.id}`, e]))
  const given = Object.keys(info)
  const passwords = given.filter((k) => {
    const t = byKey.get(k)?.type
    return t === 'password' || t === 'hashed_password'
  })
  if (passwords.length > 1)
    throw new KrsError(
      'KR_API_F0301',
      msg('lookup_many_passwords', { count: passwords.length, keys: passwords.join(', ') }),
    )
  const stray = given.filter((k) => !passwords.includes(k) && !byKey.get(k)?.unique)
  if (stray.length) throw new KrsError('KR_API_F0302', msg('lookup_stray_key', { key: stray[0] }))
  const missing = keys.filter((e) => !(`e_${e.id}` in info))
  if (missing.length)
    throw new KrsError('KR_API_F0303', msg('lookup_missing_keys', { keys: missing.map((e) => `e_${e.id}`).join(', ') }))

  const parts: (string | null)[] = []
  for (const el of keys) {
    const raw = info[`e_${el.id}`]
    if (el.type === 'autogen') {
      if (typeof raw !== 'string' || raw === '')
        throw new KrsError('KR_API_F0004', msg('lookup_autogen_empty', { element_id: el.id }))
      parts.push(raw)
      continue
    }
    const r = checkElementValue(el, raw)
    if (!r.ok)
      throw new KrsError(
        'KR_API_F0004',
        msg('lookup_value_invalid', { element_id: el.id, problems: r.messages.join(' ') }),
      )
    if (r.blank) throw new KrsError('KR_API_F0004', msg('lookup_key_blank', { element_id: el.id }))
    parts.push(keyPart(el, r.value))
  }
  let password: string | null = null
  if (passwords.length) {
    const raw = info[passwords[0]!]
    if (typeof raw !== 'string' || raw === '')
      throw new KrsError('KR_API_F0004', msg('lookup_password_empty', { key: passwords[0] }))
    password = raw
  }
  const row = uniqueIndex(table).get(compositeKey(parts)!)
  if (row === undefined || !table.members.alive.get(row)) return 0
  if (password !== null) {
    const el = byKey.get(passwords[0]!)!
    const stored = table.members.columns.get(el.id)?.get(row)
    const ok =
      typeof stored === 'string' &&
      (el.type === 'hashed_password' ? verifyHashedPassword(password, stored) : stored === password)
    if (!ok) return 0
  }
  return table.members.id.get(row)
}
