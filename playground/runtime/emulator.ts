import { setupWorker, type SetupWorker } from 'msw/browser'
import { createMockHandlers } from '../../mock-server/src/msw/index.js'
import { setZipTextLoader } from '../../mock-server/src/domains/zip/zip-source.js'

let started: Promise<SetupWorker> | null = null

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
    const worker = setupWorker(...createMockHandlers({ baseUrl: options.origin, clock: { mode: 'manual' } }))
    await worker.start({ serviceWorker: { url: options.workerUrl }, onUnhandledRequest: 'bypass', quiet: true })
    return worker
  })()
  return started
}
