import { t } from '../i18n/lang.js'
import { UsageError } from '../exit-codes.js'
import { displayWidth } from './display-width.js'
import { toRows } from './rows.js'

export const outputFormats = ['json', 'yaml', 'table', 'csv'] as const
export type OutputFormat = (typeof outputFormats)[number]

export function parseOutputFormat(text: string | undefined): OutputFormat {
  if (text === undefined) return 'json'
  if ((outputFormats as readonly string[]).includes(text)) return text as OutputFormat
  throw new UsageError(t('err.output', { choices: outputFormats.join(', '), value: text }))
}

function csvCell(s: string): string {
  return /[",\r\n]/.test(s) || /^\s|\s$/.test(s) ? `"${s.replace(/"/g, '""')}"` : s
}

function table(data: unknown): string {
  const { header, rows } = toRows(data)
  const all = [header, ...rows].map((r) => r.map((c) => c.replace(/\r?\n/g, '⏎')))
  const widths = header.map((_, i) => Math.max(...all.map((r) => displayWidth(r[i] ?? ''))))
  const line = (r: string[]) =>
    r
      .map((c, i) => (i === r.length - 1 ? c : c + ' '.repeat((widths[i] ?? 0) - displayWidth(c))))
      .join('  ')
      .trimEnd()
  const [head, ...body] = all
  return `${[line(head ?? []), widths.map((w) => '-'.repeat(w)).join('  '), ...body.map(line)].join('\n')}\n`
}

/** Renders a result: JSON (pretty on a terminal, compact when piped), YAML, a table or CSV. */
export async function formatOutput(data: unknown, format: OutputFormat, pretty: boolean): Promise<string> {
  switch (format) {
    case 'json':
      return `${pretty ? JSON.stringify(data, null, 2) : JSON.stringify(data)}\n`
    case 'yaml': {
      const { stringify } = await import('yaml')
      return stringify(data)
    }
    case 'table':
      return table(data)
    case 'csv': {
      const { header, rows } = toRows(data)
      return `${[header, ...rows].map((r) => r.map(csvCell).join(',')).join('\n')}\n`
    }
  }
}
