import { lazyDependency } from '../../lib/lazy-dependency.js'
import { isKrsError } from '../../kernel/krs-error.js'
import type { MemberElement, MemberTableState } from '../member-db/member-db-state.js'
import type { StoredFile } from '../stored-files/stored-files-state.js'
import type { BatchJob, OverrideOption } from './batch-state.js'
import type { TenantState } from '../../kernel/tenant-state.js'
import { apiValue } from '../member-db/members/member-view.js'
import { addMember, updateMember, type WriteEnv } from '../member-db/members/member-store.js'
import { compositeKey, keyPart, uniqueIndex } from '../member-db/members/unique-index.js'
import { checkElementValue } from '../member-db/members/validate-value.js'
import { valueOfCell } from './cell-values.js'
import { csvLine } from './csv-write.js'
import { isSystemColumn } from '../member-db/system-columns.js'

// loaded by the first import job
const csvParse = lazyDependency<typeof import('csv-parse/sync')>('csv-parse/sync', () => import('csv-parse/sync'))

export interface ImportCounts {
  added: number
  updated: number
  errors: number
}

/**
 * Split CSV text into chunks of about `lines` records, cutting only at a line feed that ends a
 * record: one preceded by an even number of double quotes (quotes inside a quoted field are
 * doubled, so the parity tells whether the line feed is inside a field). Each chunk is parsed
 * on its own, so a large file is read a few thousand records at a time.
 */
export function* recordChunks(text: string, lines: number): Generator<string> {
  let start = 0
  let quotes = 0
  let count = 0
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (c === 34) quotes++
    else if (c === 10 && (quotes & 1) === 0 && ++count >= lines) {
      yield text.slice(start, i + 1)
      start = i + 1
      count = 0
    }
  }
  if (start < text.length) yield text.slice(start)
}

