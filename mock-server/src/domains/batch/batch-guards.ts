import type { EngineContext } from '../../kernel/context.js'
import { KrsError } from '../../kernel/krs-error.js'
import { msg } from '../../kernel/messages.js'
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
      msg('table_locked_by_account', { member_table_id: table.id, account_id: table.lock!.accountId }),
    )
  }
  for (const job of Object.values(state.jobs)) {
    if (job.done) continue
    const whose = job.accountId === accountId ? msg('whose_own') : msg('whose_account', { account_id: job.accountId })
    throw new KrsError(
      'KR_API_F0205',
      msg('batch_job_busy', {
        whose,
        batch_job_id: job.id,
        operation: job.operation,
        member_table_id: job.memberTableId,
      }),
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
      throw new KrsError(
        'KR_API_F0016',
        msg('table_locked_by_job', { member_table_id: table.id, batch_job_id: job.id }),
      )
    if (otherTablesBlock)
      throw new KrsError(
        'KR_API_F0017',
        msg('batch_job_on_table', { batch_job_id: job.id, member_table_id: job.memberTableId }),
      )
  }
}
