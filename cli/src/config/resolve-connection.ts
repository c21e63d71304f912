import { UsageError } from '../exit-codes.js'
import { t } from '../i18n/lang.js'
import { configPath } from './config-path.js'
import { readConfig } from './config-file.js'

/** The connection flags (`--token`, `--env-id`, `--base-url`, `--profile`). */
export interface ConnectionFlags {
  token?: string | undefined
  envId?: string | undefined
  baseUrl?: string | undefined
  profile?: string | undefined
}

export interface Connection {
  token: string | undefined
  envId: string | undefined
  baseUrl: string | undefined
  /** Where the base URL came from, for the message when it is not a URL. */
  baseUrlSource?: string | undefined
  profile: string
}

/** Flags, then KRS_* environment variables, then the profile file. */
export async function resolveConnection(
  flags: ConnectionFlags,
  env: Readonly<Record<string, string | undefined>>,
): Promise<Connection> {
  const config = await readConfig(configPath(env))
  const profile = flags.profile || env.KRS_PROFILE || config.current || 'default'
  const saved = config.profiles[profile] ?? {}
  const pick = (flag: string | undefined, envValue: string | undefined, fileValue: string | undefined) =>
    flag || envValue || fileValue || undefined
  return {
    token: pick(flags.token, env.KRS_API_TOKEN, saved.token),
    envId: pick(flags.envId, env.KRS_ENV_ID, saved.env_id),
    baseUrl: pick(flags.baseUrl, env.KRS_BASE_URL, saved.base_url),
    baseUrlSource: flags.baseUrl ? '--base-url' : env.KRS_BASE_URL ? 'KRS_BASE_URL' : `${profile}.base_url`,
    profile,
  }
}

/**
 * Where requests go: `--base-url` wins over the environment ID, as in the SDK. A base URL
 * given with the API path (`http://127.0.0.1:4010/t_1/api/v1`, as `krs mock tenant new`
 * prints) is accepted too.
 */
export function apiBase(c: Connection): string | undefined {
  if (c.baseUrl) {
    checkUrl(c.baseUrl, c.baseUrlSource ?? '--base-url')
    return c.baseUrl.replace(/\/+$/, '').replace(/\/api\/v1$/, '')
  }
  if (c.envId) return `https://krs.bz/${encodeURIComponent(c.envId)}`
  return undefined
}

/** A base URL must be an absolute http(s) URL: anything else is a usage error (exit 2). */
export function checkUrl(text: string, source: string): void {
  let url: URL | undefined
  try {
    url = new URL(text)
  } catch {
    url = undefined
  }
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:'))
    throw new UsageError(t('err.badUrl', { source, value: text }))
}
