import { writeFile } from 'node:fs/promises'
import { resolve } from 'node:path'
import type { Command } from 'commander'
import type { CliIo } from '../io.js'
import { idArgument } from './parse-args.js'
import { waitForJob } from './wait-actions.js'
import { workflowClient } from './workflow-client.js'

interface ExportOptions {
  table?: string
  condition: string
  columnset: string
  tsv?: boolean
  out?: string
  interval?: string
  timeout?: string
}

/** export_members → wait → get_batch_job_result → the file (or stdout). */
export async function membersExport(cmd: Command, io: CliIo): Promise<void> {
  const o = cmd.opts<ExportOptions>()
  const body = {
    member_table_id: idArgument('--table', o.table),
    condition_id: idArgument('--condition', o.condition),
    columnset_id: idArgument('--columnset', o.columnset),
    is_csv: !o.tsv,
  }
  const client = await workflowClient(cmd, io)
  const jobId = await client.exportMembers(body)
  await waitForJob(client, jobId, o, io, 'エクスポート')
  const text = await client.downloadBatchJobResult(jobId)
  if (o.out === undefined || o.out === '-') {
    io.stdout(text)
    return
  }
  const file = resolve(io.cwd, o.out)
  await writeFile(file, text, 'utf8')
  const rows = text.split('\n').filter((l) => l.length > 0).length
  io.stdout(`${JSON.stringify({ batch_job_id: jobId, out: o.out, bytes: Buffer.byteLength(text), lines: rows })}\n`)
}
