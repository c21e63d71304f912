import { createKrsClient } from '@krs-kit/sdk'
import { createEngine } from '@krs-kit/mock-server'
import { createMockHandlers } from '@krs-kit/mock-server/msw'
import { http } from 'msw'
import { setupWorker } from 'msw/browser'
import { handleAppApi } from '../../server/app-api'
import { seedDemo } from './seed'

/**
 * Development without a server: the KREISEL emulator answers `/api/v1/...` (and its admin API `/__mock/...`) and the app's own
 * `/app-api/...` handler (server/app-api.ts) runs here too, with the emulator's demo token.
 * That token only works against this in-page emulator; a real token never reaches the page.
 */
export async function startBrowserEmulator(): Promise<void> {
  const engine = createEngine({ clock: { mode: 'manual' } })
  // The page's own origin: `/api/v1/...` and `/__mock/...` are the emulator's, `/app-api/...` the app's.
  const base = location.origin
  const krs = createKrsClient({ baseUrl: base, token: 'krs-all', dangerouslyAllowBrowser: true })
  const worker = setupWorker(
    ...createMockHandlers({ engine, baseUrl: base }),
    http.get('/app-api/*', ({ request }) => handleAppApi(request, krs)),
  )
  await worker.start({ onUnhandledRequest: 'bypass', quiet: true })
  const admin = (method: string, body?: unknown): Promise<{ now: number }> =>
    fetch(`${base}/__mock/clock`, {
      method,
      headers: { 'content-type': 'application/json', authorization: 'Bearer krs-all' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    }).then((r) => r.json() as Promise<{ now: number }>)
  await seedDemo(krs, {
    now: async () => (await admin('GET')).now,
    advance: async (seconds) => {
      await admin('POST', { advance_seconds: seconds })
    },
  })
}
