import { parseArgs } from 'node:util'
import type { ClockMode } from '../kernel/clock.js'
import { KRS_MOCK_OPTIONS, type KrsMockOptionName, listValue, nowValue, OptionValueError } from './options.js'

export interface CliOptions {
  host: string
  port: number
  scenario: string | undefined
  seed: number
  members: number | undefined
  clock: ClockMode
  dataDir: string | undefined
  /** `--repair`: cut a damaged write log at its last good record (with --data-dir). */
  repair: boolean
  staticDir: string | undefined
  /** `--proxy-target URL`: where the site's proxy route forwards (none by default). */
  proxyTarget: string | undefined
  adminRemote: boolean
  /** `smtp://host:port`: also send handed-over mails to this SMTP catcher (off by default). */
  smtp: string | undefined
  /** `--now`: start time of the clock, unix seconds. */
  now: number | undefined
  /** Whether `--clock` was given (with `--now` or a scenario's `now`, the default is manual). */
  clockSet: boolean
  /** `--public-url`: base of the links the emulator writes (tracking links, tenant base URLs). */
  publicUrl: string | undefined
  /** `--print-scenario`: write the scenario as YAML and exit. */
  printScenario: boolean
  quiet: boolean
  /** Check every answer against the contract (off by default: tests turn it on). */
  validateResponses: boolean
  help: boolean
  version: boolean
  /** The flags given on the command line (names without dashes), defaults not counted. */
  given: ReadonlySet<string>
  /** `--cors a,b` / `*`: origins whose pages may call the product API. */
  cors: string[]
  /** `--allowed-host a,b`: names the admin API accepts in Host besides loopback names. */
  allowedHosts: string[]
}

export class CliUsageError extends Error {
  override readonly name = 'CliUsageError'
}

type Values = Partial<Record<KrsMockOptionName, string | boolean>>

/** node:util's parseArgs configuration, from the option table. */
const parseConfig = Object.fromEntries(
  KRS_MOCK_OPTIONS.map((o) => [o.name, 'short' in o ? { type: o.type, short: o.short } : { type: o.type }]),
) as Record<KrsMockOptionName, { type: 'string' | 'boolean'; short?: string }>

/** The flags given, each string checked by the table (defaults filled in), or CliUsageError. */
function readFlags(argv: readonly string[]): Values {
  let values: Values
  try {
    values = parseArgs({ args: [...argv], strict: true, allowPositionals: false, options: parseConfig })
      .values as Values
  } catch (e) {
    throw new CliUsageError((e as Error).message)
  }
  for (const o of KRS_MOCK_OPTIONS) {
    if (o.type !== 'string') continue
    const text = (values[o.name] as string | undefined) ?? ('default' in o ? o.default : undefined)
    if (text === undefined) continue
    try {
      if ('check' in o) o.check(text)
    } catch (e) {
      if (e instanceof OptionValueError) throw new CliUsageError(e.message)
      throw e
    }
  }
  return values
}

const defaultOf = (name: KrsMockOptionName): string => {
  const o = KRS_MOCK_OPTIONS.find((x) => x.name === name)
  if (!o || !('default' in o)) throw new Error(`--${name} has no default in the option table`)
  return o.default
}

export function parseCliArgs(argv: readonly string[]): CliOptions {
  const values = readFlags(argv)
  const str = (name: KrsMockOptionName): string | undefined => values[name] as string | undefined
  const flag = (name: KrsMockOptionName): boolean => values[name] === true
  const num = (name: KrsMockOptionName): number | undefined => {
    const text = str(name)
    return text === undefined ? undefined : Number(text)
  }
  const nowText = str('now')
  const now = nowText === undefined ? undefined : nowValue(nowText)
  const clock = (str('clock') ?? (now !== undefined ? 'manual' : 'real')) as ClockMode
  return {
    host: str('host') ?? defaultOf('host'),
    port: num('port') ?? Number(defaultOf('port')),
    scenario: str('scenario'),
    seed: num('seed') ?? Number(defaultOf('seed')),
    members: num('members'),
    clock,
    dataDir: str('data-dir'),
    repair: flag('repair'),
    staticDir: str('static'),
    proxyTarget: str('proxy-target')?.replace(/\/+$/, ''),
    adminRemote: flag('admin-remote'),
    smtp: str('smtp'),
    now,
    clockSet: str('clock') !== undefined,
    publicUrl: str('public-url')?.replace(/\/+$/, ''),
    printScenario: flag('print-scenario'),
    quiet: flag('quiet'),
    validateResponses: flag('validate-responses'),
    cors: listValue(str('cors')),
    allowedHosts: listValue(str('allowed-host')),
    help: flag('help'),
    version: flag('version'),
    given: new Set(Object.keys(values)),
  }
}
