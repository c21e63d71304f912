import type { Command } from 'commander'
import type { ConnectionFlags } from '../config/resolve-connection.js'
import { UsageError } from '../exit-codes.js'
import { t } from '../i18n/lang.js'
import type { MessageKey } from '../i18n/messages.js'
import type { Session } from '../io.js'
import { parseDuration } from '../time/duration.js'

/** The options every command accepts (defined once, on the program). */
export interface GlobalOptions extends ConnectionFlags {
  output?: string
  query?: string
  raw?: boolean
  all?: boolean
  dryRun?: boolean
  showToken?: boolean
  timeout?: string
  verbose?: boolean
  lang?: string
  errorFormat?: string
  body?: string
}

/** One global option: its long and short names, whether it takes a value, its help line. */
export interface GlobalOption {
  long: `--${string}`
  short?: `-${string}`
  /** The value's name in help (`<token>`); none for a switch. */
  value?: string
  key: keyof GlobalOptions
  help: MessageKey
}

/** The global options, in help order: commander's program and run.ts's own reading of argv both use it. */
export const globalOptions: readonly GlobalOption[] = [
  { long: '--token', value: 'token', key: 'token', help: 'opt.token' },
  { long: '--env-id', value: 'id', key: 'envId', help: 'opt.envId' },
  { long: '--base-url', value: 'url', key: 'baseUrl', help: 'opt.baseUrl' },
  { long: '--profile', value: 'name', key: 'profile', help: 'opt.profile' },
  { long: '--output', short: '-o', value: 'format', key: 'output', help: 'opt.output' },
  { long: '--query', short: '-q', value: 'jmespath', key: 'query', help: 'opt.query' },
  { long: '--raw', short: '-r', key: 'raw', help: 'opt.raw' },
  { long: '--all', key: 'all', help: 'opt.all' },
  { long: '--dry-run', key: 'dryRun', help: 'opt.dryRun' },
  { long: '--show-token', key: 'showToken', help: 'opt.showToken' },
  { long: '--timeout', value: 'duration', key: 'timeout', help: 'opt.timeout' },
  { long: '--verbose', key: 'verbose', help: 'opt.verbose' },
  { long: '--lang', value: 'lang', key: 'lang', help: 'opt.lang' },
  { long: '--error-format', value: 'format', key: 'errorFormat', help: 'opt.errorFormat' },
]

/** Global options that take a value: their value is never the command name. */
export const valueOptions: ReadonlySet<string> = new Set<string>(
  globalOptions.filter((o) => o.value !== undefined).flatMap((o) => (o.short ? [o.long, o.short] : [o.long])),
)

export function addGlobalOptions(program: Command): void {
  for (const o of globalOptions) {
    const names = o.short ? `${o.short}, ${o.long}` : o.long
    program.option(o.value === undefined ? names : `${names} <${o.value}>`, t(o.help))
  }
}

export function connectionFlags(g: GlobalOptions): ConnectionFlags {
  return { token: g.token, envId: g.envId, baseUrl: g.baseUrl, profile: g.profile }
}

/** What the global options say about the whole run, checked before the command runs. */
export function applyGlobalOptions(g: GlobalOptions, session: Session): void {
  session.verbose = g.verbose === true
  if (g.errorFormat !== undefined && g.errorFormat !== 'text' && g.errorFormat !== 'json')
    throw new UsageError(t('err.badErrorFormat', { value: g.errorFormat }))
  session.errorFormat = g.errorFormat ?? (g.output === 'json' ? 'json' : 'text')
  if (g.timeout !== undefined) {
    session.timeoutMs = parseDuration('--timeout', g.timeout)
    if (session.timeoutMs <= 0) throw new UsageError(t('err.badDuration', { name: '--timeout', value: g.timeout }))
  }
}
