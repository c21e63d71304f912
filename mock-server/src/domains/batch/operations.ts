import type { EngineContext } from '../../kernel/context.js'
import type { OperationRequest } from '@krs-kit/contract/operation-types'
import { KrsError } from '../../kernel/krs-error.js'
import { msg } from '../../kernel/messages.js'
import type { BatchJob, ColumnSetDef } from './batch-state.js'
import type { TenantState } from '../../kernel/tenant-state.js'
import { assertNoEncryptedElement } from '../member-db/conditions/compile-condition.js'
import { markConditionUse } from '../member-db/conditions/condition-store.js'
import { requireConditionFor } from '../member-db/conditions/operations.js'
import { assertTableAccess, requireTable } from '../member-db/tables/table-access.js'
import { assertMayWriteEncrypted } from '../member-db/members/member-store.js'
import { advanceBatchJobs, batchOf } from './batch-section.js'
import { filesOf } from '../stored-files/stored-files-section.js'
import { assertMayStartJob } from './batch-guards.js'
import { expiryOf, holdsEncryptedInClear, jobDuration, progressOf } from './job-runner.js'
import { importModeOf, resolveOverrides } from './override-options.js'

function requireColumnSet(ctx: EngineContext, tableId: number, id: number): ColumnSetDef {
  const set = batchOf(ctx.tenant, ctx.now()).columnSets[String(id)]
  if (!set) throw new KrsError('KR_API_F0005', msg('columnset_not_found', { columnset_id: id }))
  if (set.memberTableId !== null && set.memberTableId !== tableId) {
    throw new KrsError(
      'KR_API_F0007',
      msg('columnset_other_table', { columnset_id: id, other_table_id: set.memberTableId, member_table_id: tableId }),
    )
  }
  if (!set.download)
    throw new KrsError('KR_API_F0218', msg('columnset_not_download', { columnset_id: id, title: set.title }))
  return set
}

/** export_members: start an export job; its file is written when the job finishes. */
export function exportMembersOp(ctx: EngineContext, b: OperationRequest<'export_members'>): number {
  const now = ctx.now()
  advanceBatchJobs(ctx.tenant, now)
  const table = requireTable(ctx, b.member_table_id)
  const state = batchOf(ctx.tenant, now)
  const cond = requireConditionFor(ctx, table.id, b.condition_id)
  assertNoEncryptedElement(table, cond.info, ctx.tenant.memberDb)
  requireColumnSet(ctx, table.id, b.columnset_id)
  assertMayStartJob(ctx, state, table)
  const id = state.nextJobId++
  const job: BatchJob = {
    id,
    operation: 'export',
    memberTableId: table.id,
    accountId: ctx.account?.id ?? 0,
    encryptedKey: ctx.account?.encryptedKey ?? false,
    startDate: now,
    uploadDate: null,
    finishAt: now + jobDuration(state, table.members.count),
    done: false,
    conditionId: b.condition_id,
    columnsetId: b.columnset_id,
    isCsv: b.is_csv !== false,
    resultText: null,
    contentType: b.is_csv === false ? 'text/tab-separated-values' : 'text/csv',
  }
  state.jobs[String(id)] = job
  markConditionUse(ctx.tenant.memberDb, b.condition_id, `batch:${id}`)
  return id
}

function lineCount(text: string): number {
  let n = 0
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) n++
  return n
}

