import {
  type AdminCall,
  type AdminOperationName,
  type AdminTransport,
  adminRefusalText,
  callAdminOperation,
} from '@krs-kit/contract/admin-client'
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

/** An admin API refusal: exit code 1, with the answer's request id (`X-Request-Id`). */
export class MockAdminError extends ExitError {
  constructor(
    message: string,
    readonly requestId: string | undefined,
  ) {
    super(message, exitCodes.api)
  }
}

export interface AdminRequestOptions {
  /** Return the body as text, not parsed. */
  text?: boolean
}

/**
 * Calls one admin operation through the generated admin client (`@krs-kit/contract/admin-client`),
 * sent the way every `krs` request is (`--verbose`, `--timeout`, the injected fetch of the tests);
 * the token (when set) selects the tenant. An admin API error (`{ error, message }`) exits 1; a
 * server that cannot be reached exits 3.
 */
export async function adminRequest<K extends AdminOperationName>(
  io: CliIo,
  origin: string,
  token: string | undefined,
  name: K,
  call: AdminCall<K> = {},
  options: AdminRequestOptions = {},
): Promise<unknown> {
  const timeoutMs = io.session?.timeoutMs
  const transport: AdminTransport = (r) =>
    cliRequest(io, {
      method: r.method,
      url: r.url,
      headers: r.headers,
      ...(r.body !== undefined ? { body: r.body } : {}),
      ...(timeoutMs !== undefined ? { signal: AbortSignal.timeout(timeoutMs) } : {}),
    })
  let result: Awaited<ReturnType<typeof callAdminOperation<K>>>
  try {
    result = await callAdminOperation(name, { ...call, token: token ?? null }, { origin, transport })
  } catch (e) {
    const cause = (e as { cause?: { code?: string } }).cause
    const why =
      (e as Error).name === 'TimeoutError' ? `timed out after ${timeoutMs} ms` : (cause?.code ?? (e as Error).message)
    throw new MockUnreachableError(`cannot reach the emulator at ${origin}: ${why}`)
  }
  if (!result.ok)
    throw new MockAdminError(
      `mock admin ${adminRefusalText(name, result)}`,
      result.headers.get('x-request-id') ?? undefined,
    )
  return options.text ? result.text : result.json
}
