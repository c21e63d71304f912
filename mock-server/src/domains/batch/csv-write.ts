/**
 * Writing CSV/TSV fields (RFC 4180 quoting: a field containing the delimiter, a double
 * quote, CR or LF is quoted and its quotes doubled). Reading always goes through csv-parse;
 * the tests check that csv-parse reads back exactly what this writes. The export writes
 * millions of fields, so this is a tight loop rather than csv-stringify (see bench/batch-export.ts
 * for both measured side by side).
 */
const NEEDS_QUOTE_CSV = /[",\r\n]/
const NEEDS_QUOTE_TSV = /["\t\r\n]/

export type Delimiter = ',' | '\t'

export function csvField(s: string, delimiter: Delimiter): string {
  const re = delimiter === ',' ? NEEDS_QUOTE_CSV : NEEDS_QUOTE_TSV
  return re.test(s) ? `"${s.replace(/"/g, '""')}"` : s
}

/** One line (with its LF) of already-converted field texts. */
export function csvLine(fields: readonly string[], delimiter: Delimiter): string {
  let out = ''
  for (let i = 0; i < fields.length; i++) {
    if (i > 0) out += delimiter
    out += csvField(fields[i]!, delimiter)
  }
  return `${out}\n`
}
