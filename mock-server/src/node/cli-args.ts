import { parseArgs } from 'node:util'
import type { ClockMode } from '../engine/clock.js'

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
  quiet: boolean
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
  --clock MODE        real | manual (default real)
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

export function parseCliArgs(argv: readonly string[]): CliOptions {
  let values
  try {
    ;({ values } = parseArgs({
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
        quiet: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    }))
  } catch (e) {
    throw new CliUsageError((e as Error).message)
  }
  const smtp = values.smtp
  if (smtp !== undefined && !/^smtps?:\/\/[^/\s]+/i.test(smtp)) {
    throw new CliUsageError(`--smtp must be an smtp:// or smtps:// URL, e.g. smtp://127.0.0.1:1025 (got "${smtp}")`)
  }
  const cors = (values.cors ?? '').split(',').map((o) => o.trim()).filter((o) => o !== '')
  for (const o of cors) {
    if (o !== '*' && !/^https?:\/\/[^/\s]+$/i.test(o)) throw new CliUsageError(`--cors takes origins like http://localhost:3000 (scheme, host, port; no path) or * (got "${o}")`)
  }
  const allowedHosts = (values['allowed-host'] ?? '').split(',').map((h) => h.trim()).filter((h) => h !== '')
  const clock = values.clock ?? 'real'
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
    quiet: values.quiet ?? false,
    cors,
    allowedHosts,
    help: values.help ?? false,
  }
}
