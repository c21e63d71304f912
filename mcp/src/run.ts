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
  close(): Promise<void>
}

/**
 * Starts the server with resolved options: asks the target whether it is the emulator (its
 * tools depend on it), then serves stdio, or Streamable HTTP on 127.0.0.1 with `httpPort`.
 * Logs go to stderr (stdout is the protocol's under stdio), the token redacted.
 */
export async function startMcpServer(options: McpOptions, io: McpIo = processIo): Promise<RunningMcp> {
  // Loaded here, not at the top: `--help` and a usage error need neither the registry nor the MCP SDK.
  const [{ Session }, { createKrsMcpServer, toolsFor }] = await Promise.all([
    import('./session.js'),
    import('./server.js'),
  ])
  const session = new Session(options)
  await session.detect()
  const log = (s: string) => io.stderr(`${session.redact(s)}\n`)
  const mode = options.allowWrites
    ? options.production
      ? 'writes allowed (production too)'
      : 'writes allowed (emulator only)'
    : 'read-only'
  log(
    `krs-mcp ${MCP_VERSION}: target ${session.base ?? '(none: set KRS_BASE_URL or KRS_ENV_ID)'}${session.emulator ? ' (the krs-kit emulator)' : ''}, ${mode}, ${toolsFor(session).length} tools`,
  )
  const ctx = { maxAnswerBytes: options.maxAnswerBytes }

  if (options.httpPort === undefined) {
    const { StdioServerTransport } = await import('@modelcontextprotocol/sdk/server/stdio.js')
    const server = createKrsMcpServer(session, ctx)
    await server.connect(new StdioServerTransport())
    return { url: undefined, close: () => server.close() }
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
  return { url, close: () => new Promise((r) => http.close(() => r())) }
}

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
