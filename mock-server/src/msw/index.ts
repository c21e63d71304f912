import { http, type HttpHandler } from 'msw'
import { createEngine } from '../emulator.js'
import type { Engine, EngineOptions } from '../kernel/create-engine.js'

export interface MockHandlersOptions extends EngineOptions {
  /** An engine to share (e.g. to inspect it in tests); default: a new one from the options. */
  engine?: Engine
  /**
   * Origin the handlers answer for, e.g. `https://krs.bz` or `http://localhost:4010`.
   * Default `*`: any origin (in the browser, relative `/api/v1/...` calls included).
   */
  baseUrl?: string
}

/**
 * MSW handlers running the emulator: `POST /api/v1/{name}` and
 * `POST /{environmentId}/api/v1/{name}`, a catch-all answering 405 for other methods on
 * those paths, and the admin API under `/__mock/`. The same engine as every other door.
 *
 * @example
 * const server = setupServer(...createMockHandlers({ clock: { mode: 'manual' } }))
 * // browser: setupWorker(...createMockHandlers()).start()
 */
export function createMockHandlers(options: MockHandlersOptions = {}): HttpHandler[] {
  const { engine: given, baseUrl, ...engineOptions } = options
  const engine = given ?? createEngine(engineOptions)
  const base = (baseUrl ?? '*').replace(/\/+$/, '')
  const run = ({ request }: { request: Request }): Promise<Response> => engine.handle(request)
  return [
    http.post(`${base}/api/v1/:name`, run),
    http.post(`${base}/:environmentId/api/v1/:name`, run),
    http.all(`${base}/api/v1/*`, run),
    http.all(`${base}/:environmentId/api/v1/*`, run),
    http.all(`${base}/__mock/*`, run),
  ]
}

export type { Engine, EngineOptions }
export { createEngine }
