import { parseCsvRecords } from '@krs-kit/sdk'

export { parseCsvRecords as parseRecords }

/**
 * CSV/TSV text as objects keyed by the header row. Only for the small reports and exports
 * `krs` re-formats with `-o`; the files themselves are written as the service sent them.
 */
export function parseCsv(text: string, delimiter = ','): Record<string, string>[] {
  const [header = [], ...rows] = parseCsvRecords(text, delimiter)
  return rows.map((r) => Object.fromEntries(header.map((h, i) => [h, r[i] ?? ''])))
}
