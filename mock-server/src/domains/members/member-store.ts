import { KrsError } from '../../engine/krs-error.js'
import type { StoredValue } from '../../model/member-columns.js'
import type { MemberElement, MemberTableState } from '../../model/member-db.js'
import { nextAutogen } from './autogen.js'
import { generatePassword, hashPassword } from './password.js'
import { indexRow, keyPart, compositeKey, uniqueElements, uniqueIndex, unindexRow } from './unique-index.js'
import { sortRow, unsortRow } from './sorted-index.js'
import { checkMemberInput, formatElementErrors } from './validate-member-input.js'

/** What writes need from the engine: the clock, randomness and the caller's permission. */
export interface WriteEnv {
  now: number
  random: () => number
  /** The caller holds the encrypted-item-key permission. */
  encryptedKey: boolean
}

export function hasEncryptedElements(table: MemberTableState): boolean {
  return table.elements.some((e) => e.type === 'encrypted_text')
}

/** KR_API_F0228: without the encrypted-key permission no member of such a table can be written. */
export function assertMayWriteEncrypted(table: MemberTableState, env: { encryptedKey: boolean }): void {
  if (!env.encryptedKey && hasEncryptedElements(table)) {
    const names = table.elements.filter((e) => e.type === 'encrypted_text').map((e) => `e_${e.id}`).join(', ')
    throw new KrsError('KR_API_F0228', `member table ${table.id} has encrypted text elements (${names}) and the account has no permission to use the encryption key`)
  }
}

/** Row of an alive member, or -1. */
export function memberRow(table: MemberTableState, memberId: number): number {
  return table.members.rowOf(memberId)
}

function storeValue(table: MemberTableState, el: MemberElement, row: number, v: StoredValue, random: () => number): void {
  if (el.type === 'hashed_password' && typeof v === 'string') v = hashPassword(v, random)
  table.members.columns.get(el.id)?.set(row, v)
}

function conflictRow(table: MemberTableState, values: Map<number, StoredValue>, row: number): number {
  const keys = uniqueElements(table)
  if (!keys.length) return -1
  const parts = keys.map((el) => keyPart(el, values.has(el.id) ? values.get(el.id) : row >= 0 ? table.members.columns.get(el.id)?.get(row) : null))
  const k = compositeKey(parts)
  if (k === null) return -1
  const other = uniqueIndex(table).get(k)
  return other === undefined || other === row ? -1 : other
}

function assertUnique(table: MemberTableState, values: Map<number, StoredValue>, row: number): void {
  const other = conflictRow(table, values, row)
  if (other >= 0) {
    const names = uniqueElements(table).map((e) => `e_${e.id}`).join(', ')
    throw new KrsError('KR_API_F0117', `a member with the same unique key (${names}) already exists: member ${table.members.id[other]}`)
  }
}

/**
 * Add a member (add_member): absent fields are blank, blank passwords are generated, autogen
 * numbers are always generated, encrypted blanks are stored as encrypted blanks.
 * Throws KR_API_F0228, KR_API_F0116 (per-element messages), KR_API_F0117.
 */
export function addMember(table: MemberTableState, input: Record<string, unknown>, env: WriteEnv): number {
  assertMayWriteEncrypted(table, env)
  const checked = checkMemberInput(table, input, 'add')
  if (Object.keys(checked.errors).length) throw new KrsError('KR_API_F0116', formatElementErrors(checked.errors))
  for (const el of checked.blankPasswords) checked.values.set(el.id, generatePassword(el.config, env.random))
  for (const el of table.elements) {
    if (el.type === 'encrypted_text' && !checked.values.has(el.id)) checked.values.set(el.id, '')
  }
  assertUnique(table, checked.values, -1)
  // every check passed: write
  const autogens = table.elements.filter((e) => e.type === 'autogen')
  const cols = table.members
  const row = cols.appendRow()
  for (const el of autogens) cols.columns.get(el.id)?.set(row, nextAutogen(table, el))
  for (const [id, v] of checked.values) storeValue(table, table.elements.find((e) => e.id === id)!, row, v, env.random)
  cols.regist_date[row] = env.now
  cols.update_date[row] = env.now
  indexRow(table, row)
  sortRow(table, row)
  return cols.id[row]!
}

/**
 * Update a member (update_member): absent fields stay unchanged, blank passwords are
 * generated, autogen numbers cannot change. Returns false when there is no such member.
 */
export function updateMember(table: MemberTableState, memberId: number, input: Record<string, unknown>, env: WriteEnv): boolean {
  assertMayWriteEncrypted(table, env)
  const row = memberRow(table, memberId)
  if (row < 0) return false
  const checked = checkMemberInput(table, input, 'update', row)
  if (Object.keys(checked.errors).length) throw new KrsError('KR_API_F0116', formatElementErrors(checked.errors))
  for (const el of checked.blankPasswords) checked.values.set(el.id, generatePassword(el.config, env.random))
  assertUnique(table, checked.values, row)
  unindexRow(table, row)
  unsortRow(table, row)
  for (const [id, v] of checked.values) storeValue(table, table.elements.find((e) => e.id === id)!, row, v, env.random)
  table.members.update_date[row] = env.now
  table.members.version++
  indexRow(table, row)
  sortRow(table, row)
  return true
}

/** Delete a member (allowed without the encrypted-key permission). False when absent. */
export function deleteMember(table: MemberTableState, memberId: number): boolean {
  const row = memberRow(table, memberId)
  if (row < 0) return false
  unindexRow(table, row)
  unsortRow(table, row)
  table.members.removeRow(row)
  return true
}
