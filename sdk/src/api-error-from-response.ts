import {
  KrsApiError,
  KrsAuthenticationError,
  KrsPermissionDeniedError,
  KrsRateLimitError,
  KrsServerError,
} from './errors.js'
import type { ErrorCode } from './generated/errors.js'
import type { OperationName } from './generated/operation-names.js'

/**
 * Codes used when an error answer carries no KREISEL error body (a proxy's HTML page, an
 * empty 503, ...): the transport codes of the catalogue for the statuses that have one.
 */
const codeByStatus: { [status: number]: ErrorCode } = {
  401: 'KR_API_F1001',
  404: 'KR_API_F0012',
  405: 'KRSKIT_METHOD_NOT_ALLOWED',
  413: 'KRSKIT_PAYLOAD_TOO_LARGE',
  415: 'KRSKIT_UNSUPPORTED_MEDIA_TYPE',
  429: 'KRSKIT_RATE_LIMITED',
  503: 'KRSKIT_HIGH_LOAD',
}

interface ErrorEnvelope {
  error_code: string
  error_desc?: unknown
  message?: unknown
}

function isEnvelope(body: unknown): body is ErrorEnvelope {
  return typeof body === 'object' && body !== null && typeof (body as ErrorEnvelope).error_code === 'string'
}

/** Builds the `KrsApiError` (or its status subclass) for a 4xx/5xx answer from its decoded body. */
export function apiErrorFromResponse(
  operation: OperationName,
  response: Response,
  body: unknown,
  requestId?: string | undefined,
): KrsApiError {
  const envelope = isEnvelope(body) ? body : undefined
  const code = (envelope?.error_code ?? codeByStatus[response.status] ?? 'KRSKIT_INTERNAL_ERROR') as ErrorCode
  const desc = typeof envelope?.error_desc === 'string' ? envelope.error_desc : response.statusText
  const detail =
    typeof envelope?.message === 'string'
      ? envelope.message
      : !envelope && typeof body === 'string' && body !== ''
        ? body.slice(0, 500)
        : undefined
  const init = { status: response.status, code, desc, detail, operation, response, body, requestId }
  const status = response.status
  if (status === 401) return new KrsAuthenticationError(init)
  if (status === 403) return new KrsPermissionDeniedError(init)
  if (status === 429) return new KrsRateLimitError(init)
  if (status >= 500) return new KrsServerError(init)
  return new KrsApiError(init)
}
