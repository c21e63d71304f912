import { parseRecords } from './csv.js'

/** One line of an import report. */
export interface ImportReportRow {
  line: number | null
  member_id: number | null
  /** As the report says it: 登録 (added), 更新 (updated), エラー (error), 注意 (note). */
  result: string
  message: string
}

export interface ImportReport {
  added: number
  updated: number
  errors: number
  failed: ImportReportRow[]
  rows: ImportReportRow[]
}

const columnNames = {
  line: ['行番号', 'line'],
  member: ['会員ID', 'member_id'],
  result: ['結果', 'result'],
  message: ['内容', 'message'],
}

function int(text: string | undefined): number | null {
  return text !== undefined && /^\d+$/.test(text) ? Number(text) : null
}

/**
 * The import job's report (a CSV: line, member ID, result, message, then a 合計 line) as
 * data. A row whose result is エラー / error failed.
 */
export function parseImportReport(text: string): ImportReport {
  const [header = [], ...records] = parseRecords(text)
  const col = (names: string[]) => header.findIndex((h) => names.includes(h.trim()))
  const [line, member, result, message] = [
    col(columnNames.line),
    col(columnNames.member),
    col(columnNames.result),
    col(columnNames.message),
  ]
  const rows: ImportReportRow[] = []
  for (const r of records) {
    if (r.length === 1 && r[0] === '') continue
    if (r[0] === '合計' || r[0] === 'total') continue
    rows.push({
      line: int(r[line]),
      member_id: int(r[member]),
      result: r[result] ?? '',
      message: r[message] ?? '',
    })
  }
  const count = (...names: string[]) => rows.filter((r) => names.includes(r.result)).length
  const failed = rows.filter((r) => r.result === 'エラー' || r.result === 'error')
  return { added: count('登録', 'added'), updated: count('更新', 'updated'), errors: failed.length, failed, rows }
}
