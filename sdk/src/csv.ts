/**
 * Parses CSV/TSV text (RFC 4180 quoting: quoted fields may hold the delimiter, `""` and line
 * breaks) into records, as batch job results (`downloadBatchJobResult`) come. A leading
 * byte order mark is dropped. Meant for reports and the first rows of an export: it holds
 * the whole text in memory.
 */
export function parseCsvRecords(text: string, delimiter = ','): string[][] {
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
