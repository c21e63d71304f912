import { http, passthrough } from 'msw'
import { setupWorker, type SetupWorker } from 'msw/browser'
import { createMockHandlers } from '../../mock-server/src/msw/index.js'
import { setZipTextLoader } from '../../mock-server/src/domains/zip/zip-source.js'

let started: Promise<SetupWorker> | null = null

/**
 * Requests the playground sends to a server on this same origin (`npm start` serves the site
 * beside `krs mock`) carry this header: they go to the network, not to the in-browser emulator.
 */
export const BYPASS_HEADER = 'x-krs-playground-target'

const bypass = http.all('*', ({ request }) =>
  request.headers.get(BYPASS_HEADER) === 'server' ? passthrough() : undefined,
)

/**
 * Starts the in-browser emulator once per page: the engine with the default scenario under
 * an MSW service worker answering `/api/v1/*`, `/{env}/api/v1/*` and `/__mock/*` of this
 * origin only (a local `krs mock` or the real service on another origin is not intercepted).
 */
export function startEmulator(options: { origin: string; workerUrl: string; zipUrl: string }): Promise<SetupWorker> {
  started ??= (async () => {
    setZipTextLoader(async () => {
      const res = await fetch(options.zipUrl)
      if (!res.ok) throw new Error(`${options.zipUrl}: HTTP ${res.status}`)
      return res.text()
    })
    const worker = setupWorker(bypass, ...createMockHandlers({ baseUrl: options.origin, clock: { mode: 'manual' } }))
    await worker.start({ serviceWorker: { url: options.workerUrl }, onUnhandledRequest: 'bypass', quiet: true })
    return worker
  })()
  return started
}
