import { errorCatalogue, type ErrorCode } from '@krs-kit/contract/errors'
import { JSON_HEADERS, type RawResponse } from './raw-http.js'

/** The common error body `{ error_code, error_desc, message? }` (plus `request_id` on 5xx). */
export interface ErrorBody {
  error_code: ErrorCode
  error_desc: string
  message?: string
  request_id?: string
}

export function errorBody(
  code: ErrorCode,
  message: string | undefined,
  requestId: string | null,
  status: number,
): ErrorBody {
  const body: ErrorBody = { error_code: code, error_desc: errorCatalogue[code].name }
  if (message !== undefined && message !== '') body.message = message
  if (status >= 500 && requestId !== null) body.request_id = requestId
  return body
}

/** Build the response for an error code; `status` overrides the catalogue's (faults). */
export function errorResponse(
  code: ErrorCode,
  message: string | undefined,
  opts: {
    requestId?: string | null
    status?: number
    headers?: Record<string, string>
    operation?: string | null
    tenantId?: string | null
  } = {},
): RawResponse {
  const status = opts.status ?? errorCatalogue[code].status
  const body = errorBody(code, message, opts.requestId ?? null, status)
  return {
    status,
    headers: opts.headers ? { ...JSON_HEADERS, ...opts.headers } : { ...JSON_HEADERS },
    body: JSON.stringify(body),
    operation: opts.operation ?? null,
    errorCode: code,
    tenantId: opts.tenantId ?? null,
  }
}
