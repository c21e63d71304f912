import type { KrsClientOptions, TransportRequest } from '@krs-kit/sdk'
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

type Send = (sent: TransportRequest) => Promise<Response>

/**
 * How `krs` sends: through the fetch a test injects, else through the SDK's node:http
 * transport, which never loads Node's fetch (tens of milliseconds of every API command's
 * start; bench/cli-startup.ts).
 */
async function sender(io: CliIo): Promise<Send> {
  const injected = io.fetch
  if (!injected) return (await import('@krs-kit/sdk/node')).nodeTransport
  return (sent) => {
    const init: RequestInit = { method: sent.method, headers: sent.headers }
    if (sent.body !== undefined) init.body = sent.body
    if (sent.signal) init.signal = sent.signal
    return injected(new Request(sent.url, init))
  }
}

/** The CLI's own requests: the emulator's admin API, its clock, the mirror's reads. */
export async function cliRequest(io: CliIo, sent: TransportRequest): Promise<Response> {
  const send = await sender(io)
  return observed(io, sent.method, sent.url, () => send(sent))
}

/** The transport of the SDK client of `krs`: its API calls go the way of cliRequest. */
export async function clientSending(io: CliIo): Promise<Pick<KrsClientOptions, 'transport'>> {
  const send = await sender(io)
  return { transport: (request) => observed(io, request.method, request.url, () => send(request)) }
}
