import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js'

/** The committed launcher (imports dist/bin.js, which scripts/build-dev.mjs builds). */
export const krsMcpBin = fileURLToPath(new URL('../bin/krs-mcp.js', import.meta.url))
if (!existsSync(fileURLToPath(new URL('../dist/bin.js', import.meta.url))))
  throw new Error('mcp/dist/bin.js is missing: run node scripts/build-dev.mjs (npm test does)')

export interface Connected {
  client: Client
  /** Everything krs-mcp wrote to stderr so far. */
  stderr(): string
  close(): Promise<void>
}

/** Environment without the caller's KRS_* settings, plus `env`. */
export function cleanEnv(env: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {}
  for (const [k, v] of Object.entries(process.env)) if (v !== undefined && !k.startsWith('KRS_')) out[k] = v
  return { ...out, ...env }
}

/** A `krs-mcp` process with these flags and variables, and an MCP client over its stdio. */
export async function connect(args: string[], env: Record<string, string>): Promise<Connected> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [krsMcpBin, ...args],
    env: cleanEnv(env),
    stderr: 'pipe',
  })
  let err = ''
  transport.stderr?.on('data', (d: Buffer) => (err += d.toString('utf8')))
  const client = new Client({ name: 'krs-mcp-test', version: '0.0.0' })
  await client.connect(transport)
  return { client, stderr: () => err, close: () => client.close() }
}

/** The text of a tool result, and whether it is an error. */
export async function callTool(
  c: Connected,
  name: string,
  args: Record<string, unknown>,
): Promise<{ text: string; isError: boolean }> {
  const r = (await c.client.callTool({ name, arguments: args })) as {
    content: { type: string; text: string }[]
    isError?: boolean
  }
  return { text: r.content.map((p) => p.text).join(''), isError: r.isError === true }
}
