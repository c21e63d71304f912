import { defineConfig } from 'vitest/config'
import { sourceAliases as cliAliases } from '../cli/entry-points.js'
import { sourceAliases } from '../mock-server/entry-points.js'

export default defineConfig({
  // The emulator is tested from its sources (as the playground's bundles take it); the doc
  // examples run `krs` in process (`@krs-kit/cli/internal`).
  resolve: { alias: [...sourceAliases(), ...cliAliases()] },
  test: {
    name: 'playground',
    // Files of one worker share their loaded modules (as in mock-server/vitest.config.ts): the
    // same emulator, SDK and contract modules evaluated again for every file were a large part of
    // this project's CPU. The files keep no module state between them; the ones that stub the
    // environment or a global restore it (vi.unstubAllEnvs, vi.unstubAllGlobals, afterEach).
    isolate: false,
    include: ['test/**/*.test.ts'],
    // The browser suites on the built site: the `playground-e2e` project (vitest.e2e.config.ts,
    // `npm run test:slow`).
    exclude: ['test/**/*.e2e.test.ts'],
    environment: 'node',
    testTimeout: 120_000,
    // search-readings runs the search plugin's index build in its beforeAll (seconds, more on
    // a loaded machine).
    hookTimeout: 120_000,
  },
})
