import { parseArgs } from 'node:util'
import type { ClockMode } from '../kernel/clock.js'

export interface CliOptions {
  host: string
  port: number
  scenario: string | undefined
  seed: number
  members: number | undefined
  clock: ClockMode
  dataDir: string | undefined
  staticDir: string | undefined
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
  /** `--cors a,b` / `*`: origins whose pages may call the product API. */
  cors: string[]
  /** `--allowed-host a,b`: names the admin API accepts in Host besides loopback names. */
  allowedHosts: string[]
}

export const USAGE = `Usage: krs-mock [options]

KREISEL JSON API emulator (krs-kit). Serves POST /api/v1/{api_name} and the admin API /__mock/.

Options:
  --host HOST         address to listen on (default 127.0.0.1)
  --port N            port (default 4010; 0 = any free port)
  --scenario FILE     scenario file, JSON or YAML (default: the embedded scenario)
  --seed N            seed of generated data (default 1)
  --members N         number of generated members (default: the scenario's)
  --clock MODE        real | manual (default real; manual with --now or a scenario's now)
  --now TIME          start the clock at TIME (ISO 8601, e.g. 2026-04-01T09:00:00+09:00, or
                      unix seconds); with the same --seed the data is byte-identical
  --public-url URL    base of the links the emulator writes (click, open and unsubscribe
                      links of the outbox, base_url of new tenants); default: the origin
                      the caller used
  --print-scenario    write the scenario (the default, or --scenario after extends) as
                      YAML to stdout and exit
  --data-dir DIR      keep the state in DIR (loaded at start, saved atomically)
  --static DIR        serve files of DIR for GET requests outside /api and /__mock
  --admin-remote      answer /__mock/ calls from non-loopback addresses too
  --allowed-host H    also accept these Host names for /__mock/ (comma-separated;
                      default: loopback names and the --host address only)
  --cors ORIGINS      let web pages of these origins call the API (comma-separated,
                      e.g. http://localhost:3000, or *); the admin API stays same-origin
  --smtp URL          also send each handed-over mail to an SMTP catcher, e.g.
                      smtp://127.0.0.1:1025 (Mailpit, MailHog); off by default
  --quiet             no per-request log lines
  --validate-responses
                      check every answer against the contract's response schemas and
                      error lists (a mismatch answers 500 and is logged); off by default
  -h, --help          show this help
`

export class CliUsageError extends Error {
  override readonly name = 'CliUsageError'
}

function intOption(name: string, text: string | undefined, min: number, max: number): number | undefined {
  if (text === undefined) return undefined
  const n = Number(text)
  if (!/^-?\d+$/.test(text) || !Number.isSafeInteger(n) || n < min || n > max) {
    throw new CliUsageError(`--${name} must be an integer from ${min} to ${max} (got "${text}")`)
  }
  return n
}

function parseFlags(argv: readonly string[]) {
  return parseArgs({
    args: [...argv],
    strict: true,
    allowPositionals: false,
    options: {
      host: { type: 'string' },
      port: { type: 'string' },
      scenario: { type: 'string' },
      seed: { type: 'string' },
      members: { type: 'string' },
      clock: { type: 'string' },
      'data-dir': { type: 'string' },
      static: { type: 'string' },
      'admin-remote': { type: 'boolean' },
      'allowed-host': { type: 'string' },
      cors: { type: 'string' },
      smtp: { type: 'string' },
      now: { type: 'string' },
      'public-url': { type: 'string' },
      'print-scenario': { type: 'boolean' },
      quiet: { type: 'boolean' },
      'validate-responses': { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  }).values
}

export function parseCliArgs(argv: readonly string[]): CliOptions {
  let values: ReturnType<typeof parseFlags>
  try {
    values = parseFlags(argv)
  } catch (e) {
    throw new CliUsageError((e as Error).message)
  }
  const smtp = values.smtp
  if (smtp !== undefined && !/^smtps?:\/\/[^/\s]+/i.test(smtp)) {
    throw new CliUsageError(`--smtp must be an smtp:// or smtps:// URL, e.g. smtp://127.0.0.1:1025 (got "${smtp}")`)
  }
  const now = nowOption(values.now)
  const publicUrl = values['public-url']
  if (publicUrl !== undefined && !/^https?:\/\/[^/\s]+(\/[^\s]*)?$/i.test(publicUrl)) {
    throw new CliUsageError(
      `--public-url must be an http:// or https:// URL, e.g. http://localhost:4010 (got "${publicUrl}")`,
    )
  }
  const cors = (values.cors ?? '')
    .split(',')
    .map((o) => o.trim())
    .filter((o) => o !== '')
  for (const o of cors) {
    if (o !== '*' && !/^https?:\/\/[^/\s]+$/i.test(o))
      throw new CliUsageError(
        `--cors takes origins like http://localhost:3000 (scheme, host, port; no path) or * (got "${o}")`,
      )
  }
  const allowedHosts = (values['allowed-host'] ?? '')
    .split(',')
    .map((h) => h.trim())
    .filter((h) => h !== '')
  const clock = values.clock ?? (now !== undefined ? 'manual' : 'real')
  if (clock !== 'real' && clock !== 'manual') throw new CliUsageError(`--clock must be real or manual (got "${clock}")`)
  return {
    host: values.host ?? '127.0.0.1',
    port: intOption('port', values.port, 0, 65535) ?? 4010,
    scenario: values.scenario,
    seed: intOption('seed', values.seed, 0, 2 ** 32 - 1) ?? 1,
    members: intOption('members', values.members, 0, 20_000_000),
    clock,
    dataDir: values['data-dir'],
    staticDir: values.static,
    adminRemote: values['admin-remote'] ?? false,
    smtp,
    now,
    clockSet: values.clock !== undefined,
    publicUrl: publicUrl?.replace(/\/+$/, ''),
    printScenario: values['print-scenario'] ?? false,
    quiet: values.quiet ?? false,
    validateResponses: values['validate-responses'] ?? false,
    cors,
    allowedHosts,
    help: values.help ?? false,
  }
}

/** `--now`: ISO 8601 with a date and time, or unix seconds. */
function nowOption(text: string | undefined): number | undefined {
  if (text === undefined) return undefined
  if (/^\d+$/.test(text) && Number.isSafeInteger(Number(text))) return Number(text)
  const ms = Date.parse(text)
  if (!/^\d{4}-\d{2}-\d{2}T/.test(text) || !Number.isFinite(ms)) {
    throw new CliUsageError(
      `--now must be an ISO 8601 time such as 2026-04-01T09:00:00+09:00, or unix seconds (got "${text}")`,
    )
  }
  return Math.floor(ms / 1000)
}
