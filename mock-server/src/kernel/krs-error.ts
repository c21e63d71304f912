import type { ErrorCode } from '@krs-kit/contract/errors'

/**
 * The one error type engine code throws for a refusal. The HTTP layer maps `code` to the
 * catalogue's status and writes `{ error_code, error_desc, message? }`.
 *
 * @example throw new KrsError('KR_API_F0102', 'mail message 12 is reserved by delivery 7')
 */
export class KrsError extends Error {
  override readonly name = 'KrsError'
  constructor(
    readonly code: ErrorCode,
    /** Human detail sent as `message`; say which key and which rule. */
    readonly detail?: string,
    /** Extra response headers (e.g. Retry-After for KRSKIT_RATE_LIMITED). */
    readonly headers?: Record<string, string>,
  ) {
    super(detail ? `${code}: ${detail}` : code)
  }
}

export function isKrsError(e: unknown): e is KrsError {
  return e instanceof KrsError
}
