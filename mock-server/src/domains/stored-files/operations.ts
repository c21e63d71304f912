import type { EngineContext } from '../../kernel/context.js'
import type { OperationRequest } from '@krs-kit/contract/operation-types'
import { KrsError } from '../../kernel/krs-error.js'
import { msg } from '../../kernel/messages.js'
import { filesOf } from './stored-files-section.js'
import { decodeUploadBody } from './decode-body.js'

/** Files must be smaller than 50 MB (decoded bytes). */
export const MAX_STORED_FILE_BYTES = 50 * 1024 * 1024
const EXTENSIONS = /\.(txt|tsv|csv)$/i

/** upload_stored_files: store a .txt/.tsv/.csv file; answers its id. */
export function uploadStoredFilesOp(ctx: EngineContext, b: OperationRequest<'upload_stored_files'>): number {
  if (!EXTENSIONS.test(b.file_name)) {
    throw new KrsError('KR_API_F0219', msg('stored_file_extension', { file_name: b.file_name }))
  }
  const decoded = decodeUploadBody(b.body)
  if (decoded.bytes >= MAX_STORED_FILE_BYTES) {
    throw new KrsError(
      'KR_API_F0004',
      msg('stored_file_too_large', { bytes: decoded.bytes, max_bytes: MAX_STORED_FILE_BYTES }),
    )
  }
  const now = ctx.now()
  const state = filesOf(ctx.tenant, now)
  const id = state.nextId++
  state.files[String(id)] = {
    id,
    fileName: b.file_name,
    body: decoded.text.replace(/\r\n/g, '\n'),
    bytes: decoded.bytes,
    uploadedAt: now,
    accountId: ctx.account?.id ?? null,
    base64: decoded.base64,
  }
  ctx.audit('upload_stored_file', {
    stored_file_id: id,
    file_name: b.file_name,
    bytes: decoded.bytes,
    base64: decoded.base64,
  })
  return id
}
