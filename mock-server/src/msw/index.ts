import type { HttpHandler } from 'msw'
import { createEngine, type EmulatorOptions } from '../emulator.js'
import type { Engine, EngineOptions } from '../kernel/create-engine.js'
import { emulatorRoutes } from './routes.js'

/**
 * The KREISEL hosts of the contract's `servers` whose names are fixed: the production
 * service `https://krs.bz/{environmentId}`. (The custom-domain, trial and verification hosts
 * are per contract: give them as `baseUrl`.)
 */
export const KREISEL_BASE_URLS: readonly string[] = ['https://krs.bz']

export interface MockHandlersOptions extends EmulatorOptions {
  /** An engine to share (e.g. to inspect it in tests); default: a new one from the options. */
  engine?: Engine
  /**
   * Origin(s) the handlers answer for, e.g. `https://members.example.jp` or
   * `http://localhost:4010` (a path prefix is allowed). Default: the KREISEL hosts only
   * (`https://krs.bz`, see `KREISEL_BASE_URLS`), so calls to other services pass through
   * untouched. In a browser, give the page's origin (`location.origin`) for relative
   * `/api/v1/...` calls; `'*'` answers any origin.
   */
  baseUrl?: string | readonly string[]
}

/**
 * MSW handlers running the emulator: `POST /api/v1/{name}` and
 * `POST /{environmentId}/api/v1/{name}`, a catch-all answering 405 for other methods on
 * those paths, and the admin API under `/__mock/`, for each base URL. The same engine as
 * every other door.
 *
 * @example
 * const server = setupServer(...createMockHandlers({ clock: { mode: 'manual' } }))   // https://krs.bz
 * const local = setupServer(...createMockHandlers({ baseUrl: 'http://localhost:4010' }))
 * // browser: setupWorker(...createMockHandlers({ baseUrl: location.origin })).start()
 */
export function createMockHandlers(options: MockHandlersOptions = {}): HttpHandler[] {
  const { engine: given, baseUrl, ...engineOptions } = options
  const engine = given ?? createEngine(engineOptions)
  const bases = baseUrl === undefined ? KREISEL_BASE_URLS : typeof baseUrl === 'string' ? [baseUrl] : baseUrl
  return [...new Set(bases.map((b) => b.replace(/\/+$/, '')))].flatMap((base) =>
    emulatorRoutes(base, runUnder(base, engine)),
  )
}

/**
 * The engine routes by path (`/api/v1/...`, `/{environmentId}/api/v1/...`, `/__mock/...`), so
 * a base URL's path prefix (`http://localhost:4010/krs`) is taken off before it sees the
 * request; otherwise every call under a prefix would be an unknown path.
 */
function runUnder(base: string, engine: Engine): (r: { request: Request }) => Promise<Response> {
  const prefix = pathPrefixOf(base)
  if (prefix === '') return ({ request }) => engine.handle(request)
  return async ({ request }) => {
    const url = new URL(request.url)
    url.pathname = url.pathname.slice(prefix.length) || '/'
    const body = request.method === 'GET' || request.method === 'HEAD' ? undefined : await request.arrayBuffer()
    return engine.handle(new Request(url, { method: request.method, headers: request.headers, body }))
  }
}

function pathPrefixOf(base: string): string {
  if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(base)) return ''
  try {
    return new URL(base).pathname.replace(/\/+$/, '')
  } catch {
    return ''
  }
}

export type { Engine, EngineOptions }
export { createEngine }
