import type { CliIo } from './io.js'
import { exitCodes, UsageError } from './exit-codes.js'

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
 * (the catalogue's name) for API errors (1), `krs: ...` for usage (2) and network errors (3).
 */
export async function reportError(e: unknown, io: CliIo): Promise<number> {
  if (e instanceof UsageError) {
    io.stderr(`krs: ${e.message}\n`)
    return exitCodes.usage
  }
  if (isApiError(e)) {
    const { errorCatalogue, isErrorCode } = await import('./generated/errors.js')
    const name = isErrorCode(e.code) ? errorCatalogue[e.code].name : e.desc
    io.stderr(`${e.code} ${name}: ${e.detail ?? e.desc}\n`)
    return exitCodes.api
  }
  if (e instanceof Error && (e.name === 'KrsNetworkError' || e.name === 'KrsTimeoutError')) {
    io.stderr(`krs: ${e.message}\n`)
    return exitCodes.network
  }
  if (e instanceof Error && e.name === 'KrsAbortError') {
    io.stderr(`krs: ${e.message}\n`)
    return 130
  }
  if (e instanceof Error && e.name === 'KrsFileTooLargeError') {
    io.stderr(`krs: ${e.message}\n`)
    return exitCodes.usage
  }
  io.stderr(`krs: ${e instanceof Error ? e.message : String(e)}\n`)
  return exitCodes.api
}
