import { defineConfig } from 'vitest/config'
import { sourceAliases } from '../mock-server/entry-points.js'

// The `playground-e2e` project (`npm run test:slow`, run by .ci/run): Chromium on the built
// site, served as `npm start` serves it.
export default defineConfig({
  // The emulator from its sources (site-csp.e2e.test.ts starts its Node door in process).
  resolve: { alias: sourceAliases() },
  test: {
    name: 'playground-e2e',
    include: ['test/**/*.e2e.test.ts'],
    environment: 'node',
    // The site is built once here (minutes on a busy 2-core machine), before any file starts;
    // the files, each with its own Chromium, static server and ports (port 0), then run in
    // parallel beside the other projects of `npm run test:slow`.
    globalSetup: ['test/support/e2e-global-setup.ts'],
    testTimeout: 120_000,
    // site-url.e2e builds the site a second time in its beforeAll (minutes under load).
    hookTimeout: 10 * 60_000,
  },
})
