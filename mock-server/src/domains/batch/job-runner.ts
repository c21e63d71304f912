import type { BatchJob, BatchState, ColumnSetDef } from './batch-state.js'
import type { TenantState } from '../../kernel/tenant-state.js'
import { releaseConditionUse } from '../member-db/conditions/condition-store.js'
import { exportsEncryptedText, runExport } from './export-job.js'
import { runImport } from './import-job.js'

/** How long a job of `rows` rows runs on the engine clock. */
export function jobDuration(state: BatchState, rows: number): number {
  return Math.max(1, Math.ceil(state.timing.baseSeconds + (rows / 1000) * state.timing.secondsPer1000Rows))
}

/** Progress in percent: 100 once done, otherwise the elapsed share of the duration (at most 99). */
export function progressOf(job: BatchJob, now: number): number {
  if (job.done) return 100
  const span = job.finishAt - job.startDate
  if (span <= 0) return 99
  return Math.max(0, Math.min(99, Math.floor(((now - job.startDate) / span) * 100)))
}

/** The time the result of a finished job stops being kept. */
export function expiryOf(state: BatchState, job: BatchJob): number {
  return job.finishAt + state.timing.retentionSeconds
}

/** The column set an export job writes (all items when it is gone). */
function columnSetOf(state: BatchState, job: BatchJob): ColumnSetDef {
  return (
    state.columnSets[String(job.columnsetId ?? 1)] ?? {
      id: 1,
      memberTableId: null,
      title: '',
      columns: [],
      download: true,
    }
  )
}

/**
 * Whether the job's result file holds encrypted text in the clear: an export by an account with
 * the key whose columns include an encrypted element. Recorded when the job finishes; a job
 * saved before the record existed is judged from the table and column set as they are now.
 */
export function holdsEncryptedInClear(tenant: TenantState, state: BatchState, job: BatchJob): boolean {
  if (job.encryptedInClear !== undefined) return job.encryptedInClear
  if (job.operation !== 'export' || !job.encryptedKey) return false
  const table = tenant.memberDb.tables.get(job.memberTableId)
  return table !== undefined && exportsEncryptedText(table, columnSetOf(state, job))
}

function finish(tenant: TenantState, state: BatchState, job: BatchJob): void {
  const at = job.finishAt
  if (job.operation === 'export') {
    job.resultText = runExport(tenant, job, columnSetOf(state, job), at)
    job.encryptedInClear = holdsEncryptedInClear(tenant, state, job)
    releaseConditionUse(tenant.memberDb, job.conditionId ?? 1, `batch:${job.id}`)
  } else {
    const file = tenant.storedFiles?.files[String(job.storedFileId)]
    if (file) {
      const r = runImport(tenant, job, file, at)
      job.resultText = r.text
      job.counts = r.counts
    } else {
      job.resultText = '行番号,会員ID,結果,内容\n0,,エラー,ファイルがありません。\n'
    }
  }
  job.done = true
}

/** Finish every job due by `now`, in due order; drop result files past their retention. */
export function runDueBatchJobs(tenant: TenantState, state: BatchState, now: number): void {
  const due = Object.values(state.jobs)
    .filter((j) => !j.done && j.finishAt <= now)
    .sort((a, b) => a.finishAt - b.finishAt || a.id - b.id)
  for (const job of due) finish(tenant, state, job)
  for (const job of Object.values(state.jobs)) {
    if (job.done && job.resultText !== null && expiryOf(state, job) < now) job.resultText = null
  }
}

/** The next time a job finishes or a result expires; null when nothing is pending. */
export function nextBatchDue(state: BatchState): number | null {
  let due: number | null = null
  for (const job of Object.values(state.jobs)) {
    const t = job.done ? (job.resultText !== null ? expiryOf(state, job) + 1 : null) : job.finishAt
    if (t !== null && (due === null || t < due)) due = t
  }
  return due
}
