import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'

const here = (p: string): string => fileURLToPath(new URL(p, import.meta.url))

// Cross tests: the parts against each other and against the contract.
// globalSetup starts ONE emulator (krs-mock from its sources, through tsx) on a random
// 127.0.0.1 port and Stoplight Prism as a validating proxy in front of it; every test file
// creates its own tenant, so the files run in parallel against that one server.
// The workspace packages are imported from their sources (as the CLI tests do), so no
// package has to be built first (the CLI suite is the exception: it runs the built binary).
export default defineConfig({
  resolve: {
    alias: [
      { find: /^@krs-kit\/sdk$/, replacement: here('../sdk/src/index.ts') },
      { find: /^@krs-kit\/mock-server\/node$/, replacement: here('../mock-server/src/node/index.ts') },
      { find: /^@krs-kit\/mock-server\/msw$/, replacement: here('../mock-server/src/msw/index.ts') },
      { find: /^@krs-kit\/mock-server$/, replacement: here('../mock-server/src/index.ts') },
    ],
  },
  test: {
    name: 'test',
    include: ['**/*.test.ts'],
    // consumer/ is its own project (consumer/vitest.config.ts).
    exclude: ['node_modules/**', 'consumer/**'],
    globalSetup: ['./support/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
})
