import type { EngineContext } from '../../kernel/context.js'
import { KrsError } from '../../kernel/krs-error.js'
import type { MemberTableState } from '../member-db/member-db-state.js'
import type { BatchState } from './batch-state.js'
import { isLockedAgainst } from '../member-db/tables/lock.js'

/**
 * Refusals before a batch job starts: the table locked through the API by
 * another user (F0013: "while locked, export and import are allowed only to the user who
 * locked it"); only one import or export at a time across all databases, whoever started the
 * running one and on whichever table (F0205 "Other Operation Is Running" for any second job).
 */
export function assertMayStartJob(ctx: EngineContext, state: BatchState, table: MemberTableState): void {
  const accountId = ctx.account?.id ?? 0
  if (isLockedAgainst(table, accountId)) {
    throw new KrsError(
      'KR_API_F0013',
      `member table ${table.id} is locked through the API by account ${table.lock!.accountId}; only that user may import or export`,
    )
  }
  for (const job of Object.values(state.jobs)) {
    if (job.done) continue
    const whose = job.accountId === accountId ? 'your' : `account ${job.accountId}'s`
    throw new KrsError(
      'KR_API_F0205',
      `${whose} batch job ${job.id} (${job.operation} of member table ${job.memberTableId}) is still running; only one import or export runs at a time`,
    )
  }
}

/**
 * Refusals before writes that a running batch job blocks (bulk delete, form actions): F0016
 * when the job works on this table, F0017 on another one when `otherTablesBlock`. An API lock
 * does not block them: it restricts only export and import by other accounts.
 */
export function assertTableWritable(
  _ctx: EngineContext,
  state: BatchState | undefined,
  table: MemberTableState,
  otherTablesBlock: boolean,
): void {
  for (const job of Object.values(state?.jobs ?? {})) {
    if (job.done) continue
    if (job.memberTableId === table.id)
      throw new KrsError('KR_API_F0016', `member table ${table.id} is locked by running batch job ${job.id}`)
    if (otherTablesBlock)
      throw new KrsError('KR_API_F0017', `batch job ${job.id} is running on member table ${job.memberTableId}`)
  }
}
