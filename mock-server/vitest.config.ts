import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    name: 'mock-server',
    include: ['test/**/*.test.ts'],
    // builds data/zip-dictionary.txt when it is missing (a fresh clone)
    globalSetup: ['test/support/global-setup.ts'],
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
})
