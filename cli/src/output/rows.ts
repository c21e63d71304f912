/** A result as a header and rows of cells, for the table and CSV outputs. */
export interface Rows {
  header: string[]
  rows: string[][]
}

function cell(v: unknown): string {
  if (v === null || v === undefined) return ''
  if (typeof v === 'object') return JSON.stringify(v)
  return String(v)
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v)
}

/**
 * Arrays of objects: one column per key (first seen first). Arrays of arrays: columns 0, 1, ...
 * Arrays of scalars: one `value` column. An object: its keys as columns, one row.
 * A scalar: one `value` cell.
 */
export function toRows(data: unknown): Rows {
  if (Array.isArray(data)) {
    if (data.length > 0 && data.every(isPlainObject)) {
      const header: string[] = []
      for (const item of data) for (const k of Object.keys(item)) if (!header.includes(k)) header.push(k)
      return { header, rows: data.map((item) => header.map((k) => cell(item[k]))) }
    }
    if (data.length > 0 && data.every(Array.isArray)) {
      const width = Math.max(...data.map((r) => r.length))
      return {
        header: Array.from({ length: width }, (_, i) => String(i)),
        rows: data.map((r) => Array.from({ length: width }, (_, i) => cell(r[i]))),
      }
    }
    return { header: ['value'], rows: data.map((v) => [cell(v)]) }
  }
  if (isPlainObject(data)) {
    const header = Object.keys(data)
    return { header, rows: [header.map((k) => cell(data[k]))] }
  }
  return { header: ['value'], rows: [[cell(data)]] }
}
