import { http, type HttpHandler } from 'msw'

/**
 * The MSW routes of the emulator under one base URL: `POST /api/v1/{name}` and
 * `POST /{environmentId}/api/v1/{name}`, a catch-all for other methods on those paths, and
 * the admin API under `/__mock/`, all answered by `run`. Kept apart from the engine so that a
 * page can route to an engine elsewhere (the playground's Web Worker) without bundling it.
 */
export function emulatorRoutes(base: string, run: (r: { request: Request }) => Promise<Response>): HttpHandler[] {
  return [
    http.post(`${base}/api/v1/:name`, run),
    http.post(`${base}/:environmentId/api/v1/:name`, run),
    http.all(`${base}/api/v1/*`, run),
    http.all(`${base}/:environmentId/api/v1/*`, run),
    http.all(`${base}/__mock/*`, run),
  ]
}
