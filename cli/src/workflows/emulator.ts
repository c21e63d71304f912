import { cliRequest, emulatorHeader } from '../client/http.js'
import type { Connection } from '../config/resolve-connection.js'
import type { CliIo } from '../io.js'
import { adminOrigin, adminRequest } from '../mock/mock-admin.js'

export interface EmulatorClock {
  now: number
  mode: 'real' | 'manual'
}

/** The emulator's clock for the connection's tenant (`GET /__mock/clock`). */
export async function emulatorClock(io: CliIo, conn: Connection): Promise<EmulatorClock> {
  return (await adminRequest(io, adminOrigin(conn), conn.token, 'mock_get_clock')) as EmulatorClock
}

/**
 * The emulator's clock when the connection's server is the emulator, else undefined. Only a
 * `--base-url` target can be one (an environment id is the real service, which is never asked);
 * its `/__mock/clock` answers with the emulator's header.
 */
export async function emulatorClockIfAny(io: CliIo, conn: Connection): Promise<EmulatorClock | undefined> {
  if (io.session?.emulator) return emulatorClock(io, conn)
  if (!conn.baseUrl) return undefined
  const headers: Record<string, string> = { accept: 'application/json' }
  if (conn.token) headers.authorization = `Bearer ${conn.token}`
  let response: Response
  try {
    response = await cliRequest(io, { method: 'GET', url: `${adminOrigin(conn)}/__mock/clock`, headers })
  } catch {
    // Unreachable: the workflow's first call reports it properly.
    return undefined
  }
  if (!response.ok || !response.headers.has(emulatorHeader)) {
    await response.body?.cancel()
    return undefined
  }
  return (await response.json()) as EmulatorClock
}

/** Moves the emulator's clock on; every transition that falls due runs before it answers. */
export async function advanceEmulatorClock(io: CliIo, conn: Connection, seconds: number): Promise<EmulatorClock> {
  return (await adminRequest(io, adminOrigin(conn), conn.token, 'mock_set_clock', {
    body: { advance_seconds: seconds },
  })) as EmulatorClock
}

/**
 * The server's time in unix seconds, for `--at now` and `--at +10m`: the emulator's clock
 * when the server is the emulator (its virtual time may be anywhere), else the real
 * service's `Date` header. One cheap call (get_environment_name) tells which it is; the
 * host's clock is used only when the answer carries neither.
 */
export async function serverNow(io: CliIo, conn: Connection, base: string): Promise<number> {
  const headers: Record<string, string> = { 'content-type': 'application/json' }
  if (conn.token) headers.authorization = `Bearer ${conn.token}`
  const response = await cliRequest(io, {
    method: 'POST',
    url: `${base}/api/v1/get_environment_name`,
    headers,
    body: '{}',
  })
  await response.body?.cancel()
  if (response.headers.has(emulatorHeader) || io.session?.emulator) return (await emulatorClock(io, conn)).now
  const date = Date.parse(response.headers.get('date') ?? '')
  return Number.isFinite(date) ? Math.floor(date / 1000) : Math.floor(Date.now() / 1000)
}
