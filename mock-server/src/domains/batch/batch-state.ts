/**
 * State of the batch jobs (import, export) and column sets. Plain JSON-safe data; times are
 * unix seconds on the engine clock.
 */

/** A column set (項目セット); id 1 means all items of any table. */
export interface ColumnSetDef {
  id: number
  /** null: usable on every table (the predefined "all items"). */
  memberTableId: number | null
  title: string
  /** Column names: id, regist_date, update_date, batch_date, upload_date, last_*, e_{id}; empty = all. */
  columns: string[]
  /** Whether it may be used for download (KR_API_F0218 when not). */
  download: boolean
}

export type ImportMode = 0 | 1 | 2 | 3
export type OverrideOption = 'key' | 'none' | 'normal' | 'force' | 'auto' | 'merge' | 'autogen'

export interface BatchJob {
  id: number
  operation: 'import' | 'export'
  memberTableId: number
  accountId: number
  /** Whether the account may use the encryption key (export shows values, import allowed). */
  encryptedKey: boolean
  startDate: number
  /** Upload time of the imported file; null for exports. */
  uploadDate: number | null
  /** When the job's work is done (progress 100). */
  finishAt: number
  done: boolean
  /** Export parameters. */
  conditionId?: number
  columnsetId?: number
  isCsv?: boolean
  /** Import parameters. */
  storedFileId?: number
  mode?: ImportMode
  overrides?: Record<string, OverrideOption>
  /** An export whose file holds encrypted text in the clear (only readers with the key may fetch it). */
  encryptedInClear?: boolean
  /** The result file once done (export data, or the import report). */
  resultText: string | null
  contentType: 'text/csv' | 'text/tab-separated-values'
  /** Counts of an import: registered, updated, errors. */
  counts?: { added: number; updated: number; errors: number }
}

export interface BatchTiming {
  /** Seconds every job takes at least. */
  baseSeconds: number
  /** Extra seconds per 1,000 rows. */
  secondsPer1000Rows: number
  /** How long results are kept (7 days). */
  retentionSeconds: number
}

export interface BatchState {
  jobs: Record<string, BatchJob>
  nextJobId: number
  columnSets: Record<string, ColumnSetDef>
  /** Stored file ids already imported (KR_API_F0206). */
  importedFileIds: number[]
  timing: BatchTiming
  /** Account id → password for bulk deletion. */
  accountPasswords: Record<string, string>
}
