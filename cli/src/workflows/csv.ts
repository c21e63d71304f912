/**
 * Parses CSV/TSV text (RFC 4180 quoting) into objects keyed by the header row. Only for
 * the small reports and exports `krs` re-formats with `-o`; the files themselves are
 * written as the service sent them.
 */
export function parseRecords(text: string, delimiter = ','): string[][] {
  const records: string[][] = []
  let record: string[] = []
  let field = ''
  let quoted = false
  const body = text.replace(/^\uFEFF/, '')
  for (let i = 0; i < body.length; i++) {
    const c = body[i] as string
    if (quoted) {
      if (c === '"' && body[i + 1] === '"') {
        field += '"'
        i++
      } else if (c === '"') quoted = false
      else field += c
    } else if (c === '"' && field === '') quoted = true
    else if (c === delimiter) {
      record.push(field)
      field = ''
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && body[i + 1] === '\n') i++
      record.push(field)
      records.push(record)
      record = []
      field = ''
    } else field += c
  }
  if (field !== '' || record.length > 0) {
    record.push(field)
    records.push(record)
  }
  return records
}

export function parseCsv(text: string, delimiter = ','): Record<string, string>[] {
  const [header = [], ...rows] = parseRecords(text, delimiter)
  return rows.map((r) => Object.fromEntries(header.map((h, i) => [h, r[i] ?? ''])))
}
