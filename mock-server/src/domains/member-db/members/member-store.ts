import { KrsError } from '../../../kernel/krs-error.js'
import { msg } from '../../../kernel/messages.js'
import type { StoredValue } from '../member-columns.js'
import type { MemberTableState } from '../member-db-state.js'
import { nextAutogen } from './autogen.js'
import { generatePassword, hashPassword } from './password.js'
import { indexNewRow, indexRow, keyPart, compositeKey, uniqueIndex, unindexRow } from './unique-index.js'
import { sortRow, unsortRow } from './sorted-index.js'
import { tablePlan, type TablePlan } from './table-plan.js'
import { checkMemberInput, formatElementErrors, hasErrors } from './validate-member-input.js'

/** What writes need from the engine: the clock, randomness and the caller's permission. */
export interface WriteEnv {
  now: number
  random: () => number
  /** The caller holds the encrypted-item-key permission. */
  encryptedKey: boolean
}

export function hasEncryptedElements(table: MemberTableState): boolean {
  return tablePlan(table).encrypted.length > 0
}

/** KR_API_F0228: without the encrypted-key permission no member of such a table can be written. */
export function assertMayWriteEncrypted(table: MemberTableState, env: { encryptedKey: boolean }): void {
  if (!env.encryptedKey && hasEncryptedElements(table)) {
    const names = tablePlan(table)
      .encrypted.map((e) => `e_${e.id}`)
      .join(', ')
    throw new KrsError('KR_API_F0228', msg('encryption_key_denied', { member_table_id: table.id, names }))
  }
}

/** Row of an alive member, or -1. */
export function memberRow(table: MemberTableState, memberId: number): number {
  return table.members.rowOf(memberId)
}

/** Write the checked values of a row (hashed passwords hashed), through the plan's columns. */
function storeValues(plan: TablePlan, values: Map<number, StoredValue>, row: number, random: () => number): void {
  for (const [id, value] of values) {
    let v = value
    if (typeof v === 'string' && plan.byId.get(id)!.type === 'hashed_password') v = hashPassword(v, random)
    plan.column.get(id)?.set(row, v)
  }
}

/** The unique-key text of the values about to be written (null when a key part is blank). */
function pendingKey(plan: TablePlan, values: Map<number, StoredValue>, row: number): string | null {
  const keys = plan.unique
  if (keys.length === 1) {
    const el = keys[0]!
    const v = values.has(el.id) ? values.get(el.id) : row >= 0 ? plan.column.get(el.id)?.get(row) : null
    return keyPart(el, v)
  }
  const parts = keys.map((el) =>
    keyPart(el, values.has(el.id) ? values.get(el.id) : row >= 0 ? plan.column.get(el.id)?.get(row) : null),
  )
  return compositeKey(parts)
}

/** KR_API_F0117 when another member has the unique key of `values`; returns that key (or null). */
function assertUnique(
  table: MemberTableState,
  plan: TablePlan,
  values: Map<number, StoredValue>,
  row: number,
): string | null {
  if (!plan.unique.length) return null
  const k = pendingKey(plan, values, row)
  if (k === null) return null
  const other = uniqueIndex(table).get(k)
  if (other !== undefined && other !== row) {
    const names = plan.unique.map((e) => `e_${e.id}`).join(', ')
    throw new KrsError('KR_API_F0117', msg('unique_key_taken', { names, member_id: table.members.id.get(other) }))
  }
  return k
}

/**
 * Add a member (add_member): absent fields are blank, blank passwords are generated, autogen
 * numbers are always generated, encrypted blanks are stored as encrypted blanks.
 * Throws KR_API_F0228, KR_API_F0116 (per-element messages), KR_API_F0117.
 */
export function addMember(table: MemberTableState, input: Record<string, unknown>, env: WriteEnv): number {
  assertMayWriteEncrypted(table, env)
  const plan = tablePlan(table)
  const checked = checkMemberInput(table, input, 'add')
  if (hasErrors(checked.errors))
    throw new KrsError('KR_API_F0116', msg('element_errors', { errors: formatElementErrors(checked.errors) }))
  for (const el of checked.blankPasswords) checked.values.set(el.id, generatePassword(el.config, env.random))
  for (const el of plan.encrypted) {
    if (!checked.values.has(el.id)) checked.values.set(el.id, '')
  }
  const key = assertUnique(table, plan, checked.values, -1)
  // every check passed: write
  const cols = table.members
  const row = cols.appendRow()
  for (const el of plan.autogen) plan.column.get(el.id)?.set(row, nextAutogen(table, el))
  storeValues(plan, checked.values, row, env.random)
  cols.regist_date.set(row, env.now)
  cols.update_date.set(row, env.now)
  // the key just checked is the row's key unless a key part is generated or hashed on write
  if (key !== null && plan.uniqueKeyStable) indexNewRow(table, key, row)
  else indexRow(table, row)
  sortRow(table, row)
  return cols.id.get(row)
}

/**
 * Update a member (update_member): absent fields stay unchanged, blank passwords are
 * generated, autogen numbers cannot change. Returns false when there is no such member.
 */
export function updateMember(
  table: MemberTableState,
  memberId: number,
  input: Record<string, unknown>,
  env: WriteEnv,
): boolean {
  assertMayWriteEncrypted(table, env)
  const row = memberRow(table, memberId)
  if (row < 0) return false
  const plan = tablePlan(table)
  const checked = checkMemberInput(table, input, 'update', row)
  if (hasErrors(checked.errors))
    throw new KrsError('KR_API_F0116', msg('element_errors', { errors: formatElementErrors(checked.errors) }))
  for (const el of checked.blankPasswords) checked.values.set(el.id, generatePassword(el.config, env.random))
  assertUnique(table, plan, checked.values, row)
  unindexRow(table, row)
  unsortRow(table, row)
  storeValues(plan, checked.values, row, env.random)
  table.members.update_date.set(row, env.now)
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
