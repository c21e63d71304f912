import { createTestEmulator } from '@krs-kit/mock-server/testing'
import { createServer, preview } from 'vite'
import { seedDemo } from '../src/mocks/seed'

/**
 * The emulator listening on 127.0.0.1 (a free port), one tenant with the demo delivery, and the
 * built app served by `vite preview`, whose /app-api reaches that tenant with its token, as a
 * production server would reach KREISEL; beside it the development server (dev.spec.ts).
 * Playwright calls the returned function at the end.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const port = Number(process.env.E2E_PORT ?? 4173)
  // `npm run dev` as a developer runs it: no KREISEL environment, the emulator in the page's
  // MSW worker. Started before KRS_BASE_URL is set below, which would give it the Node route.
  const dev = await createServer({ server: { host: '127.0.0.1', port: port + 1, strictPort: true }, logLevel: 'warn' })
  await dev.listen()
  process.env.E2E_DEV_URL = `http://127.0.0.1:${port + 1}`
  const emulator = await createTestEmulator({ listen: true })
  const krs = await emulator.tenant()
  await seedDemo(krs.client, {
    now: async () => krs.clock.now().getTime() / 1000,
    advance: async (s) => {
      await krs.clock.advance(s * 1000)
    },
  })
  process.env.KRS_BASE_URL = krs.baseUrl
  process.env.KRS_TOKEN = krs.token
  const server = await preview({
    preview: { host: '127.0.0.1', port, strictPort: true },
    logLevel: 'warn',
  })
  return async () => {
    await server.close()
    await dev.close()
    await emulator.dispose()
  }
}
