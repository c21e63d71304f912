import { randomBytes, timingSafeEqual } from 'node:crypto'
import { createServer, type Server as HttpServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { helpText, type McpOptions, McpUsageError, parseMcpArgs } from './options.js'
import { MCP_VERSION } from './version.js'

export interface McpIo {
  stdout: (text: string) => void
  stderr: (text: string) => void
}

const processIo: McpIo = {
  stdout: (t) => process.stdout.write(t),
  stderr: (t) => process.stderr.write(t),
}

export interface RunningMcp {
  /** `http://127.0.0.1:<port>/mcp` with --http, else undefined (stdio). */
  url: string | undefined
  /** The bearer token HTTP clients must send (with --http), else undefined. */
  httpToken?: string | undefined
  close(): Promise<void>
}

/**
 * Starts the server with resolved options: asks the target whether it is the emulator (its
 * tools depend on it), then serves stdio, or Streamable HTTP on 127.0.0.1 with `httpPort`.
 * Logs go to stderr (stdout is the protocol's under stdio), the token redacted.
 */
export async function startMcpServer(options: McpOptions, io: McpIo = processIo): Promise<RunningMcp> {
  // Loaded here, not at the top: `--help` and a usage error need neither the registry nor the MCP SDK.
  const [{ Session }, { createKrsMcpServer, toolsFor }, { TargetWatch }] = await Promise.all([
    import('./session.js'),
    import('./server.js'),
    import('./target-watch.js'),
  ])
  const session = new Session(options)
  await session.detect()
  const log = (s: string) => io.stderr(`${session.redact(s)}\n`)
  const watch = new TargetWatch(session)
  watch.start()
  session.onTargetChange(() =>
    log(
      session.emulator
        ? `krs-mcp: the target answers as the krs-kit emulator: ${toolsFor(session).length} tools`
        : `krs-mcp: the target ${session.state === 'unreachable' ? 'stopped answering' : 'is not the emulator'}: emulator tools off until it answers as the emulator`,
    ),
  )
  const mode = options.allowWrites
    ? options.production
      ? 'writes allowed (production too)'
      : 'writes allowed (emulator only)'
    : 'read-only'
  log(
    `krs-mcp ${MCP_VERSION}: target ${session.base ?? '(none: set KRS_BASE_URL or KRS_ENV_ID)'}${targetNote[session.state]}, ${mode}, ${toolsFor(session).length} tools`,
  )
  const ctx = { maxAnswerBytes: options.maxAnswerBytes, watch }

  if (options.httpPort === undefined) {
    const { LineStdioTransport } = await import('./stdio-transport.js')
    const server = createKrsMcpServer(session, { ...ctx, notifyListChanged: true })
    await server.connect(new LineStdioTransport())
    return {
      url: undefined,
      close: () => {
        watch.stop()
        return server.close()
      },
    }
  }

  // Any local process could reach the port: every request must carry the bearer token.
  const httpToken = options.httpToken ?? randomBytes(24).toString('base64url')
  const expected = Buffer.from(`Bearer ${httpToken}`)
  const authorized = (header: string | undefined): boolean => {
    const got = Buffer.from(header ?? '')
    return got.length === expected.length && timingSafeEqual(got, expected)
  }

  // Stateless Streamable HTTP: one MCP server per request over the shared session.
  const { StreamableHTTPServerTransport } = await import('@modelcontextprotocol/sdk/server/streamableHttp.js')
  let port = options.httpPort
  const http: HttpServer = createServer((req, res) => {
    if (new URL(req.url ?? '/', 'http://127.0.0.1').pathname !== '/mcp') {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('krs-mcp: the endpoint is /mcp\n')
      return
    }
    if (req.method !== 'POST') {
      res.writeHead(405, { allow: 'POST', 'content-type': 'text/plain' }).end('krs-mcp: stateless, POST only\n')
      return
    }
    if (!authorized(req.headers.authorization)) {
      res
        .writeHead(401, { 'www-authenticate': 'Bearer realm="krs-mcp"', 'content-type': 'text/plain' })
        .end('krs-mcp: send Authorization: Bearer <the token krs-mcp printed at start, or --http-token>\n')
      return
    }
    const server = createKrsMcpServer(session, ctx)
    const transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
      // A web page must not reach the server: not through a rebound name (Host), nor by
      // posting from its own origin (Origin; clients outside a browser send none).
      enableDnsRebindingProtection: true,
      allowedHosts: [`127.0.0.1:${port}`, `localhost:${port}`],
      allowedOrigins: [`http://127.0.0.1:${port}`, `http://localhost:${port}`],
    })
    res.on('close', () => {
      void transport.close()
      void server.close()
    })
    server
      .connect(transport)
      .then(() => transport.handleRequest(req, res))
      .catch((e: Error) => {
        log(`krs-mcp: ${e.message}`)
        if (!res.headersSent) res.writeHead(500).end()
      })
  })
  await new Promise<void>((resolve, reject) => {
    http.once('error', reject)
    http.listen(options.httpPort, '127.0.0.1', () => resolve())
  })
  port = (http.address() as AddressInfo).port
  const url = `http://127.0.0.1:${port}/mcp`
  log(`krs-mcp listening on ${url}`)
  if (options.httpToken === undefined)
    io.stderr(`krs-mcp HTTP token (send Authorization: Bearer <token>): ${httpToken}\n`)
  return {
    url,
    httpToken,
    close: () => {
      watch.stop()
      return new Promise((r) => http.close(() => r()))
    },
  }
}

/** What the start line says of the target, by what it answered. */
const targetNote = {
  none: '',
  unknown: '',
  unreachable: ' (target unreachable: emulator tools appear when it answers)',
  other: '',
  emulator: ' (the krs-kit emulator)',
} as const

/** `krs-mcp [flags]`: exit code 2 for a usage error. Resolves once the server runs (or help was printed). */
export async function runMcp(argv: readonly string[], io: McpIo = processIo, env = process.env): Promise<number> {
  let parsed: ReturnType<typeof parseMcpArgs>
  try {
    parsed = parseMcpArgs(argv, env)
  } catch (e) {
    if (!(e instanceof McpUsageError)) throw e
    io.stderr(`krs-mcp: ${e.message}\n(krs-mcp --help lists the options)\n`)
    return 2
  }
  if (parsed.kind === 'help') {
    io.stdout(helpText)
    return 0
  }
  if (parsed.kind === 'version') {
    io.stdout(`${MCP_VERSION}\n`)
    return 0
  }
  const running = await startMcpServer(parsed.options, io)
  const stop = () => void running.close().then(() => process.exit(0))
  process.once('SIGINT', stop)
  process.once('SIGTERM', stop)
  return 0
}
