import type { CliIo } from '../io.js'
import { applyQuery } from '../output/apply-query.js'
import { formatOutput, parseOutputFormat } from '../output/format-output.js'
import type { GlobalOptions } from './global-options.js'

/** `--query`, then `--output`; a text answer (CSV file) is written as it is. */
export async function printResult(result: unknown, g: GlobalOptions, io: CliIo): Promise<void> {
  const format = parseOutputFormat(g.output)
  if (typeof result === 'string' && g.query === undefined && format === 'json' && result.includes('\n')) {
    io.stdout(result.endsWith('\n') ? result : `${result}\n`)
    return
  }
  const data = g.query === undefined ? result : await applyQuery(result, g.query)
  io.stdout(await formatOutput(data === undefined ? null : data, format, io.stdoutIsTTY))
}
