import type { MemberTableState } from '../member-db-state.js'

/**
 * Lock a member table through the API (lock_database). False when it is already locked.
 * While locked the admin screen is blocked and only the locker may export or import
 * (`isLockedAgainst`).
 */
export function lockTable(table: MemberTableState, accountId: number, now: number): boolean {
  if (table.lock) return false
  table.lock = { accountId, at: now }
  return true
}

/** Unlock (anyone may). False when the table was not locked through the API. */
export function unlockTable(table: MemberTableState): boolean {
  if (!table.lock) return false
  table.lock = null
  return true
}

/** Whether the table is locked by someone other than this account (export/import refused). */
export function isLockedAgainst(table: MemberTableState, accountId: number): boolean {
  return table.lock !== null && table.lock.accountId !== accountId
}
