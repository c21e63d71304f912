import type { FetchLike, KrsClientOptions } from '@krs-kit/sdk'
import type { CliIo } from '../io.js'

/** The header by which the krs-kit emulator names itself. */
export const emulatorHeader = 'x-krs-emulator'

/**
 * Notes whether the server is the emulator and, with `--verbose`, writes the request, status,
 * time and request id on stderr, around one request sent by `send`.
 */
async function observed(io: CliIo, method: string, url: string, send: () => Promise<Response>): Promise<Response> {
  const session = io.session
  const verbose = session?.verbose === true
  if (verbose) io.stderr(`> ${method} ${url}\n`)
  // Node loads its performance timeline on first use: only for the lines that show a time.
  const started = verbose ? performance.now() : 0
  let response: Response
  try {
    response = await send()
  } catch (e) {
    if (verbose) {
      const cause = (e as { cause?: { code?: string } }).cause?.code ?? (e as Error).message
      io.stderr(`< ${cause} ${Math.round(performance.now() - started)} ms\n`)
    }
    throw e
  }
  if (session && response.headers.has(emulatorHeader)) session.emulator = true
  if (verbose) {
    const id = response.headers.get('x-request-id')
    io.stderr(`< ${response.status} ${Math.round(performance.now() - started)} ms${id ? ` request-id ${id}` : ''}\n`)
  }
  return response
}

let baselineTierOnly = false

/**
 * Node's fetch parses answers with a WebAssembly HTTP parser, which V8 compiles a second time
 * with its optimizing tier in background threads, and a process that ends waits for them:
 * about 50 ms of a command's run (bench/README.md). The baseline tier is plenty for the few
 * answers of one command. Set before the first fetch loads the parser.
 */
async function globalFetch(request: Request): Promise<Response> {
  if (!baselineTierOnly) {
    baselineTierOnly = true
    ;(await import('node:v8')).setFlagsFromString('--liftoff-only')
  }
  return globalThis.fetch(request)
}

/** The fetch of the CLI's own requests (the emulator's admin API, the mirror): see `observed`. */
export function cliFetch(io: CliIo): FetchLike {
  const base: FetchLike = io.fetch ?? globalFetch
  return (request) => observed(io, request.method, request.url, () => base(request))
}

/**
 * How the SDK client of `krs` sends: through the fetch a test injects, else through the SDK's
 * node:http transport, which never loads Node's fetch (tens of milliseconds of every API
 * command's start; bench/cli-startup.ts).
 */
export async function clientSending(io: CliIo): Promise<Pick<KrsClientOptions, 'fetch' | 'transport'>> {
  if (io.fetch) return { fetch: cliFetch(io) }
  const { nodeTransport } = await import('@krs-kit/sdk/node')
  return { transport: (request) => observed(io, request.method, request.url, () => nodeTransport(request)) }
}
