import { parseCsv } from './csv.js'
import { writeFile } from 'node:fs/promises'
import { resolve } from 'node:path'
import type { Command } from 'commander'
import { printResult } from '../commands/print-result.js'
import type { GlobalOptions } from '../commands/global-options.js'
import { t } from '../i18n/lang.js'
import type { CliIo } from '../io.js'
import { idArgument } from './parse-args.js'
import { ensureWaitCanEnd, type PollOptions } from './poll.js'
import { commandLine, whileStarted } from './started-work.js'
import { waitForJob } from './wait-actions.js'
import { workflowTarget } from './workflow-client.js'

interface ExportOptions extends PollOptions {
  table?: string
  condition?: string
  columnset?: string
  tsv?: boolean
  out?: string
  resume?: string
}

/** The command that picks up `jobId` where this run left it. */
function resumeCommand(cmd: Command, o: ExportOptions, jobId: number): string {
  return commandLine(cmd, [
    'members',
    'export',
    '--resume',
    String(jobId),
    ...(o.tsv ? ['--tsv'] : []),
    ...(o.out !== undefined ? ['--out', o.out] : []),
    ...(o.interval !== undefined ? ['--interval', o.interval] : []),
    ...(o.advanceClock ? ['--advance-clock'] : []),
  ])
}

/**
 * export_members → wait → get_batch_job_result → the file (or stdout). `--resume <job>` starts
 * nothing and takes up a job an earlier run left (its message names the command). A run that
 * could not finish on the emulator's manual clock stops before it starts the job.
 */
export async function membersExport(cmd: Command, io: CliIo): Promise<void> {
  const o = cmd.opts<ExportOptions>()
  const resumed = o.resume === undefined ? undefined : idArgument('--resume', o.resume)
  const body =
    resumed === undefined
      ? {
          member_table_id: idArgument('--table', o.table),
          condition_id: idArgument('--condition', o.condition),
          columnset_id: idArgument('--columnset', o.columnset),
          is_csv: !o.tsv,
        }
      : undefined
  const target = await workflowTarget(cmd, io)
  let jobId: number
  if (body === undefined) jobId = resumed as number
  else {
    await ensureWaitCanEnd(target, io, o, 'members export')
    jobId = await target.client.exportMembers(body)
  }
  const text = await whileStarted(
    io,
    () => t('resume.job', { id: jobId, command: resumeCommand(cmd, o, jobId) }),
    async () => {
      await waitForJob(target, jobId, o, io, t('progress.export'))
      return target.client.downloadBatchJobResult(jobId)
    },
  )
  const g = cmd.optsWithGlobals<GlobalOptions>()
  if (o.out === undefined || o.out === '-') {
    // The file itself, unless a format or a query asks for it as data.
    if (g.output === undefined && g.query === undefined) io.stdout(text)
    else {
      await printResult(parseCsv(text, o.tsv ? '\t' : ','), g, io)
    }
    return
  }
  const file = resolve(io.cwd, o.out)
  await writeFile(file, text, 'utf8')
  const rows = text.split('\n').filter((l) => l.length > 0).length
  await printResult({ batch_job_id: jobId, out: o.out, bytes: Buffer.byteLength(text), lines: rows }, g, io)
}
