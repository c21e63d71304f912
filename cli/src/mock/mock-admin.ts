import { apiBase, type Connection } from '../config/resolve-connection.js'
import type { CliIo } from '../io.js'

/** The emulator's origin: the base URL's, or http://127.0.0.1:4010 by default. */
export function adminOrigin(c: Connection): string {
  const base = c.baseUrl ? apiBase(c) : undefined
  return base ? new URL(base).origin : 'http://127.0.0.1:4010'
}

/** An admin API failure (`{ error, message }`): exit code 1. */
export class MockAdminError extends Error {
  override readonly name = 'MockAdminError'
}

/** A network failure reaching the emulator: exit code 3. */
export class MockUnreachableError extends Error {
  override readonly name = 'KrsNetworkError'
}

/** Calls `/__mock/...`; the token (when set) selects the tenant. */
export async function adminRequest(
  io: CliIo,
  origin: string,
  token: string | undefined,
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
): Promise<unknown> {
  const headers: Record<string, string> = {}
  if (token) headers.authorization = `Bearer ${token}`
  if (body !== undefined) headers['content-type'] = 'application/json'
  const request = new Request(`${origin}${path}`, {
    method,
    headers,
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  })
  let response: Response
  try {
    response = await (io.fetch ?? globalThis.fetch)(request)
  } catch (e) {
    const cause = (e as { cause?: { code?: string } }).cause
    throw new MockUnreachableError(`cannot reach the emulator at ${origin}: ${cause?.code ?? (e as Error).message}`)
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
    throw new MockAdminError(`mock admin ${method} ${path.split('?')[0]}: ${response.status} ${err.error ?? ''}: ${err.message ?? text}`)
  }
  return json
}
