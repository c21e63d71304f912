import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    name: 'playground',
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
