import type { KrsClient } from '@krs-kit/sdk'
import { apiBase, type Connection } from '../config/resolve-connection.js'
import { UsageError } from '../exit-codes.js'
import { t } from '../i18n/lang.js'
import type { CliIo } from '../io.js'
import { version } from '../version.js'
import { clientSending } from './http.js'

/** Where the request goes, or a usage error naming the ways to say it. */
export function requireBase(c: Connection): string {
  const base = apiBase(c)
  if (!base) throw new UsageError(t('err.noEnvironment'))
  return base
}

export function requireToken(c: Connection): string {
  if (!c.token) throw new UsageError(t('err.noToken'))
  return c.token
}

/** The SDK client for a connection (loaded only when a command calls the API). */
export async function makeClient(c: Connection, io: CliIo, needsToken = true): Promise<KrsClient> {
  const baseUrl = requireBase(c)
  const token = needsToken ? requireToken(c) : c.token
  // Both loaded at once: their files are read in parallel.
  const [{ createKrsClient }, sending] = await Promise.all([import('@krs-kit/sdk'), clientSending(io)])
  return createKrsClient({
    baseUrl,
    token,
    ...sending,
    sleep: io.sleep,
    headers: { 'User-Agent': `krs-cli/${version}` },
    ...(io.session?.timeoutMs !== undefined ? { timeoutMs: io.session.timeoutMs } : {}),
  })
}
