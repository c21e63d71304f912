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

/** No column is narrowed below this, however narrow the terminal: columns are left out instead. */
const minColumnWidth = 8

/** Columns taken by cells of these widths, with the two spaces between them. */
const lineWidth = (widths: readonly number[]): number =>
  widths.reduce((s, w) => s + w, 0) + 2 * Math.max(0, widths.length - 1)

/**
 * Column widths that fit `maxWidth` (separators included): the widest columns are narrowed to one
 * common cap, the others keep their width. Unchanged when the table fits already.
 */
function fitWidths(widths: number[], maxWidth: number): number[] {
  const room = maxWidth - 2 * Math.max(0, widths.length - 1)
  const sum = (cap: number) => widths.reduce((s, w) => s + Math.min(w, cap), 0)
  const widest = Math.max(0, ...widths)
  if (sum(widest) <= room) return widths
  let lo = 1
  let hi = widest
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2)
    if (sum(mid) <= room) lo = mid
    else hi = mid - 1
  }
  return widths.map((w) => Math.min(w, lo))
}

/**
 * How many of the columns (from the left) a line of `maxWidth` shows: all when each fits at
 * `minColumnWidth`; else as many as fit beside a last column `+N` that counts the ones left out
 * (at least one, cut to the width).
 */
function shownColumns(widths: readonly number[], maxWidth: number): number {
  const least = widths.map((w) => Math.min(w, minColumnWidth))
  if (lineWidth(least) <= maxWidth) return widths.length
  let shown = widths.length - 1
  while (shown > 1 && lineWidth([...least.slice(0, shown), `+${widths.length - shown}`.length]) > maxWidth) shown--
  return Math.max(1, shown)
}

/**
 * `maxWidth`: the line length to fit (the terminal's columns). Cells that do not fit end in `…`;
 * when even narrowed columns do not fit, the columns on the right are left out and a last column
 * `+N` says how many (`-o csv`, `-o json` or `--query` give them all).
 */
function table(data: unknown, maxWidth: number): string {
  const { header, rows } = toRows(data)
  const natural = [header, ...rows].map((r) => r.map((c) => c.replace(/\r?\n/g, '⏎')))
  const full = header.map((_, i) => Math.max(...natural.map((r) => displayWidth(r[i] ?? ''))))
  const shown = shownColumns(full, maxWidth)
  const marker = shown < full.length ? `+${full.length - shown}` : undefined
  const room = marker === undefined ? maxWidth : maxWidth - marker.length - 2
  const widths = fitWidths(full.slice(0, shown), Math.max(1, room))
  const all = natural.map((r, row) => [
    ...r.slice(0, shown).map((c, i) => cutToWidth(c, widths[i] ?? c.length)),
    ...(marker === undefined ? [] : [row === 0 ? marker : '…']),
  ])
  const allWidths = marker === undefined ? widths : [...widths, marker.length]
  const line = (r: string[]) =>
    r
      .map((c, i) => (i === r.length - 1 ? c : c + ' '.repeat((allWidths[i] ?? 0) - displayWidth(c))))
      .join('  ')
      .trimEnd()
  const [head, ...body] = all
  return `${[line(head ?? []), allWidths.map((w) => '-'.repeat(w)).join('  '), ...body.map(line)].join('\n')}\n`
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
