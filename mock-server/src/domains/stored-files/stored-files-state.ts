/** State of the stored files (upload_stored_files). Plain JSON-safe data. */

export interface StoredFile {
  id: number
  fileName: string
  /** The decoded UTF-8 text. */
  body: string
  bytes: number
  uploadedAt: number
  accountId: number | null
  /** Whether the body arrived Base64-encoded (older documentation). */
  base64: boolean
}

export interface StoredFilesState {
  files: Record<string, StoredFile>
  nextId: number
}
