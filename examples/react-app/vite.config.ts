import react from '@vitejs/plugin-react'
import { defineConfig, type Plugin } from 'vitest/config'
import { appApiMiddleware } from './server/node-middleware.ts'

/**
 * `/app-api/*` served by Node with the server's token: always under `vite preview` (the built
 * app, as production runs it), and under `vite` when KRS_BASE_URL or KRS_ENVIRONMENT_ID is set
 * (a real environment or a krs-mock process). Without them `npm run dev` needs no server at
 * all: the page runs the emulator and the same handler in its MSW worker (src/mocks/browser.ts).
 */
function appApi(): Plugin {
  const serverSide = (): boolean => Boolean(process.env.KRS_BASE_URL || process.env.KRS_ENVIRONMENT_ID)
  return {
    name: 'app-api',
    config: () => ({ define: { __KRS_IN_BROWSER__: JSON.stringify(!serverSide()) } }),
    configureServer(server) {
      if (serverSide()) server.middlewares.use(appApiMiddleware())
    },
    configurePreviewServer(server) {
      server.middlewares.use(appApiMiddleware())
    },
  }
}

export default defineConfig({
  plugins: [react(), appApi()],
  test: {
    environment: 'happy-dom',
    include: ['test/**/*.test.{ts,tsx}'],
  },
})
