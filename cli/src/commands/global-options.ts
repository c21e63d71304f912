import type { Command } from 'commander'
import type { ConnectionFlags } from '../config/resolve-connection.js'
import { t } from '../i18n/lang.js'

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

/** Global options that take a value: their value is never the command name. */
export const valueOptions = new Set([
  '--token',
  '--env-id',
  '--base-url',
  '--profile',
  '--output',
  '-o',
  '--query',
  '-q',
  '--timeout',
  '--lang',
  '--error-format',
])

export function addGlobalOptions(program: Command): void {
  program
    .option('--token <token>', t('opt.token'))
    .option('--env-id <id>', t('opt.envId'))
    .option('--base-url <url>', t('opt.baseUrl'))
    .option('--profile <name>', t('opt.profile'))
    .option('-o, --output <format>', t('opt.output'))
    .option('-q, --query <jmespath>', t('opt.query'))
    .option('-r, --raw', t('opt.raw'))
    .option('--all', t('opt.all'))
    .option('--dry-run', t('opt.dryRun'))
    .option('--show-token', t('opt.showToken'))
    .option('--timeout <duration>', t('opt.timeout'))
    .option('--verbose', t('opt.verbose'))
    .option('--lang <lang>', t('opt.lang'))
    .option('--error-format <format>', t('opt.errorFormat'))
}

export function connectionFlags(g: GlobalOptions): ConnectionFlags {
  return { token: g.token, envId: g.envId, baseUrl: g.baseUrl, profile: g.profile }
}
