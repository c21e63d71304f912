import type { Command } from 'commander'
import { connectionFlags, type GlobalOptions } from '../commands/global-options.js'
import { apiBase, resolveConnection } from '../config/resolve-connection.js'
import { UsageError } from '../exit-codes.js'
import type { CliIo } from '../io.js'
import { isMissingPackage } from '../missing-package.js'

/** The package `krs mcp` runs; an optional peer of the CLI, installed by those who want it. */
export const MCP_PACKAGE = '@krs-kit/mcp'

interface McpCommandOptions {
  allowWrites?: boolean
  iUnderstandThisIsProduction?: boolean
  http?: string
  maxAnswerBytes?: string
}

/**
 * Loads the MCP server. When the package is not installed: a usage error (exit 2) that says
 * how to install it, not a stack trace.
 */
async function loadMcp(): Promise<typeof import('@krs-kit/mcp')> {
  try {
    return await import('@krs-kit/mcp')
  } catch (e) {
    if (!isMissingPackage(e, MCP_PACKAGE)) throw e
    throw new UsageError(
      `mcp: needs the MCP server, ${MCP_PACKAGE}, which is not installed; install it with: npm install -D ${MCP_PACKAGE}`,
    )
  }
}

/**
 * Starts krs-mcp in this process with the CLI's connection (flags, KRS_*, the profile), so
 * the token is passed in memory, not on a command line. Its own flags are checked by the
 * server's parser; the connection is given to it resolved.
 */
export async function runMcpCommand(cmd: Command, io: CliIo): Promise<void> {
  const { parseMcpArgs, startMcpServer, McpUsageError } = await loadMcp()
  const o = cmd.opts<McpCommandOptions>()
  const conn = await resolveConnection(connectionFlags(cmd.optsWithGlobals<GlobalOptions>()), io.env)
  const argv: string[] = []
  if (o.allowWrites) argv.push('--allow-writes')
  if (o.iUnderstandThisIsProduction) argv.push('--i-understand-this-is-production')
  if (o.http !== undefined) argv.push('--http', o.http)
  if (o.maxAnswerBytes !== undefined) argv.push('--max-answer-bytes', o.maxAnswerBytes)
  let parsed: ReturnType<typeof parseMcpArgs>
  try {
    parsed = parseMcpArgs(argv, {})
  } catch (e) {
    if (e instanceof McpUsageError) throw new UsageError(`mcp: ${e.message}`)
    throw e
  }
  if (parsed.kind !== 'run') return
  const running = await startMcpServer(
    { ...parsed.options, baseUrl: apiBase(conn), token: conn.token },
    { stdout: io.stdout, stderr: io.stderr },
  )
  await new Promise<void>((done) => {
    const stop = (): void => void running.close().then(done, done)
    process.once('SIGINT', stop)
    process.once('SIGTERM', stop)
    // Under stdio the client ends the session by closing the server's stdin.
    if (running.url === undefined) process.stdin.once('end', stop)
  })
}
