import type { ErrorCode } from '@krs-kit/contract/errors'
import type { OperationName } from '@krs-kit/contract/operation-names'

/**
 * Base class of every error the SDK throws. Catch this to catch them all.
 * Each subclass sets `name` explicitly (minifiers rename classes).
 */
export class KrsSdkError extends Error {
  /** The operation being called, when the error belongs to one. */
  readonly operation: OperationName | undefined
  /**
   * The id of the request that failed (its last attempt): the server's `X-Request-Id` when
   * it answered, else the id the SDK sent. Quote it when asking the service (or the
   * emulator's journal) about the call. Undefined when no request was sent.
   */
  requestId: string | undefined
  constructor(
    message: string,
    operation?: OperationName,
    options?: { cause?: unknown; requestId?: string | undefined },
  ) {
    super(message, options)
    this.name = 'KrsSdkError'
    this.operation = operation
    this.requestId = options?.requestId
  }

  /** The fields worth logging, without the raw response: `JSON.stringify(error)` gives them. */
  toJSON(): Record<string, unknown> {
    const out: Record<string, unknown> = { name: this.name, message: this.message }
    if (this.operation !== undefined) out.operation = this.operation
    if (this.requestId !== undefined) out.requestId = this.requestId
    return out
  }

  /**
   * How Node prints the error (an uncaught one, `console.log`): the stack, then the fields of
   * `toJSON()` on one line, instead of every property of the raw response.
   */
  [Symbol.for('nodejs.util.inspect.custom')](
    _depth: number,
    options: unknown,
    inspect: (value: unknown, options?: unknown) => string,
  ): string {
    const { name: _name, message: _message, ...fields } = this.toJSON()
    const head = this.stack ?? `${this.name}: ${this.message}`
    return Object.keys(fields).length === 0
      ? head
      : `${head} ${inspect(fields, { ...(options as object), compact: true, breakLength: Infinity })}`
  }
}

const apiErrorBrand = Symbol.for('@krs-kit/sdk.KrsApiError')

/** The service answered with a 4xx or 5xx status and (normally) the common error body. */
export class KrsApiError<C extends ErrorCode = ErrorCode> extends KrsSdkError {
  /** HTTP status code. */
  readonly status: number
  /** `error_code`: the KREISEL exception code (for example `KR_API_F0102`). */
  readonly code: C
  /** `error_desc`: the description that belongs to the code, spelled as the service sends it. */
  readonly desc: string
  /** `message`: optional extra detail from the service. */
  readonly detail: string | undefined
  declare readonly operation: OperationName
  /** The raw response (its body has already been read; see `body`). */
  readonly response: Response
  /** The decoded error body (JSON value, or text when the body was not JSON). */
  readonly body: unknown

  constructor(init: {
    status: number
    code: C
    desc: string
    detail?: string | undefined
    operation: OperationName
    response: Response
    body: unknown
    requestId?: string | undefined
  }) {
    super(
      `${init.operation}: ${init.status} ${init.code} ${init.desc}${init.detail ? ` (${init.detail})` : ''}`,
      init.operation,
      { requestId: init.requestId },
    )
    this.name = 'KrsApiError'
    this.status = init.status
    this.code = init.code
    this.desc = init.desc
    this.detail = init.detail
    this.response = init.response
    this.body = init.body
    Object.defineProperty(this, apiErrorBrand, { value: true })
  }

  override toJSON(): Record<string, unknown> {
    const out: Record<string, unknown> = {
      name: this.name,
      message: this.message,
      status: this.status,
      code: this.code,
      desc: this.desc,
    }
    if (this.detail !== undefined) out.detail = this.detail
    out.operation = this.operation
    if (this.requestId !== undefined) out.requestId = this.requestId
    return out
  }
}

/** 400: the call was refused as sent (a wrong parameter, a duplicate, a wrong state); `code` says which. */
export class KrsBadRequestError<C extends ErrorCode = ErrorCode> extends KrsApiError<C> {
  constructor(init: ConstructorParameters<typeof KrsApiError<C>>[0]) {
    super(init)
    this.name = 'KrsBadRequestError'
  }
}

/** 404: what the call names does not exist (an unknown API name: KR_API_F0012). */
export class KrsNotFoundError<C extends ErrorCode = ErrorCode> extends KrsApiError<C> {
  constructor(init: ConstructorParameters<typeof KrsApiError<C>>[0]) {
    super(init)
    this.name = 'KrsNotFoundError'
  }
}

/** 409: the call collides with another change of the same object in progress. */
export class KrsConflictError<C extends ErrorCode = ErrorCode> extends KrsApiError<C> {
  constructor(init: ConstructorParameters<typeof KrsApiError<C>>[0]) {
    super(init)
    this.name = 'KrsConflictError'
  }
}

