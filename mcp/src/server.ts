import { Server } from '@modelcontextprotocol/sdk/server/index.js'
import {
  CallToolRequestSchema,
  ErrorCode,
  ListResourcesRequestSchema,
  ListToolsRequestSchema,
  McpError,
  ReadResourceRequestSchema,
} from '@modelcontextprotocol/sdk/types.js'
import { createAjv, type ValidateFunction } from '@krs-kit/contract/ajv'
import { readResourcePage } from './resource-pages.js'
import { listResources } from './resources.js'
import type { Session } from './session.js'
import { ShapeError } from './shape.js'
import type { TargetWatch } from './target-watch.js'
import { emulatorTools } from './tools/emulator-tools.js'
import { operationTools } from './tools/operation-tools.js'
import type { ToolDef } from './tools/tool.js'
import { workflowTools } from './tools/workflow-tools.js'
import { MCP_VERSION } from './version.js'

const instructions = `Tools for the KREISEL JSON API (a Japanese member database and e-mail delivery service).
Read before you call: krs_list_operations, krs_describe_operation, and the resources (krs://errors, krs://operations/{name}, krs://guides/...).
krs_call sends one operation; write operations are refused unless the server was started with --allow-writes.
Tools named emulator_* exist only when the target is the krs-kit emulator; its clock is virtual (emulator_advance_clock). They appear (notifications/tools/list_changed) when an emulator starts answering at the target.
Long answers are cut with a note naming the argument that brings the rest (offset, rows_offset, page).
Dates: the API's unix-second fields come with a *_jst twin (ISO 8601, +09:00); member dates are JST strings as the service stores them.`

/** The tools this server offers: the emulator's only when the target is the emulator. */
export function toolsFor(session: Session): ToolDef[] {
  return [...operationTools(session.options.allowWrites), ...workflowTools, ...(session.emulator ? emulatorTools : [])]
}

const argsAjv = createAjv({ allErrors: true })
const argValidators = new WeakMap<ToolDef, ValidateFunction>()

function checkArgs(tool: ToolDef, args: unknown): string | undefined {
  let v = argValidators.get(tool)
  if (!v) {
    v = argsAjv.compile(tool.inputSchema)
    argValidators.set(tool, v)
  }
  if (v(args)) return undefined
  return `${tool.name}: bad arguments, nothing was done: ${argsAjv.errorsText(v.errors, { dataVar: 'arguments' })}`
}

/** What a server needs besides the session. */
export interface ServerContext {
  maxAnswerBytes: number
  /** Re-asks an unknown or unreachable target before tools/list and tool calls. */
  watch?: TargetWatch | undefined
  /** Send notifications/tools/list_changed when the emulator's tools come or go (a stateful transport). */
  notifyListChanged?: boolean | undefined
}

/** JSON-RPC's "resource not found" (the MCP specification's code for an unknown resource URI). */
const resourceNotFound = -32002

/**
 * One MCP server over a session. Every text it answers goes through `session.redact`, so
 * the token never leaves in a result or an error.
 */
export function createKrsMcpServer(session: Session, ctx: ServerContext): Server {
  const server = new Server(
    { name: 'krs-mcp', title: 'KREISEL API (krs-kit)', version: MCP_VERSION },
    { capabilities: { tools: { listChanged: true }, resources: {} }, instructions },
  )
  if (ctx.notifyListChanged) {
    const off = session.onTargetChange(() => {
      if (server.transport) void server.sendToolListChanged().catch(() => undefined)
    })
    server.onclose = () => off()
  }
  server.setRequestHandler(ListToolsRequestSchema, async () => {
    await ctx.watch?.refresh()
    return {
      tools: toolsFor(session).map((t) => ({
        name: t.name,
        title: t.title,
        description: t.description,
        inputSchema: t.inputSchema,
        annotations: { title: t.title, ...t.annotations },
      })),
    }
  })
  server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
    const name = request.params.name
    await ctx.watch?.refresh()
    const tool = toolsFor(session).find((t) => t.name === name)
    const text = (s: string, isError?: boolean) => ({
      content: [{ type: 'text' as const, text: session.redact(s) }],
      ...(isError ? { isError: true } : {}),
    })
    if (!tool)
      throw new McpError(
        ErrorCode.InvalidParams,
        session.redact(
          `unknown tool ${JSON.stringify(name)}${name.startsWith('emulator_') ? ` (the emulator_* tools exist only while the target (${session.base ?? 'none'}) answers as the krs-kit emulator)` : ''}; tools/list names them`,
        ),
      )
    const args = request.params.arguments ?? {}
    const bad = checkArgs(tool, args)
    if (bad) return text(bad, true)
    try {
      const answer = await tool.run(args, { session, maxAnswerBytes: ctx.maxAnswerBytes, signal: extra.signal })
      return text(answer.text, answer.isError)
    } catch (e) {
      session.noteUnreachable(e)
      if (e instanceof ShapeError) return text(e.message, true)
      return text(`${tool.name} failed: ${(e as Error).message}`, true)
    }
  })
  server.setRequestHandler(ListResourcesRequestSchema, async () => ({ resources: await listResources() }))
  server.setRequestHandler(ReadResourceRequestSchema, async (request) => {
    const uri = request.params.uri
    // Resources are the package's own documentation, never an answer of the target: they
    // are not scrubbed (a token name such as krs-all in a code example must stay as it is).
    const page = await readResourcePage(uri, ctx.maxAnswerBytes)
    if (page === undefined) throw new McpError(resourceNotFound, `unknown resource ${uri}`, { uri })
    return { contents: [{ uri, mimeType: 'text/markdown', text: page }] }
  })
  return server
}
