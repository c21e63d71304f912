import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    name: 'playground',
    include: ['test/**/*.test.ts'],
    environment: 'node',
    testTimeout: 120_000,
    // The first run may build the site (minutes on a busy 2-core machine).
    hookTimeout: 20 * 60_000,
    fileParallelism: false,
  },
})
