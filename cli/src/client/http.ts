import type { FetchLike } from '@krs-kit/sdk'
import type { CliIo } from '../io.js'

/** The header by which the krs-kit emulator names itself. */
export const emulatorHeader = 'x-krs-emulator'

/**
 * The fetch every request of `krs` goes through: notes whether the server is the emulator
 * and, with `--verbose`, writes the request, status, time and request id on stderr.
 * Undefined when there is nothing to add (the SDK then looks up the global fetch itself).
 */
export function cliFetch(io: CliIo): FetchLike {
  const base: FetchLike = io.fetch ?? ((r) => globalThis.fetch(r))
  const session = io.session
  return async (request) => {
    const verbose = session?.verbose === true
    if (verbose) io.stderr(`> ${request.method} ${request.url}\n`)
    const started = performance.now()
    let response: Response
    try {
      response = await base(request)
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
}
