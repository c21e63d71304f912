// The size of krs-mcp's tool list as an assistant receives it: the bytes of the `tools/list`
// answer line on the stdio wire of a `krs-mcp` process pointed at a krs-mock process (so the
// emulator tools are in it), against a listing with one tool per operation of the same
// contract (name, summary and description, the request JSON Schema, annotations), framed
// the same way and built in the same run. Goal: ≤ 16 KB (16,384 bytes).
// Run: npm run bench:mcp -w @krs-kit/bench (builds what it runs first).
import { spawn } from 'node:child_process'
import { type OperationInfo, operations } from '@krs-kit/contract/operations'
import { mockBin, requireBuiltMock, root, spawnUntil } from './mock-support.js'
import { reportFigure } from './report.js'

/** The annotations krs-mcp gives an operation's tool: from the contract's x-krs-idempotent alone. */
const annotationsOf = (op: OperationInfo) => ({
  readOnlyHint: op.idempotent,
  destructiveHint: !op.idempotent,
  idempotentHint: op.idempotent,
  openWorldHint: true,
})

const goalBytes = 16 * 1024
requireBuiltMock()

const { proc: mock, match } = await spawnUntil(
  process.execPath,
  [mockBin, '--host', '127.0.0.1', '--port', '0', '--quiet'],
  /listening on (http:\/\/\S+)/,
)
const base = (match[1] as string).replace(/\/$/, '')

/** The `tools/list` answer line of a krs-mcp process, as bytes on its stdout. */
async function toolListLine(): Promise<string> {
  const child = spawn(process.execPath, [`${root}mcp/bin/krs-mcp.js`], {
    env: { ...process.env, KRS_BASE_URL: base, KRS_API_TOKEN: 'krs-all' },
    stdio: ['pipe', 'pipe', 'pipe'],
  })
  let out = ''
  child.stdout.on('data', (d: Buffer) => (out += d.toString('utf8')))
  const send = (m: object) => child.stdin.write(`${JSON.stringify(m)}\n`)
  const line = (id: number) => out.split('\n').find((l) => l.startsWith('{') && JSON.parse(l).id === id)
  const wait = async (id: number) => {
    for (let i = 0; i < 400 && line(id) === undefined; i++) await new Promise((r) => setTimeout(r, 25))
    const found = line(id)
    if (found === undefined) throw new Error(`krs-mcp did not answer request ${id}:\n${out}`)
    return found
  }
  send({
    jsonrpc: '2.0',
    id: 1,
    method: 'initialize',
    params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'bench', version: '0' } },
  })
  await wait(1)
  send({ jsonrpc: '2.0', method: 'notifications/initialized' })
  send({ jsonrpc: '2.0', id: 2, method: 'tools/list' })
  const answer = await wait(2)
  child.kill()
  return answer
}

try {
  const answer = await toolListLine()
  const tools = (JSON.parse(answer) as { result: { tools: { name: string }[] } }).result.tools
  const bytes = Buffer.byteLength(`${answer}\n`)
  const perOperation = Object.values(operations).map((op) => ({
    name: op.name,
    title: op.summary,
    description: `${op.summary}\n\n${op.description}`,
    inputSchema: op.requestSchema,
    annotations: { title: op.summary, ...annotationsOf(op) },
  }))
  const baseline = Buffer.byteLength(`${JSON.stringify({ result: { tools: perOperation }, jsonrpc: '2.0', id: 2 })}\n`)
  const kb = (n: number) => (n / 1024).toFixed(1)
  console.log('MCP tool list (bytes of the tools/list answer on the stdio wire; KB = 1,024 bytes)')
  console.log(
    `  krs-mcp:            ${String(tools.length).padStart(3)} tools  ${String(bytes).padStart(7)} bytes (${kb(bytes)} KB)  goal ≤ ${kb(goalBytes)} KB: ${bytes <= goalBytes ? 'met' : 'NOT met'}`,
  )
  console.log(
    `  one per operation:  ${String(perOperation.length).padStart(3)} tools  ${String(baseline).padStart(7)} bytes (${kb(baseline)} KB)  (${(baseline / bytes).toFixed(1)}x krs-mcp)`,
  )
  reportFigure({
    name: 'mcp.tools-list.bytes',
    value: bytes,
    unit: 'bytes',
    goal: `<= ${goalBytes} bytes`,
    baseline,
    met: bytes <= goalBytes,
  })
  reportFigure({
    name: 'mcp.tools-list.tools',
    value: tools.length,
    unit: 'tools',
    goal: '<= 15',
    baseline: perOperation.length,
    met: tools.length <= 15,
  })
} finally {
  await mock.stop()
}
