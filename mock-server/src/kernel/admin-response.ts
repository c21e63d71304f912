import type { RawResponse } from './raw-http.js'

/** Admin errors: `{ "error": "<slug>", "message": "..." }` (spec/admin.openapi.yaml AdminError). */
export function adminJson(status: number, body: unknown, headers?: Record<string, string>): RawResponse {
  return {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
    body: JSON.stringify(body),
    operation: 'admin',
    errorCode: null,
    tenantId: null,
  }
}

export function adminError(
  status: number,
  error: string,
  message: string,
  headers?: Record<string, string>,
): RawResponse {
  return adminJson(status, { error, message }, headers)
}
