import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'
import { sourceAliases } from '../mock-server/entry-points.js'
import { slowFiles } from './slow-files.js'

const here = (p: string): string => fileURLToPath(new URL(p, import.meta.url))

// Cross tests: the parts against each other and against the contract.
// globalSetup starts ONE emulator (krs-mock from its sources, through tsx) on a random
// 127.0.0.1 port and Stoplight Prism as a validating proxy in front of it; every test file
// creates its own tenant, so the files run in parallel against that one server.
// The workspace packages are imported from their sources (as the CLI tests do), so no
// package has to be built first (the CLI suite is the exception: it runs the built binary).
// The soak runs of slow-files.ts belong to the `slow` project (vitest.slow.config.ts).
export default defineConfig({
  resolve: {
    alias: [{ find: /^@krs-kit\/sdk$/, replacement: here('../sdk/src/index.ts') }, ...sourceAliases()],
  },
  test: {
    name: 'test',
    // Files of one worker share their loaded modules (as in mock-server/vitest.config.ts): the
    // same emulator, SDK and contract modules evaluated again for every file were a large part of
    // this project's CPU. The files keep no module state between them; the ones that stub the
    // environment or a global restore it (vi.unstubAllEnvs, vi.unstubAllGlobals, afterEach).
    isolate: false,
    // Tests check every emulator answer against the contract (off by default for speed); the
    // variable reaches the engines of the test files and the krs-mock processes they spawn.
    env: { KRS_MOCK_VALIDATE_RESPONSES: '1' },
    include: ['**/*.test.ts'],
    // consumer/ is its own project (consumer/vitest.config.ts); the soaks are the slow project.
    exclude: ['node_modules/**', 'consumer/**', ...slowFiles],
    globalSetup: ['./support/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
})
