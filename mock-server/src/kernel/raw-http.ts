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
  /** False when the door knows the caller is not on loopback and remote admin is off. */
  adminAllowed?: boolean
  /** Origin the client used (`http://127.0.0.1:4010`), for URLs the admin API returns. */
  origin?: string
}

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

export const JSON_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'content-type': 'application/json; charset=utf-8',
})
