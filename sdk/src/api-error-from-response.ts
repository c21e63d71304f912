import {
  KrsApiError,
  KrsAuthenticationError,
  KrsBadRequestError,
  KrsConflictError,
  KrsNotFoundError,
  KrsPermissionDeniedError,
  KrsRateLimitError,
  KrsServerError,
} from './errors.js'
import type { ErrorCode } from '@krs-kit/contract/errors'
import { codeForStatus } from '@krs-kit/contract/status-codes'
import type { OperationName } from '@krs-kit/contract/operation-names'

interface ErrorEnvelope {
  error_code: string
  error_desc?: unknown
  message?: unknown
}

function isEnvelope(body: unknown): body is ErrorEnvelope {
  return typeof body === 'object' && body !== null && typeof (body as ErrorEnvelope).error_code === 'string'
}

/**
 * Builds the `KrsApiError` (or its status subclass) for a 4xx/5xx answer from its decoded
 * body. An answer without a KREISEL error body (a proxy's HTML page, an empty 503, ...) gets
 * the catalogue code that stands for its status (generated `codeForStatus`), else
 * KRSKIT_INTERNAL_ERROR.
 */
export function apiErrorFromResponse(
  operation: OperationName,
  response: Response,
  body: unknown,
  requestId?: string | undefined,
): KrsApiError {
  const envelope = isEnvelope(body) ? body : undefined
  const code = (envelope?.error_code ?? codeForStatus[response.status] ?? 'KRSKIT_INTERNAL_ERROR') as ErrorCode
  const desc = typeof envelope?.error_desc === 'string' ? envelope.error_desc : response.statusText
  const detail =
    typeof envelope?.message === 'string'
      ? envelope.message
      : !envelope && typeof body === 'string' && body !== ''
        ? body.slice(0, 500)
        : undefined
  const init = { status: response.status, code, desc, detail, operation, response, body, requestId }
  const status = response.status
  if (status === 400) return new KrsBadRequestError(init)
  if (status === 401) return new KrsAuthenticationError(init)
  if (status === 403) return new KrsPermissionDeniedError(init)
  if (status === 404) return new KrsNotFoundError(init)
  if (status === 409) return new KrsConflictError(init)
  if (status === 429) return new KrsRateLimitError(init)
  if (status >= 500) return new KrsServerError(init)
  return new KrsApiError(init)
}
