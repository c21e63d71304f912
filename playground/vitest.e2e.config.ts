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
    testTimeout: 120_000,
    // The first file may build the site (minutes on a busy 2-core machine).
    hookTimeout: 20 * 60_000,
    // One browser suite at a time: the first builds the site the others load.
    fileParallelism: false,
  },
})
