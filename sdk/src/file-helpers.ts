import type { CallOptions } from './client-options.js'
import { KrsFileTooLargeError, KrsSdkError } from './errors.js'
import type { OperationRequest, OperationResponse } from '@krs-kit/contract/operation-types'
import type { SendOperation } from './request-engine.js'

/** `upload_stored_files` takes bodies under 50 MB. */
export const storedFileLimitBytes = 50 * 1024 * 1024

export type StoredFileContent = string | Uint8Array | Blob

export interface UploadOptions extends CallOptions {
  /** Keep CR LF line endings; by default they become LF as the documentation asks. */
  keepLineEndings?: boolean | undefined
}

/** UTF-8 length of a string without encoding it. */
function utf8Length(s: string): number {
  let bytes = 0
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i)
    if (c < 0x80) bytes += 1
    else if (c < 0x800) bytes += 2
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length) {
      const next = s.charCodeAt(i + 1)
      if (next >= 0xdc00 && next <= 0xdfff) {
        bytes += 4
        i++
      } else bytes += 3
    } else bytes += 3
  }
  return bytes
}

function checkSize(size: number): void {
  if (size >= storedFileLimitBytes) throw new KrsFileTooLargeError(size, storedFileLimitBytes)
}

async function toText(content: StoredFileContent): Promise<string> {
  if (typeof content === 'string') return content
  if (content instanceof Uint8Array) {
    checkSize(content.byteLength)
    try {
      return new TextDecoder('utf-8', { fatal: true }).decode(content)
    } catch (cause) {
      throw new KrsSdkError('upload_stored_files: the file is not UTF-8 text', 'upload_stored_files', { cause })
    }
  }
  checkSize(content.size)
  return content.text()
}

/**
 * Sends a CSV/TSV file with `upload_stored_files` as UTF-8 text (LF line endings) and
 * returns its `stored_file_id`. Refuses bodies of 50 MB or more before sending anything.
 */
export async function uploadStoredFile(
  send: SendOperation,
  fileName: string,
  content: StoredFileContent,
  options: UploadOptions = {},
): Promise<OperationResponse<'upload_stored_files'>> {
  let text = await toText(content)
  if (!options.keepLineEndings) text = text.replace(/\r\n/g, '\n')
  checkSize(utf8Length(text))
  const body: OperationRequest<'upload_stored_files'> = { file_name: fileName, body: text }
  return send('upload_stored_files', body, options) as Promise<OperationResponse<'upload_stored_files'>>
}

export interface DownloadOptions extends CallOptions {
  /** `text` (default) resolves to the whole file; `stream` to its `ReadableStream` of bytes. */
  as?: 'text' | 'stream' | undefined
}

/** Fetches a finished batch job's result file (`get_batch_job_result`), as text or a stream. */
export async function downloadBatchJobResult(
  send: SendOperation,
  batchJobId: number,
  options: DownloadOptions = {},
): Promise<string | ReadableStream<Uint8Array>> {
  const body: OperationRequest<'get_batch_job_result'> = { batch_job_id: batchJobId }
  return send('get_batch_job_result', body, options, options.as === 'stream' ? 'stream' : 'text') as Promise<
    string | ReadableStream<Uint8Array>
  >
}
