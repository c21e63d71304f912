import { Server } from '@modelcontextprotocol/sdk/server/index.js'
import {
  CallToolRequestSchema,
  ListResourcesRequestSchema,
  ListToolsRequestSchema,
  ReadResourceRequestSchema,
} from '@modelcontextprotocol/sdk/types.js'
import { createAjv, type ValidateFunction } from '@krs-kit/contract/ajv'
import { listResources, readResource } from './resources.js'
import type { Session } from './session.js'
import { emulatorTools } from './tools/emulator-tools.js'
import { operationTools } from './tools/operation-tools.js'
import type { ToolDef } from './tools/tool.js'
import { workflowTools } from './tools/workflow-tools.js'
import { MCP_VERSION } from './version.js'

const instructions = `Tools for the KREISEL JSON API (a Japanese member database and e-mail delivery service).
Read before you call: krs_list_operations, krs_describe_operation, and the resources (krs://errors, krs://operations/{name}, krs://guides/...).
krs_call sends one operation; write operations are refused unless the server was started with --allow-writes.
Tools named emulator_* exist only when the target is the krs-kit emulator; its clock is virtual (emulator_advance_clock).`

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

/**
 * One MCP server over a session. Every text it answers goes through `session.redact`, so
 * the token never leaves in a result or an error.
 */
export function createKrsMcpServer(session: Session, ctx: { maxAnswerBytes: number }): Server {
  const server = new Server(
    { name: 'krs-mcp', title: 'KREISEL API (krs-kit)', version: MCP_VERSION },
    { capabilities: { tools: {}, resources: {} }, instructions },
  )
  server.setRequestHandler(ListToolsRequestSchema, async () => ({
    tools: toolsFor(session).map((t) => ({
      name: t.name,
      title: t.title,
      description: t.description,
      inputSchema: t.inputSchema,
      annotations: { title: t.title, ...t.annotations },
    })),
  }))
  server.setRequestHandler(CallToolRequestSchema, async (request) => {
    const tool = toolsFor(session).find((t) => t.name === request.params.name)
    const text = (s: string, isError?: boolean) => ({
      content: [{ type: 'text' as const, text: session.redact(s) }],
      ...(isError ? { isError: true } : {}),
    })
    if (!tool) return text(`unknown tool ${request.params.name}`, true)
    const args = request.params.arguments ?? {}
    const bad = checkArgs(tool, args)
    if (bad) return text(bad, true)
    try {
      const answer = await tool.run(args, { session, maxAnswerBytes: ctx.maxAnswerBytes })
      return text(answer.text, answer.isError)
    } catch (e) {
      return text(`${tool.name} failed: ${(e as Error).message}`, true)
    }
  })
  server.setRequestHandler(ListResourcesRequestSchema, async () => ({ resources: await listResources() }))
  server.setRequestHandler(ReadResourceRequestSchema, async (request) => {
    const uri = request.params.uri
    const body = await readResource(uri)
    if (body === undefined) throw new Error(`unknown resource ${uri}`)
    return { contents: [{ uri, mimeType: 'text/markdown', text: session.redact(body) }] }
  })
  return server
}
