import type { TransportRequest } from '@krs-kit/sdk'
import { cliRequest } from '../client/http.js'
import { apiBase, type Connection } from '../config/resolve-connection.js'
import { ExitError, exitCodes } from '../exit-codes.js'
import type { CliIo } from '../io.js'

/** The emulator's origin: the base URL's, or http://127.0.0.1:4010 by default. */
export function adminOrigin(c: Connection): string {
  const base = c.baseUrl ? apiBase(c) : undefined
  return base ? new URL(base).origin : 'http://127.0.0.1:4010'
}

/** A network failure reaching the emulator: exit code 3. */
export class MockUnreachableError extends Error {
  override readonly name = 'KrsNetworkError'
}

/** An error answer of the admin API (exit 1), with the id the emulator gave the request. */
export class MockAdminError extends ExitError {
  constructor(
    message: string,
    readonly requestId: string | undefined,
  ) {
    super(message, exitCodes.api)
  }
}

export type AdminMethod = 'GET' | 'POST' | 'PUT' | 'DELETE'

export interface AdminRequestOptions {
  body?: unknown
  /** The Accept header (`application/yaml` for `scenario dump -o yaml`). */
  accept?: string
  /** Return the body as text, not parsed. */
  text?: boolean
}

/**
 * Calls `/__mock/...`; the token (when set) selects the tenant. An admin API error
 * (`{ error, message }`) exits 1; a server that cannot be reached exits 3.
 */
export async function adminRequest(
  io: CliIo,
  origin: string,
  token: string | undefined,
  method: AdminMethod,
  path: string,
  options: AdminRequestOptions = {},
): Promise<unknown> {
  const { body } = options
  const headers: Record<string, string> = {}
  if (token) headers.authorization = `Bearer ${token}`
  if (body !== undefined) headers['content-type'] = 'application/json'
  if (options.accept) headers.accept = options.accept
  const timeoutMs = io.session?.timeoutMs
  const request: TransportRequest = {
    method,
    url: `${origin}${path}`,
    headers,
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    ...(timeoutMs !== undefined ? { signal: AbortSignal.timeout(timeoutMs) } : {}),
  }
  let response: Response
  try {
    response = await cliRequest(io, request)
  } catch (e) {
    const cause = (e as { cause?: { code?: string } }).cause
    const why =
      (e as Error).name === 'TimeoutError' ? `timed out after ${timeoutMs} ms` : (cause?.code ?? (e as Error).message)
    throw new MockUnreachableError(`cannot reach the emulator at ${origin}: ${why}`)
  }
  const text = await response.text()
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    json = text
  }
  if (!response.ok) {
    const err = json as { error?: string; message?: string }
    throw new MockAdminError(
      `mock admin ${method} ${path.split('?')[0]}: ${response.status} ${err.error ?? ''}: ${err.message ?? text}`,
      response.headers.get('x-request-id') ?? undefined,
    )
  }
  return options.text ? text : json
}
