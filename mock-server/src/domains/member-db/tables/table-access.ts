import type { EngineContext } from '../../../kernel/context.js'
import { KrsError } from '../../../kernel/krs-error.js'
import { type MessageParam, msg } from '../../../kernel/messages.js'
import type { Account } from '../../../kernel/account.js'
import type { MemberElement, MemberTableState } from '../member-db-state.js'

export function mayAccessTable(account: Account | null, tableId: number): boolean {
  if (!account) return false
  return account.tables === 'all' || account.tables.includes(tableId)
}

/** Member tables the caller may access, in database-id order. */
export function accessibleTables(ctx: EngineContext): MemberTableState[] {
  return [...ctx.tenant.memberDb.tables.values()]
    .filter((t) => mayAccessTable(ctx.account, t.id))
    .sort((a, b) => a.id - b.id)
}

/**
 * KR_API_F0014 unless the caller may access member table `tableId`: the one table check of
 * every operation that reaches a table, whether by its id or through something of it (a form,
 * a batch job, a mail message), so that no door of a table is open to an account limited to
 * other tables. `what` names the way in for the message (by default `member_table_id {id}`).
 */
export function assertTableAccess(ctx: EngineContext, tableId: number, what?: MessageParam): void {
  if (!mayAccessTable(ctx.account, tableId)) {
    // the default text is made for a refusal only (as a default parameter it was made on every call)
    throw new KrsError(
      'KR_API_F0014',
      msg('table_access_denied', { what: what ?? `member_table_id ${tableId}`, member_table_id: tableId }),
    )
  }
}

/** The member table, or KR_API_F0005 (no such table) / KR_API_F0014 (no access to it). */
export function requireTable(ctx: EngineContext, tableId: number): MemberTableState {
  const t = ctx.tenant.memberDb.tables.get(tableId)
  if (!t) throw new KrsError('KR_API_F0005', msg('member_table_not_found', { member_table_id: tableId }))
  assertTableAccess(ctx, tableId)
  return t
}

/** An element by id with its table, or F0005 / F0014. */
export function requireElement(
  ctx: EngineContext,
  elementId: number,
): { table: MemberTableState; element: MemberElement } {
  for (const t of ctx.tenant.memberDb.tables.values()) {
    const element = t.elements.find((e) => e.id === elementId)
    if (element) return { table: requireTable(ctx, t.id), element }
  }
  throw new KrsError('KR_API_F0005', msg('element_not_found', { element_id: elementId }))
}
