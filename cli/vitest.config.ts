import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'
import { sourceAliases } from '../mock-server/entry-points.js'

const here = (p: string): string => fileURLToPath(new URL(p, import.meta.url))

// The workspace packages are tested from their sources (as the CLI build bundles them),
// so no other package has to be built first.
export default defineConfig({
  resolve: {
    alias: [
      { find: /^@krs-kit\/sdk$/, replacement: here('../sdk/src/index.ts') },
      { find: /^@krs-kit\/sdk\/node$/, replacement: here('../sdk/src/node-transport.ts') },
      { find: /^@krs-kit\/mcp$/, replacement: here('../mcp/src/index.ts') },
      ...sourceAliases(),
    ],
  },
  test: {
    name: 'cli',
    // Files of one worker share their loaded modules (as in mock-server/vitest.config.ts): the
    // same emulator, SDK and contract modules evaluated again for every file were a large part of
    // this project's CPU. The files keep no module state between them; the ones that stub the
    // environment or a global restore it (vi.unstubAllEnvs, vi.unstubAllGlobals, afterEach).
    isolate: false,
    // The built binary against a krs-mock process: the `cli-e2e` project (vitest.e2e.config.ts,
    // `npm run test:slow`).
    exclude: ['test/**/*.e2e.test.ts'],
    // Tests check every emulator answer against the contract (off by default for speed); the
    // variable reaches the engines of the test files and the krs-mock processes they spawn.
    env: { KRS_MOCK_VALIDATE_RESPONSES: '1' },
    include: ['test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
})