/** A seeded random source of one job (password generation stays reproducible). */
function jobRandom(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

function delimiterOf(file: StoredFile): ',' | '\t' {
  const name = file.fileName.toLowerCase()
  if (name.endsWith('.tsv')) return '\t'
  if (name.endsWith('.csv')) return ','
  const first = file.body.slice(0, file.body.indexOf('\n') >>> 0)
  return first.includes('\t') ? '\t' : ','
}

/** Header cell → element: `e_{id}` or the element's name; null for ignored system columns. */
function columnElement(table: MemberTableState, header: string): MemberElement | null | undefined {
  const h = header.trim()
  // an import reads the system columns but never writes them
  if (isSystemColumn(h)) return null
  const m = /^e_([0-9]+)$/.exec(h)
  const el = m ? table.elements.find((e) => e.id === Number(m[1])) : table.elements.find((e) => e.name === h)
  if (el && (el.type === 'timestamp' || el.type === 'autogen')) return el.unique && el.type === 'autogen' ? el : null
  return el
}

function allBlank(record: string[]): boolean {
  for (let i = 0; i < record.length; i++) if (record[i]!.trim() !== '') return false
  return true
}

function isBlank(el: MemberElement, v: unknown): boolean {
  if (v === null || v === undefined || v === '') return true
  if (Array.isArray(v)) return v.length === 0
  return v === 0 && (el.type === 'select' || el.type === 'prefecture' || el.type === 'sex' || el.type === 'marriage')
}

/**
 * Run an import: read the stored file with csv-parse a few thousand records at a time
 * (`recordChunks`), register or update each row by the job's mode and override options, and
 * return the result file: one line per data row with its record number (the header is 1),
 * member id, result (登録 / 更新 / エラー) and the error text, then a summary line.
 */
export function runImport(
  tenant: TenantState,
  job: BatchJob,
  file: StoredFile,
  now: number,
): { text: string; counts: ImportCounts } {
  const table = tenant.memberDb.tables.get(job.memberTableId)!
  const mode = job.mode ?? 0
  const options = job.overrides ?? {}
  const env: WriteEnv = { now, random: jobRandom(job.id * 2654435761), encryptedKey: job.encryptedKey }
  const counts: ImportCounts = { added: 0, updated: 0, errors: 0 }
  const out: string[] = [csvLine(['行番号', '会員ID', '結果', '内容'], ',')]
  const report = (line: number, memberId: number | '', result: string, message: string) => {
    out.push(
      message === ''
        ? `${line},${memberId},${result},\n`
        : csvLine([String(line), String(memberId), result, message], ','),
    )
  }
  const cols = table.members
  const byId = new Map(table.elements.map((e) => [e.id, e]))
  let columns: (MemberElement | null | undefined)[] | null = null
  /** `e_{id}` of each file column's element (computed once with the header). */
  let columnKeys: string[] = []
  let headerNotes: string[] = []
  const keyEls = table.elements.filter((e) => options[`e_${e.id}`] === 'key')
  const uniqueKeys = table.elements.filter((e) => e.unique)
  let anyKeyIndex: Map<string, number> | null = null

  const findRow = (values: Map<number, unknown>): number | 'ambiguous' | -1 => {
    if (mode === 3) {
      if (!anyKeyIndex) {
        anyKeyIndex = new Map()
        for (let r = 0; r < cols.rows; r++) {
          if (!cols.alive.get(r)) continue
          const k = compositeKey(keyEls.map((el) => keyPart(el, apiValueForKey(table, el, r))))
          if (k === null) continue
          anyKeyIndex.set(k, anyKeyIndex.has(k) ? -2 : r)
        }
      }
      const k = compositeKey(keyEls.map((el) => keyPart(el, keyValue(el, values.get(el.id)))))
      if (k === null) return -1
      const r = anyKeyIndex.get(k)
      return r === undefined ? -1 : r === -2 ? 'ambiguous' : r
    }
    const k = compositeKey(uniqueKeys.map((el) => keyPart(el, keyValue(el, values.get(el.id)))))
    if (k === null) return -1
    const r = uniqueIndex(table).get(k)
    return r === undefined || !cols.alive.get(r) ? -1 : r
  }

  const handle = (record: string[], line: number) => {
    if (!columns) {
      columns = record.map((h) => columnElement(table, h))
      columnKeys = columns.map((el) => (el ? `e_${el.id}` : ''))
      headerNotes = record.filter((_, i) => columns![i] === undefined).map((h) => h)
      return
    }
    if (allBlank(record)) {
      counts.errors++
      report(line, '', 'エラー', 'すべての値が空の行です。登録しませんでした。')
      return
    }
    const values = new Map<number, unknown>()
    const problems: string[] = []
    for (let i = 0; i < columns.length; i++) {
      const el = columns[i]
      if (!el) continue
      const r = valueOfCell(el, record[i] ?? '')
      if (!r.ok) {
        problems.push(`e_${el.id}: ${r.message}`)
        continue
      }
      values.set(el.id, r.value)
    }
    if (problems.length) {
      counts.errors++
      report(line, '', 'エラー', problems.join(' / '))
      return
    }
    const found = mode === 0 ? -1 : findRow(values)
    if (found === 'ambiguous') {
      counts.errors++
      report(line, '', 'エラー', 'キーに一致する会員が複数います。')
      return
    }
    try {
      if (found < 0) {
        if (mode === 2 || mode === 3) {
          counts.errors++
          report(line, '', 'エラー', 'キーに一致する会員がいません（更新のみのモード）。')
          return
        }
        const input: Record<string, unknown> = {}
        for (let i = 0; i < columns.length; i++) {
          const el = columns[i]
          if (!el || el.type === 'autogen' || !values.has(el.id)) continue
          input[columnKeys[i]!] = values.get(el.id)
        }
        const memberId = addMember(table, input, env)
        const row = cols.rowOf(memberId)
        cols.batch_date.set(row, now)
        cols.upload_date.set(row, job.uploadDate ?? now)
        counts.added++
        report(line, memberId, '登録', '')
        return
      }
      const input: Record<string, unknown> = {}
      for (const [id, v] of values) {
        const el = byId.get(id)!
        const opt: OverrideOption = options[`e_${id}`] ?? 'none'
        if (opt === 'none' || opt === 'key' || opt === 'autogen') continue
        if (opt === 'normal' && isBlank(el, v)) continue
        // auto (passwords): a blank cell is sent blank, and a blank password is generated
        if (opt === 'auto' && isBlank(el, v)) {
          input[`e_${id}`] = null
          continue
        }
        if (opt === 'merge') {
          const current = (apiValue(table, el, found) as number[] | null) ?? []
          input[`e_${id}`] = [...new Set([...current, ...((v as number[] | null) ?? [])])]
          continue
        }
        if (opt === 'force' && isBlank(el, v) && (el.type === 'password' || el.type === 'hashed_password')) continue
        input[`e_${id}`] = v
      }
      const memberId = cols.id.get(found)
      updateMember(table, memberId, input, env)
      cols.batch_date.set(found, now)
      cols.upload_date.set(found, job.uploadDate ?? now)
      counts.updated++
      report(line, memberId, '更新', '')
    } catch (e) {
      if (!isKrsError(e)) throw e
      counts.errors++
      const msg =
        e.code === 'KR_API_F0117'
          ? '同じ重複キーの会員がすでに登録されています。'
          : (e.detail ?? e.code).replace(/\n/g, ' / ')
      report(line, '', 'エラー', msg)
    }
  }

  try {
    let recordNo = 0
    const { parse } = csvParse.get()
    for (const chunk of recordChunks(file.body, 500)) {
      const records = parse(chunk, {
        delimiter: delimiterOf(file),
        bom: recordNo === 0,
        relax_column_count: true,
        skip_empty_lines: false,
      }) as string[][]
      for (const record of records) handle(record, ++recordNo)
    }
  } catch (e) {
    counts.errors++
    report(0, '', 'エラー', `ファイルを読み取れませんでした: ${(e as Error).message}`)
  }
  if (headerNotes.length)
    report(1, '', '注意', `次の列はデータベースの項目ではないため読み飛ばしました: ${headerNotes.join(', ')}`)
  out.push(
    csvLine(['合計', '', `登録 ${counts.added}件 / 更新 ${counts.updated}件 / エラー ${counts.errors}件`, ''], ','),
  )
  return { text: out.join(''), counts }
}

/** The stored form of a key value (dates as day numbers), as the unique index keeps it. */
function keyValue(el: MemberElement, v: unknown): unknown {
  if (el.type === 'autogen' || v === null || v === undefined) return v
  const r = checkElementValue(el, v)
  return r.ok ? r.value : v
}

function apiValueForKey(table: MemberTableState, el: MemberElement, row: number): unknown {
  return keyValue(el, apiValue(table, el, row))
}
