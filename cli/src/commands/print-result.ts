import type { CliIo } from '../io.js'
import { applyQuery } from '../output/apply-query.js'
import { formatOutput, parseOutputFormat } from '../output/format-output.js'
import type { GlobalOptions } from './global-options.js'

/**
 * `--query`, then `--output`. A text answer (`raw`: the CSV/TSV file of get_batch_job_result)
 * is written as it is unless a query or another format is asked for.
 */
export async function printResult(result: unknown, g: GlobalOptions, io: CliIo, raw = false): Promise<void> {
  const format = parseOutputFormat(g.output)
  if (raw && typeof result === 'string' && g.query === undefined && g.output === undefined) {
    io.stdout(result.endsWith('\n') ? result : `${result}\n`)
    return
  }
  const data = g.query === undefined ? result : await applyQuery(result, g.query)
  io.stdout(await formatOutput(data === undefined ? null : data, format, io.stdoutIsTTY))
}
