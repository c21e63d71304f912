import { printResult } from '../commands/print-result.js'
import { orList, t } from '../i18n/lang.js'
import type { Command } from 'commander'
import type { GlobalOptions } from '../commands/global-options.js'
import { UsageError } from '../exit-codes.js'
import type { CliIo } from '../io.js'
import { profileKey, readConfig, writeConfig, type ConfigFile } from './config-file.js'
import { configPath } from './config-path.js'
import { similarNames } from '../text/did-you-mean.js'
import { maskToken } from './mask-token.js'
import { resolveConnection } from './resolve-connection.js'

function targetProfile(cmd: Command, io: CliIo, config: ConfigFile): string {
  const g = cmd.optsWithGlobals<GlobalOptions>()
  return g.profile || io.env.KRS_PROFILE || config.current || 'default'
}

function shown(key: string, value: string | undefined): string {
  if (value === undefined) return t('config.notSet')
  return key === 'token' ? maskToken(value) : value
}

export async function configSet(name: string, given: string, cmd: Command, io: CliIo): Promise<void> {
  const key = profileKey(name)
  // `-` reads the value from stdin, so that a token stays out of the shell history.
  const value = given === '-' ? (await io.readStdin()).trim() : given
  if (value === '') throw new UsageError(t('err.emptyValue', { name }))
  const path = configPath(io.env)
  const config = await readConfig(path)
  const profile = targetProfile(cmd, io, config)
  config.profiles[profile] = { ...config.profiles[profile], [key]: value }
  config.current ??= profile
  await writeConfig(path, config)
  io.stderr(`krs: ${profile}.${key} = ${shown(key, value)} (${path})\n`)
}

export async function configUnset(name: string, cmd: Command, io: CliIo): Promise<void> {
  const key = profileKey(name)
  const path = configPath(io.env)
  const config = await readConfig(path)
  const profile = targetProfile(cmd, io, config)
  const p = config.profiles[profile]
  if (p) delete p[key]
  await writeConfig(path, config)
}

export async function configGet(name: string, cmd: Command, io: CliIo): Promise<void> {
  const key = profileKey(name)
  const config = await readConfig(configPath(io.env))
  const value = config.profiles[targetProfile(cmd, io, config)]?.[key]
  if (value === undefined) throw new UsageError(t('err.notSet', { name }))
  io.stdout(`${shown(key, value)}\n`)
}

export async function configList(cmd: Command, io: CliIo): Promise<void> {
  const path = configPath(io.env)
  const config = await readConfig(path)
  const g = cmd.optsWithGlobals<GlobalOptions>()
  const active = await resolveConnection(
    { token: g.token, envId: g.envId, baseUrl: g.baseUrl, profile: g.profile },
    io.env,
  )
  if (g.output !== undefined || g.query !== undefined) {
    // As data (tokens masked): the profiles, and the values in effect.
    const masked = (p: { token?: string | undefined; env_id?: string | undefined; base_url?: string | undefined }) => ({
      token: p.token === undefined ? null : maskToken(p.token),
      env_id: p.env_id ?? null,
      base_url: p.base_url ?? null,
    })
    const profiles = Object.entries(config.profiles).map(([name, p]) => ({
      name,
      default: name === (config.current ?? 'default'),
      ...masked(p),
    }))
    const data =
      g.output === 'table' || g.output === 'csv'
        ? profiles
        : {
            path,
            profiles,
            in_effect: {
              profile: active.profile,
              ...masked({ token: active.token, env_id: active.envId, base_url: active.baseUrl }),
            },
          }
    await printResult(data, g, io)
    return
  }
  const lines = [`# ${path}`]
  const names = Object.keys(config.profiles)
  if (names.length === 0) lines.push(t('config.noProfiles'))
  for (const name of names) {
    const p = config.profiles[name] ?? {}
    lines.push(`[${name}]${name === (config.current ?? 'default') ? t('config.defaultMark') : ''}`)
    lines.push(`  token     ${shown('token', p.token)}`)
    lines.push(`  env-id    ${shown('env_id', p.env_id)}`)
    lines.push(`  base-url  ${shown('base_url', p.base_url)}`)
  }
  lines.push(t('config.inEffect', { profile: active.profile }))
  lines.push(`  token     ${shown('token', active.token)}`)
  lines.push(`  env-id    ${shown('env_id', active.envId)}`)
  lines.push(`  base-url  ${shown('base_url', active.baseUrl)}`)
  io.stdout(`${lines.join('\n')}\n`)
}

/**
 * `krs config use NAME` switches to a profile that exists (or to `default`, the one in effect
 * when none is named); a mistyped name is refused (exit 2) with the known ones, and nothing is
 * written. A profile is created by `krs config set --profile NAME …`.
 */
export async function configUse(name: string, _cmd: Command, io: CliIo): Promise<void> {
  const path = configPath(io.env)
  const config = await readConfig(path)
  if (!Object.hasOwn(config.profiles, name) && name !== 'default') {
    const known = Object.keys(config.profiles)
    const similar = similarNames(name, known)
    throw new UsageError(
      t('err.unknownProfile', {
        name,
        path,
        known: known.length === 0 ? t('config.noProfiles') : known.join(', '),
        suggestion: similar.length === 0 ? '' : t('err.didYouMean', { names: orList(similar) }),
      }),
    )
  }
  config.current = name
  config.profiles[name] ??= {}
  await writeConfig(path, config)
  io.stderr(`krs: using profile ${name}\n`)
}

export function configPathCommand(io: CliIo): void {
  io.stdout(`${configPath(io.env)}\n`)
}

/** The profile names, one a line (`config use <TAB>` completes from them). */
export async function configProfiles(io: CliIo): Promise<void> {
  const config = await readConfig(configPath(io.env))
  const names = Object.keys(config.profiles)
  io.stdout(names.map((n) => `${n}\n`).join(''))
}
