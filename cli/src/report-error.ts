import type { CliIo } from './io.js'
import { ExitError, exitCodes, UsageError } from './exit-codes.js'
import { t } from './i18n/lang.js'
import { hintOf } from './workflows/started-work.js'

interface ApiErrorLike {
  name: string
  code: string
  desc: string
  detail: string | undefined
  status: number
}

/** The mark every KrsApiError (and its status subclasses) carries; read without loading the SDK. */
const apiErrorBrand = Symbol.for('@krs-kit/sdk.KrsApiError')

function isApiError(e: unknown): e is ApiErrorLike {
  return (
    e instanceof Error &&
    (e as { [apiErrorBrand]?: unknown })[apiErrorBrand] === true &&
    typeof (e as Partial<ApiErrorLike>).code === 'string'
  )
}

/** An error as data: what `--error-format json` writes (one line on stderr). */
interface ErrorRecord {
  /** The API's error code; null for errors of the CLI or the network. */
  error_code: string | null
  /** The API's `error_desc` (the catalogue's English name); null outside the API. */
  error_desc: string | null
  message: string
  /** The id of the failed request (the server's `X-Request-Id`, else the one sent); null when none was sent. */
  request_id: string | null
  /** The HTTP status of the answer; null when there was none. */
  status: number | null
  exit_code: number
  /** What the user can do next (a workflow stopped after it started something); absent when nothing. */
  hint?: string
}

function requestIdOf(e: unknown): string | null {
  const id = e instanceof Error ? (e as { requestId?: unknown }).requestId : undefined
  return typeof id === 'string' && id !== '' ? id : null
}

/** The error's record and its text line (without the request id). */
async function describe(e: unknown): Promise<{ record: ErrorRecord; line: string }> {
  const plain = (message: string, exit_code: number, status: number | null = null) => ({
    record: { error_code: null, error_desc: null, message, request_id: requestIdOf(e), status, exit_code },
    line: `krs: ${message}`,
  })
  if (e instanceof UsageError) return plain(e.message, exitCodes.usage)
  if (e instanceof ExitError) return plain(e.message, e.exitCode)
  if (isApiError(e)) {
    const { errorCatalogue, isErrorCode } = await import('@krs-kit/contract/errors')
    const name = isErrorCode(e.code) ? errorCatalogue[e.code].name : e.desc
    const message = e.detail ?? e.desc
    return {
      record: {
        error_code: e.code,
        error_desc: e.desc,
        message,
        request_id: requestIdOf(e),
        status: e.status,
        exit_code: exitCodes.api,
      },
      line: `${e.code} ${name}: ${message}`,
    }
  }
  const name = e instanceof Error ? e.name : ''
  const message = e instanceof Error ? e.message : String(e)
  if (name === 'KrsNetworkError' || name === 'KrsTimeoutError') return plain(message, exitCodes.network)
  if (name === 'KrsAbortError') return plain(message, exitCodes.interrupted)
  if (name === 'KrsFileTooLargeError') return plain(message, exitCodes.usage)
  // The service answered something that is not the API's (a proxy, a wrong base URL).
  if (name === 'KrsInvalidResponseError') {
    const status = (e as { status?: unknown }).status
    return plain(message, exitCodes.api, typeof status === 'number' ? status : null)
  }
  return plain(t('err.internal', { message }), exitCodes.internal)
}

/**
 * Prints an error on stderr and returns the exit code: `KR_API_F0102 MailMessage Is Locked.: <message>
 * (request id …)` (the catalogue's name) for API errors (1), `krs: ...` for usage (2), network errors and
 * timeouts (3), a stalled wait (4); anything unexpected is an internal error (70). With the `json` format
 * the same error is one JSON object (`ErrorRecord`) on one line, so that a script reads its code; the exit
 * code is the same.
 */
export async function reportError(
  e: unknown,
  io: CliIo,
  verbose = false,
  format: 'text' | 'json' = 'text',
): Promise<number> {
  const { record, line } = await describe(e)
  const hint = hintOf(e)
  if (hint !== undefined) record.hint = hint
  if (format === 'json') {
    io.stderr(`${JSON.stringify(record)}\n`)
    return record.exit_code
  }
  const id = record.request_id === null ? '' : t('err.requestId', { id: record.request_id })
  io.stderr(`${line}${id}\n${hint === undefined ? '' : `${hint}\n`}`)
  if (record.exit_code === exitCodes.internal && verbose && e instanceof Error && e.stack) io.stderr(`${e.stack}\n`)
  return record.exit_code
}
