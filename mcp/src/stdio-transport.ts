import process from 'node:process'
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js'
import { ErrorCode, type JSONRPCMessage, JSONRPCMessageSchema } from '@modelcontextprotocol/sdk/types.js'

/** A line longer than this is refused (−32600) and dropped, as the SDK's own buffer limit does. */
const maxLineBytes = 10 * 1024 * 1024

/**
 * MCP over stdio, one JSON-RPC message a line, like the SDK's StdioServerTransport, except
 * that a line it cannot take is answered as JSON-RPC says rather than dropped in silence:
 * −32700 for text that is not JSON, −32600 for JSON that is not a request, a notification
 * or a response (no `jsonrpc: "2.0"`, no `method`, a batch array, which MCP no longer has).
 * The answer carries the request's id when one can be read, else null.
 */
export class LineStdioTransport implements Transport {
  onclose?: () => void
  onerror?: (error: Error) => void
  onmessage?: (message: JSONRPCMessage) => void
  private buffer: Buffer = Buffer.alloc(0)
  private started = false

  constructor(
    private readonly stdin: NodeJS.ReadableStream = process.stdin,
    private readonly stdout: NodeJS.WritableStream = process.stdout,
  ) {}

  private readonly onData = (chunk: Buffer): void => {
    this.buffer = this.buffer.length === 0 ? chunk : Buffer.concat([this.buffer, chunk])
    for (;;) {
      const end = this.buffer.indexOf(10)
      if (end === -1) break
      const line = this.buffer.toString('utf8', 0, end).replace(/\r$/, '')
      this.buffer = this.buffer.subarray(end + 1)
      if (line.trim() !== '') this.take(line)
    }
    if (this.buffer.length > maxLineBytes) {
      this.buffer = Buffer.alloc(0)
      this.refuse(null, ErrorCode.InvalidRequest, `a message longer than ${maxLineBytes} bytes was dropped`)
    }
  }

  private readonly onError = (e: Error): void => this.onerror?.(e)

  private take(line: string): void {
    let value: unknown
    try {
      value = JSON.parse(line)
    } catch (e) {
      this.refuse(null, ErrorCode.ParseError, `Parse error: ${(e as Error).message}`)
      return
    }
    if (Array.isArray(value)) {
      this.refuse(null, ErrorCode.InvalidRequest, 'Invalid Request: JSON-RPC batches are not supported')
      return
    }
    const parsed = JSONRPCMessageSchema.safeParse(value)
    if (!parsed.success) {
      const id = (value as { id?: unknown } | null)?.id
      const problem =
        typeof value !== 'object' || value === null
          ? 'not an object'
          : (value as { jsonrpc?: unknown }).jsonrpc !== '2.0'
            ? 'jsonrpc must be "2.0"'
            : 'not a request, notification or response (a request needs a string method)'
      this.refuse(
        typeof id === 'string' || typeof id === 'number' ? id : null,
        ErrorCode.InvalidRequest,
        `Invalid Request: ${problem}`,
      )
      return
    }
    this.onmessage?.(parsed.data)
  }

  private refuse(id: string | number | null, code: number, message: string): void {
    void this.write({ jsonrpc: '2.0', id, error: { code, message } })
  }

  private write(message: unknown): Promise<void> {
    return new Promise((resolve) => {
      if (this.stdout.write(`${JSON.stringify(message)}\n`)) resolve()
      else this.stdout.once('drain', resolve)
    })
  }

  async start(): Promise<void> {
    if (this.started) throw new Error('LineStdioTransport already started')
    this.started = true
    this.stdin.on('data', this.onData)
    this.stdin.on('error', this.onError)
  }

  send(message: JSONRPCMessage): Promise<void> {
    return this.write(message)
  }

  async close(): Promise<void> {
    this.stdin.off('data', this.onData)
    this.stdin.off('error', this.onError)
    if (this.stdin.listenerCount('data') === 0) this.stdin.pause()
    this.buffer = Buffer.alloc(0)
    this.onclose?.()
  }
}
