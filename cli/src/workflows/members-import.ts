import { readFile } from 'node:fs/promises'
import { basename, resolve } from 'node:path'
import type { Command } from 'commander'
import { printResult } from '../commands/print-result.js'
import type { GlobalOptions } from '../commands/global-options.js'
import { ExitError, exitCodes, UsageError } from '../exit-codes.js'
import { orList, t } from '../i18n/lang.js'
import type { CliIo } from '../io.js'
import { parseImportReport } from './import-report.js'
import { idArgument } from './parse-args.js'
import { ensureWaitCanEnd, type PollOptions } from './poll.js'
import { createProgress } from './progress.js'
import { commandLine, whileStarted } from './started-work.js'
import { waitForJob } from './wait-actions.js'
import { workflowTarget } from './workflow-client.js'

interface ImportOptions extends PollOptions {
  table?: string
  file?: string
  mode?: string
}

/**
 * upload_stored_files → import_members → wait → the job's report. The report is printed as
 * the service wrote it, or as data with `-o`/`--query` (table/csv: its rows); exit 1 when any
 * row failed, the failed rows on stderr.
 */
export async function membersImport(cmd: Command, io: CliIo): Promise<void> {
  const o = cmd.opts<ImportOptions>()
  const g = cmd.optsWithGlobals<GlobalOptions>()
  const tableId = idArgument('--table', o.table)
  if (o.file === undefined) throw new UsageError(t('err.required', { name: '--file' }))
  let mode: 0 | 1 | 2 | 3 = 0
  if (o.mode !== undefined) {
    if (!/^[0-3]$/.test(o.mode))
      throw new UsageError(t('err.choice', { name: '--mode', choices: orList([0, 1, 2, 3]), value: o.mode }))
    mode = Number(o.mode) as 0 | 1 | 2 | 3
  }
  let content: Uint8Array
  try {
    content = await readFile(resolve(io.cwd, o.file))
  } catch (e) {
    throw new UsageError(
      t('err.cannotRead', {
        name: '--file',
        file: o.file,
        why: (e as NodeJS.ErrnoException).code ?? (e as Error).message,
      }),
    )
  }
  const target = await workflowTarget(cmd, io)
  await ensureWaitCanEnd(target, io, o, 'members import')
  const { client } = target
  const progress = createProgress(io)
  progress.update(t('progress.upload', { file: basename(o.file) }))
  let storedFileId: number
  try {
    storedFileId = await client.uploadStoredFile(basename(o.file), content)
  } finally {
    progress.stop()
  }
  const jobId = await client.importMembers({ member_table_id: tableId, stored_file_id: storedFileId, is_update: mode })
  const [status, text] = await whileStarted(
    io,
    () =>
      t('resume.job', {
        id: jobId,
        command: `${commandLine(cmd, ['wait', 'batch-job', String(jobId)])} && ${commandLine(cmd, ['get-batch-job-result', '--batch-job-id', String(jobId)])}`,
      }),
    async () => {
      const done = await waitForJob(target, jobId, o, io, t('progress.import'))
      return [done, await client.downloadBatchJobResult(jobId)] as const
    },
  )
  const report = parseImportReport(text)
  io.stderr(t('import.done', { file: o.file, stored: storedFileId, job: jobId, progress: status.progress }))
  if (g.output === undefined && g.query === undefined) {
    io.stdout(text.endsWith('\n') || text === '' ? text : `${text}\n`)
  } else {
    const data =
      g.output === 'table' || g.output === 'csv'
        ? report.rows
        : {
            stored_file_id: storedFileId,
            batch_job_id: jobId,
            added: report.added,
            updated: report.updated,
            errors: report.errors,
            failed: report.failed,
            rows: report.rows,
          }
    await printResult(data, g, io)
  }
  if (report.errors > 0) {
    const lines = [
      t('import.failed', { file: o.file, failed: report.errors, added: report.added, updated: report.updated }),
      ...report.failed.map((r) => t('import.failedRow', { line: r.line ?? '?', message: r.message })),
    ]
    throw new ExitError(lines.join('\n'), exitCodes.api)
  }
}
