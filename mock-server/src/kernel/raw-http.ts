/**
 * The engine's transport-free request and response. The Fetch handler and the Node door
 * both translate to these, so the Node door never builds a `Request` (the fast path).
 */
export interface RawRequest {
  method: string
  /** Path without the query string, e.g. `/api/v1/get_member_info`. */
  path: string
  /** Query string without `?` ('' when none). */
  query: string
  /** Header lookup by lower-case name. */
  header(name: string): string | undefined
  /** The body as text ('' when none). */
  bodyText: string
  /** Set by the door when the body bytes are not valid UTF-8 (bodyText is then ''). */
  bodyNotUtf8?: boolean
  /**
   * Set by a door that scanned the body's shape as it arrived (json-shape.ts): the first
   * bound passed, or null. Undefined: the pipeline scans the body itself.
   */
  bodyShapeProblem?: string | null
  /**
   * The body already parsed by the door (off the event loop, for a large one): its value, or
   * JSON.parse's message when it is not JSON. Undefined: the pipeline parses bodyText.
   */
  parsedBody?: ParsedBody
  /** sha256 (hex) of the body's bytes, when the door computed it (bodies over 64 KB) for the journal. */
  bodySha256?: string
  /** False when the door knows the caller is not on loopback and remote admin is off. */
  adminAllowed?: boolean
  /** True when the door knows the caller is on a loopback address (whatever `--admin-remote` says). */
  fromLoopback?: boolean
  /** Origin the client used (`http://127.0.0.1:4010`), for URLs the admin API returns. */
  origin?: string
  /**
   * The engine's note of a request it admitted before the body was read (`Engine.admit`),
   * read again when it answers: opaque to doors. A door whose request objects declare it
   * (undefined) from the start gives every request one shape.
   */
  admission?: unknown
}

export type ParsedBody = { value: unknown } | { error: string }

export interface RawResponse {
  status: number
  /** Response headers; may be a shared object: copy before changing it. */
  headers: Record<string, string>
  /** Text, or bytes for the few binary admin answers (the open-tracking GIF). */
  body: string | Uint8Array<ArrayBuffer>
  /** What the doors log: the operation (or admin route) and the error code if any. */
  operation: string | null
  errorCode: string | null
  tenantId: string | null
}

export const JSON_CONTENT_TYPE = 'application/json; charset=utf-8'

export const JSON_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'content-type': JSON_CONTENT_TYPE,
})

const strictUtf8 = new TextDecoder('utf-8', { fatal: true })

/** Decode body bytes as UTF-8; null when they are not valid UTF-8 (never U+FFFD). */
export function decodeUtf8Strict(bytes: Uint8Array): string | null {
  try {
    return strictUtf8.decode(bytes)
  } catch {
    return null
  }
}

/**
 * `Number(text)` of a `Content-Length` value (NaN without one). A value of up to 15 decimal
 * digits, what every client sends, is read here digit by digit: `Number` of a string that is
 * not a cached array index is a call into V8's runtime (about 0.06 µs of a `get_member_info`
 * call under `perf`). Anything else is left to `Number`, so the result is always its result.
 */
export function contentLengthValue(text: string | undefined): number {
  if (text === undefined) return Number.NaN
  const n = text.length
  if (n === 0 || n > 15) return Number(text)
  let value = 0
  for (let i = 0; i < n; i++) {
    const digit = text.charCodeAt(i) - 48
    if (digit < 0 || digit > 9) return Number(text)
    value = value * 10 + digit
  }
  return value
}
