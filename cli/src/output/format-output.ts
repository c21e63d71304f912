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

/** The text cut to `width` columns, its last one an ellipsis when anything was cut. */
export function cutToWidth(text: string, width: number): string {
  if (displayWidth(text) <= width) return text
  let out = ''
  let used = 0
  for (const ch of text) {
    const w = displayWidth(ch)
    if (used + w > width - 1) break
    out += ch
    used += w
  }
  return `${out}…`
}

/** No column is cut below this, however narrow the terminal. */
const minColumnWidth = 8

/**
 * Column widths that fit `maxWidth` (separators included): the widest columns are narrowed to one
 * common cap, the others keep their width. Unchanged when the table fits already.
 */
function fitWidths(widths: number[], maxWidth: number): number[] {
  const room = maxWidth - 2 * Math.max(0, widths.length - 1)
  const sum = (cap: number) => widths.reduce((s, w) => s + Math.min(w, cap), 0)
  const widest = Math.max(0, ...widths)
  if (sum(widest) <= room) return widths
  let lo = minColumnWidth
  let hi = widest
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2)
    if (sum(mid) <= room) lo = mid
    else hi = mid - 1
  }
  return widths.map((w) => Math.min(w, lo))
}

/** `maxWidth`: the line length to fit (the terminal's columns); cells that do not fit end in `…`. */
function table(data: unknown, maxWidth: number): string {
  const { header, rows } = toRows(data)
  const natural = [header, ...rows].map((r) => r.map((c) => c.replace(/\r?\n/g, '⏎')))
  const widths = fitWidths(
    header.map((_, i) => Math.max(...natural.map((r) => displayWidth(r[i] ?? '')))),
    maxWidth,
  )
  const all = natural.map((r) => r.map((c, i) => cutToWidth(c, widths[i] ?? c.length)))
  const line = (r: string[]) =>
    r
      .map((c, i) => (i === r.length - 1 ? c : c + ' '.repeat((widths[i] ?? 0) - displayWidth(c))))
      .join('  ')
      .trimEnd()
  const [head, ...body] = all
  return `${[line(head ?? []), widths.map((w) => '-'.repeat(w)).join('  '), ...body.map(line)].join('\n')}\n`
}

/** The width a table fits when the terminal's is unknown (piped, no `COLUMNS`). */
export const defaultTableWidth = 160

/**
 * Renders a result: JSON (pretty on a terminal, compact when piped), YAML, a table (fitted to
 * `tableWidth` columns) or CSV (always whole).
 */
export async function formatOutput(
  data: unknown,
  format: OutputFormat,
  pretty: boolean,
  tableWidth = defaultTableWidth,
): Promise<string> {
  switch (format) {
    case 'json':
      return `${pretty ? JSON.stringify(data, null, 2) : JSON.stringify(data)}\n`
    case 'yaml': {
      const { stringify } = await import('yaml')
      return stringify(data)
    }
    case 'table':
      return table(data, tableWidth)
    case 'csv': {
      const { header, rows } = toRows(data)
      return `${[header, ...rows].map((r) => r.map(csvCell).join(',')).join('\n')}\n`
    }
  }
}
