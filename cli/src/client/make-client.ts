import type { KrsClient } from '@krs-kit/sdk'
import { apiBase, type Connection } from '../config/resolve-connection.js'
import { UsageError } from '../exit-codes.js'
import type { CliIo } from '../io.js'

/** Where the request goes, or a usage error naming the ways to say it. */
export function requireBase(c: Connection): string {
  const base = apiBase(c)
  if (!base) {
    throw new UsageError(
      'no environment: give --env-id or --base-url, set KRS_ENV_ID or KRS_BASE_URL, or run `krs config set env-id <id>`',
    )
  }
  return base
}

export function requireToken(c: Connection): string {
  if (!c.token) {
    throw new UsageError('no API token: give --token, set KRS_API_TOKEN, or run `krs config set token <token>`')
  }
  return c.token
}

/** The SDK client for a connection (loaded only when a command calls the API). */
export async function makeClient(c: Connection, io: CliIo, needsToken = true): Promise<KrsClient> {
  const baseUrl = requireBase(c)
  const token = needsToken ? requireToken(c) : c.token
  const { createKrsClient } = await import('@krs-kit/sdk')
  return createKrsClient({
    baseUrl,
    token,
    fetch: io.fetch,
    sleep: io.sleep,
    headers: { 'User-Agent': 'krs-cli/0.1.0' },
  })
}