/** import_members: check the file, mode and options now; the rows are written when the job finishes. */
export function importMembersOp(ctx: EngineContext, b: OperationRequest<'import_members'>): number {
  const now = ctx.now()
  advanceBatchJobs(ctx.tenant, now)
  const table = requireTable(ctx, b.member_table_id)
  const state = batchOf(ctx.tenant, now)
  const file = filesOf(ctx.tenant, now).files[String(b.stored_file_id)]
  if (!file) throw new KrsError('KR_API_F0005', msg('stored_file_not_found', { stored_file_id: b.stored_file_id }))
  if (state.importedFileIds.includes(file.id))
    throw new KrsError('KR_API_F0206', msg('stored_file_imported', { stored_file_id: file.id }))
  const mode = importModeOf(b.is_update)
  const overrides = resolveOverrides(table, mode, b.override_options)
  assertMayWriteEncrypted(table, { encryptedKey: ctx.account?.encryptedKey ?? false })
  assertMayStartJob(ctx, state, table)
  const id = state.nextJobId++
  state.jobs[String(id)] = {
    id,
    operation: 'import',
    memberTableId: table.id,
    accountId: ctx.account?.id ?? 0,
    encryptedKey: ctx.account?.encryptedKey ?? false,
    startDate: now,
    uploadDate: file.uploadedAt,
    finishAt: now + jobDuration(state, lineCount(file.body)),
    done: false,
    storedFileId: file.id,
    mode,
    overrides,
    resultText: null,
    contentType: 'text/csv',
  }
  state.importedFileIds.push(file.id)
  return id
}

function requireJob(ctx: EngineContext, id: number): BatchJob {
  const now = ctx.now()
  advanceBatchJobs(ctx.tenant, now)
  const job = ctx.tenant.batch?.jobs[String(id)]
  if (!job) throw new KrsError('KR_API_F0005', msg('batch_job_not_found', { batch_job_id: id }))
  assertTableAccess(ctx, job.memberTableId, msg('ref_batch_job', { batch_job_id: id }))
  return job
}

export function getBatchJobStatusOp(ctx: EngineContext, id: number) {
  const job = requireJob(ctx, id)
  return {
    start_date: job.startDate,
    upload_date: job.uploadDate,
    progress: progressOf(job, ctx.now()),
    operation: job.operation,
  }
}

/**
 * get_batch_job_result: the file text (F0014 a job of a table the account may not access,
 * F0307 no download right, F0305 running, F0306 gone, F0228 encrypted text in the clear).
 *
 * The result is the one file the job produced ("fetch the produced file"), written with the
 * rights of the account that started it; it is not written again per reader. An export by an
 * account holding the encryption-key permission has encrypted text in the clear, so another
 * account without that permission is refused the file (KR_API_F0228, the code the member
 * operations answer when the key is needed) rather than handed what get_member_info would
 * show it only as the placeholder. An export made without the key holds the placeholder and
 * anyone with the download right may fetch it; an import log never quotes text values.
 */
export function getBatchJobResultOp(ctx: EngineContext, id: number): string {
  const job = requireJob(ctx, id)
  if (!ctx.account?.resultDownload) throw new KrsError('KR_API_F0307', msg('result_download_denied'))
  if (!job.done)
    throw new KrsError(
      'KR_API_F0305',
      msg('batch_job_running', { batch_job_id: id, progress: progressOf(job, ctx.now()) }),
    )
  const state = ctx.tenant.batch!
  if (job.resultText === null || ctx.now() > expiryOf(state, job)) {
    throw new KrsError(
      'KR_API_F0306',
      msg('batch_result_expired', { batch_job_id: id, days: Math.round(state.timing.retentionSeconds / 86400) }),
    )
  }
  if (!ctx.account?.encryptedKey && holdsEncryptedInClear(ctx.tenant, state, job)) {
    throw new KrsError(
      'KR_API_F0228',
      msg('batch_result_encrypted', { batch_job_id: id, member_table_id: job.memberTableId }),
    )
  }
  ctx.audit('download_batch_result', { batch_job_id: id, operation: job.operation, member_table_id: job.memberTableId })
  return job.resultText
}

/**
 * The content type of a batch job's result file: text/csv, or text/tab-separated-values for
 * a TSV export. The engine sends get_batch_job_result with it (charset=utf-8).
 */
export function batchResultContentType(
  tenant: TenantState,
  batchJobId: number,
): 'text/csv' | 'text/tab-separated-values' {
  return tenant.batch?.jobs[String(batchJobId)]?.contentType ?? 'text/csv'
}
