import type { CliIo } from './io.js'
import { ExitError, exitCodes, UsageError } from './exit-codes.js'
import { t } from './i18n/lang.js'

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

/**
 * Prints an error on stderr and returns the exit code: `KR_API_F0102 MailMessage Is Locked.: <message>`
 * (the catalogue's name) for API errors (1), `krs: ...` for usage (2), network errors and
 * timeouts (3), a stalled wait (4); anything unexpected is an internal error (70).
 */
export async function reportError(e: unknown, io: CliIo, verbose = false): Promise<number> {
  if (e instanceof UsageError) {
    io.stderr(`krs: ${e.message}\n`)
    return exitCodes.usage
  }
  if (e instanceof ExitError) {
    io.stderr(`krs: ${e.message}\n`)
    return e.exitCode
  }
  if (isApiError(e)) {
    const { errorCatalogue, isErrorCode } = await import('./generated/errors.js')
    const name = isErrorCode(e.code) ? errorCatalogue[e.code].name : e.desc
    io.stderr(`${e.code} ${name}: ${e.detail ?? e.desc}\n`)
    return exitCodes.api
  }
  const name = e instanceof Error ? e.name : ''
  if (name === 'KrsNetworkError' || name === 'KrsTimeoutError') {
    io.stderr(`krs: ${(e as Error).message}\n`)
    return exitCodes.network
  }
  if (name === 'KrsAbortError') {
    io.stderr(`krs: ${(e as Error).message}\n`)
    return exitCodes.interrupted
  }
  if (name === 'KrsFileTooLargeError') {
    io.stderr(`krs: ${(e as Error).message}\n`)
    return exitCodes.usage
  }
  // The service answered something that is not the API's (a proxy, a wrong base URL).
  if (name === 'KrsInvalidResponseError') {
    io.stderr(`krs: ${(e as Error).message}\n`)
    return exitCodes.api
  }
  io.stderr(`krs: ${t('err.internal', { message: e instanceof Error ? e.message : String(e) })}\n`)
  if (verbose && e instanceof Error && e.stack) io.stderr(`${e.stack}\n`)
  return exitCodes.internal
}
