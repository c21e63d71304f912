import { parseArgs } from 'node:util'

/** How the server reaches the API and what it may do. */
export interface McpOptions {
  /** Any server that speaks the API (the emulator: `http://127.0.0.1:4010`); wins over `envId`. */
  baseUrl?: string | undefined
  /** The real service's environment ID: `https://krs.bz/{envId}`. */
  envId?: string | undefined
  token?: string | undefined
  /** Send write operations (`x-krs-idempotent: false`); without it the server only reads. */
  allowWrites: boolean
  /** Writes to a target that is not the emulator also need this. */
  production: boolean
  /** Serve Streamable HTTP on 127.0.0.1 at this port instead of stdio (0 = a free port). */
  httpPort?: number | undefined
  /**
   * The bearer token HTTP clients must send (`Authorization: Bearer <token>`); without it,
   * `--http` makes one up and prints it on stderr.
   */
  httpToken?: string | undefined
  /** Answers longer than this many UTF-8 bytes are cut, with a note on how to page on. */
  maxAnswerBytes: number
}

/** The documented cut: about 5,000 tokens of an assistant's context. */
export const defaultMaxAnswerBytes = 20_000

/** The flag that makes writes to the real service possible; named so that nobody passes it by accident. */
export const productionFlag = '--i-understand-this-is-production'

export class McpUsageError extends Error {
  override readonly name = 'McpUsageError'
}

export const helpText = `krs-mcp: a Model Context Protocol server for the KREISEL JSON API and the krs-kit emulator

Usage: krs-mcp [options]

Connection (flags win over the environment):
  --base-url <url>      the server to call, e.g. the emulator http://127.0.0.1:4010   (KRS_BASE_URL)
  --env-id <id>         the real service's environment ID (https://krs.bz/<id>)      (KRS_ENV_ID)
  --token <token>       API token; prefer the variable, a flag is visible to ps      (KRS_API_TOKEN)

Safety:
  --allow-writes        send write operations (x-krs-idempotent: false); without it they are refused
  ${productionFlag}
                        with --allow-writes: also write to a target that is not the emulator

Transport:
  --http <port>         Streamable HTTP on 127.0.0.1:<port> (path /mcp) instead of stdio;
                        clients must send Authorization: Bearer <http token>
  --http-token <token>  that token (KRS_MCP_HTTP_TOKEN; default: a random one, printed on stderr)
  --max-answer-bytes <n>  cut answers longer than this (default ${defaultMaxAnswerBytes})

  -h, --help            this text
  -v, --version         the version
`

export type ParsedArgs = { kind: 'help' } | { kind: 'version' } | { kind: 'run'; options: McpOptions }

function integer(flag: string, text: string | undefined, min: number, max: number): number | undefined {
  if (text === undefined) return undefined
  const n = Number(text)
  if (!Number.isInteger(n) || n < min || n > max)
    throw new McpUsageError(`${flag}: expected an integer from ${min} to ${max}, got ${JSON.stringify(text)}`)
  return n
}

/** Flags, then `KRS_*` variables. */
export function parseMcpArgs(argv: readonly string[], env: Readonly<Record<string, string | undefined>>): ParsedArgs {
  let values: ReturnType<typeof parse>['values']
  try {
    values = parse(argv).values
  } catch (e) {
    throw new McpUsageError((e as Error).message)
  }
  if (values.help) return { kind: 'help' }
  if (values.version) return { kind: 'version' }
  if (values['i-understand-this-is-production'] && !values['allow-writes'])
    throw new McpUsageError(`${productionFlag} only makes sense with --allow-writes`)
  const httpToken = values['http-token'] || env.KRS_MCP_HTTP_TOKEN || undefined
  if (values['http-token'] !== undefined && values.http === undefined)
    throw new McpUsageError('--http-token only makes sense with --http')
  if (httpToken !== undefined && httpToken.length < 16)
    throw new McpUsageError('--http-token: give at least 16 characters (or none: one is made up)')
  const baseUrl = values['base-url'] || env.KRS_BASE_URL || undefined
  if (baseUrl !== undefined) checkUrl(baseUrl)
  return {
    kind: 'run',
    options: {
      baseUrl,
      envId: values['env-id'] || env.KRS_ENV_ID || env.KRS_ENVIRONMENT_ID || undefined,
      token: values.token || env.KRS_API_TOKEN || undefined,
      allowWrites: values['allow-writes'] === true,
      production: values['i-understand-this-is-production'] === true,
      httpPort: integer('--http', values.http, 0, 65535),
      httpToken,
      maxAnswerBytes:
        integer('--max-answer-bytes', values['max-answer-bytes'], 1000, 10_000_000) ?? defaultMaxAnswerBytes,
    },
  }
}

function parse(argv: readonly string[]) {
  return parseArgs({
    args: [...argv],
    strict: true,
    allowPositionals: false,
    options: {
      'base-url': { type: 'string' },
      'env-id': { type: 'string' },
      token: { type: 'string' },
      'allow-writes': { type: 'boolean' },
      'i-understand-this-is-production': { type: 'boolean' },
      http: { type: 'string' },
      'http-token': { type: 'string' },
      'max-answer-bytes': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
      version: { type: 'boolean', short: 'v' },
    },
  })
}

function checkUrl(text: string): void {
  let url: URL | undefined
  try {
    url = new URL(text)
  } catch {
    url = undefined
  }
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:'))
    throw new McpUsageError(`--base-url: not an http(s) URL: ${JSON.stringify(text)}`)
}

/** Where requests go, as the SDK and the CLI decide it: the base URL (without `/api/v1`), else the environment's. */
export function targetBase(o: Pick<McpOptions, 'baseUrl' | 'envId'>): string | undefined {
  if (o.baseUrl) return o.baseUrl.replace(/\/+$/, '').replace(/\/api\/v1$/, '')
  if (o.envId) return `https://krs.bz/${encodeURIComponent(o.envId)}`
  return undefined
}
