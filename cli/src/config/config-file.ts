import { t } from '../i18n/lang.js'
import { readFileSync } from 'node:fs'
import { dirname } from 'node:path'
import { UsageError } from '../exit-codes.js'

/** The settings one profile holds. */
export interface Profile {
  token?: string
  env_id?: string
  base_url?: string
}

export interface ConfigFile {
  /** The profile used when neither --profile nor KRS_PROFILE names one. */
  current?: string
  profiles: Record<string, Profile>
}

export const profileKeys = ['token', 'env_id', 'base_url'] as const
export type ProfileKey = (typeof profileKeys)[number]

/** `env-id` and `env_id` are the same key. */
export function profileKey(name: string): ProfileKey {
  const key = name.replace(/-/g, '_')
  if ((profileKeys as readonly string[]).includes(key)) return key as ProfileKey
  throw new UsageError(t('err.unknownSetting', { name }))
}

export async function readConfig(path: string): Promise<ConfigFile> {
  let text: string
  try {
    // Read at the start of every API command: node:fs is loaded already, node:fs/promises
    // (and the modules it brings) is not.
    text = readFileSync(path, 'utf8')
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return { profiles: {} }
    throw e
  }
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch (e) {
    throw new UsageError(t('err.configJson', { path, why: (e as Error).message }))
  }
  const o = json as Partial<ConfigFile> | null
  if (typeof o !== 'object' || o === null || (o.profiles !== undefined && typeof o.profiles !== 'object')) {
    throw new UsageError(t('err.configShape', { path }))
  }
  return { ...(o.current !== undefined ? { current: String(o.current) } : {}), profiles: { ...(o.profiles ?? {}) } }
}

/** Writes the file readable by its owner only (it holds tokens). */
export async function writeConfig(path: string, config: ConfigFile): Promise<void> {
  // node:fs/promises on use only: every API command loads this module (see readConfig).
  const { mkdir, rename, writeFile } = await import('node:fs/promises')
  await mkdir(dirname(path), { recursive: true, mode: 0o700 })
  const tmp = `${path}.${process.pid}.tmp`
  await writeFile(tmp, `${JSON.stringify(config, null, 2)}\n`, { mode: 0o600 })
  await rename(tmp, path)
}
