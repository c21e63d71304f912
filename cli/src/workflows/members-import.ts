import { readFile } from 'node:fs/promises'
import { basename, resolve } from 'node:path'
import type { Command } from 'commander'
import { UsageError } from '../exit-codes.js'
import type { CliIo } from '../io.js'
import { idArgument } from './parse-args.js'
import { createProgress } from './progress.js'
import { waitForJob } from './wait-actions.js'
import { workflowClient } from './workflow-client.js'

interface ImportOptions {
  table?: string
  file?: string
  mode?: string
  interval?: string
  timeout?: string
}

/** upload_stored_files → import_members → wait → the job's report (stdout). */
export async function membersImport(cmd: Command, io: CliIo): Promise<void> {
  const o = cmd.opts<ImportOptions>()
  const tableId = idArgument('--table', o.table)
  if (o.file === undefined) throw new UsageError('--file is required')
  let mode: 0 | 1 | 2 | 3 = 0
  if (o.mode !== undefined) {
    if (!/^[0-3]$/.test(o.mode)) throw new UsageError(`--mode must be 0, 1, 2 or 3 (got "${o.mode}")`)
    mode = Number(o.mode) as 0 | 1 | 2 | 3
  }
  let content: Uint8Array
  try {
    content = await readFile(resolve(io.cwd, o.file))
  } catch (e) {
    throw new UsageError(`--file: cannot read ${o.file}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`)
  }
  const client = await workflowClient(cmd, io)
  const progress = createProgress(io)
  progress.update(`アップロード中 ${basename(o.file)}`)
  let storedFileId: number
  try {
    storedFileId = await client.uploadStoredFile(basename(o.file), content)
  } finally {
    progress.stop()
  }
  const jobId = await client.importMembers({ member_table_id: tableId, stored_file_id: storedFileId, is_update: mode })
  const status = await waitForJob(client, jobId, o, io, 'インポート')
  const report = await client.downloadBatchJobResult(jobId)
  io.stderr(`krs: imported ${o.file} (stored_file_id ${storedFileId}, batch_job_id ${jobId}, progress ${status.progress}%)\n`)
  io.stdout(report.endsWith('\n') || report === '' ? report : `${report}\n`)
}