/** 401: the token is missing, wrong or expired (KR_API_F1001). */
export class KrsAuthenticationError<C extends ErrorCode = ErrorCode> extends KrsApiError<C> {
  constructor(init: ConstructorParameters<typeof KrsApiError<C>>[0]) {
    super(init)
    this.name = 'KrsAuthenticationError'
  }
}

/** 403: the token is valid but its rights or the account's options do not allow the call. */
export class KrsPermissionDeniedError<C extends ErrorCode = ErrorCode> extends KrsApiError<C> {
  constructor(init: ConstructorParameters<typeof KrsApiError<C>>[0]) {
    super(init)
    this.name = 'KrsPermissionDeniedError'
  }
}

/** 429: too many calls; retried for idempotent operations, honouring `Retry-After`. */
export class KrsRateLimitError<C extends ErrorCode = ErrorCode> extends KrsApiError<C> {
  constructor(init: ConstructorParameters<typeof KrsApiError<C>>[0]) {
    super(init)
    this.name = 'KrsRateLimitError'
  }
}

/** 5xx: the service failed or is overloaded; 502/503/504 are retried for idempotent operations. */
export class KrsServerError<C extends ErrorCode = ErrorCode> extends KrsApiError<C> {
  constructor(init: ConstructorParameters<typeof KrsApiError<C>>[0]) {
    super(init)
    this.name = 'KrsServerError'
  }
}

/** The request could not reach the service or the connection broke (DNS, refused, reset), or the call timed out. */
export class KrsNetworkError extends KrsSdkError {
  constructor(operation: OperationName | undefined, cause: unknown, message?: string) {
    super(message ?? `${operation ?? 'request'}: network error: ${describe(cause)}`, operation, { cause })
    this.name = 'KrsNetworkError'
  }
}

/** The call (including its retries and waits) took longer than its timeout. A `KrsNetworkError`. */
export class KrsTimeoutError extends KrsNetworkError {
  readonly timeoutMs: number
  constructor(operation: OperationName | undefined, timeoutMs: number, message?: string) {
    super(operation, undefined, message ?? `${operation ?? 'request'}: timed out after ${timeoutMs} ms`)
    this.name = 'KrsTimeoutError'
    this.timeoutMs = timeoutMs
  }
}

/**
 * A wait that can never end: the server is the krs-kit emulator and its clock is manual, so
 * nothing moves until someone advances it. Thrown at the first poll instead of waiting.
 */
export class KrsWaitStalledError extends KrsSdkError {
  constructor(operation: OperationName, message: string) {
    super(message, operation)
    this.name = 'KrsWaitStalledError'
  }
}

/** The caller's `AbortSignal` aborted the call. `cause` is the signal's reason. */

export class KrsAbortError extends KrsSdkError {
  constructor(operation: OperationName | undefined, reason: unknown) {
    super(`${operation ?? 'request'}: aborted`, operation, { cause: reason })
    this.name = 'KrsAbortError'
  }
}

/** A 2xx answer whose body could not be decoded as the contract says. */
export class KrsInvalidResponseError extends KrsSdkError {
  readonly response: Response
  constructor(operation: OperationName, response: Response, cause: unknown) {
    super(`${operation}: the ${response.status} response body is not valid: ${describe(cause)}`, operation, { cause })
    this.name = 'KrsInvalidResponseError'
    this.response = response
  }
}

/** `uploadStoredFile` refused a file that is not under the 50 MB limit (nothing was sent). */
export class KrsFileTooLargeError extends KrsSdkError {
  readonly size: number
  readonly limit: number
  constructor(size: number, limit: number) {
    super(`upload_stored_files: the file body is ${size} bytes; it must be under ${limit} bytes`, 'upload_stored_files')
    this.name = 'KrsFileTooLargeError'
    this.size = size
    this.limit = limit
  }
}

/**
 * True when `e` is a `KrsApiError`, optionally with the given code; narrows `e.code`.
 * Works across copies of the SDK (ESM and CJS builds) through a registered symbol.
 */
export function isKrsApiError<C extends ErrorCode = ErrorCode>(e: unknown, code?: C): e is KrsApiError<C> {
  return (
    typeof e === 'object' &&
    e !== null &&
    (e as { [apiErrorBrand]?: boolean })[apiErrorBrand] === true &&
    (code === undefined || (e as KrsApiError).code === code)
  )
}

function describe(e: unknown): string {
  if (e instanceof Error) {
    const cause = (e as { cause?: unknown }).cause
    return cause instanceof Error ? `${e.message} (${cause.message})` : e.message
  }
  return String(e)
}
