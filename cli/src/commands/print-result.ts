import type { CliIo } from '../io.js'
import { applyQuery } from '../output/apply-query.js'
import { formatOutput, parseOutputFormat } from '../output/format-output.js'
import type { GlobalOptions } from './global-options.js'

/** The width tables fit: the terminal's, else `COLUMNS`, else the default. */
function terminalColumns(io: CliIo): number | undefined {
  if (io.stdoutIsTTY && io.columns !== undefined && io.columns > 0) return io.columns
  const fromEnv = Number(io.env.COLUMNS)
  return Number.isInteger(fromEnv) && fromEnv > 0 ? fromEnv : undefined
}

/** `-r/--raw`: a string as it is, an array of scalars one a line; anything else as JSON. */
function rawText(data: unknown): string | undefined {
  const scalar = (v: unknown) =>
    typeof v === 'string' ? v : v === null || typeof v !== 'object' ? JSON.stringify(v) : undefined
  if (Array.isArray(data)) {
    const lines = data.map(scalar)
    if (lines.every((l) => l !== undefined)) return lines.map((l) => `${l}\n`).join('')
    return undefined
  }
  const one = scalar(data)
  return one === undefined ? undefined : `${one}\n`
}

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
  if (g.raw && (g.output === undefined || g.output === 'json')) {
    const text = rawText(data === undefined ? null : data)
    if (text !== undefined) {
      io.stdout(text)
      return
    }
  }
  io.stdout(await formatOutput(data === undefined ? null : data, format, io.stdoutIsTTY, terminalColumns(io)))
}
