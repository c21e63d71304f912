import { defineConfig } from '@playwright/test'

const port = Number(process.env.E2E_PORT ?? 4173)

/**
 * The built app (`vite preview`, its /app-api in Node) against an emulator that
 * e2e/global-setup.ts starts on 127.0.0.1 with the app's preview server, in Debian's Chromium (KRS_CHROMIUM overrides the path).
 */
export default defineConfig({
  testDir: 'e2e',
  timeout: 30_000,
  retries: 0,
  workers: 1,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    browserName: 'chromium',
    launchOptions: {
      executablePath: process.env.KRS_CHROMIUM ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking'],
    },
  },
  globalSetup: './e2e/global-setup.ts',
})
