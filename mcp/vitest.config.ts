import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'
import { sourceAliases } from '../mock-server/entry-points.js'

const here = (p: string): string => fileURLToPath(new URL(p, import.meta.url))

// The tests drive the built `krs-mcp` (mcp/bin, built by scripts/build-dev.mjs, which
// `npm test` runs first) with the MCP SDK's own client, against krs-mock processes started
// from their sources. Unit tests import the sources, with the SDK from its sources too.
export default defineConfig({
  resolve: {
    alias: [{ find: /^@krs-kit\/sdk$/, replacement: here('../sdk/src/index.ts') }, ...sourceAliases()],
  },
  test: {
    name: 'mcp',
    // Files of one worker share their loaded modules (as in mock-server/vitest.config.ts): the
    // same emulator, SDK and contract modules evaluated again for every file were a large part of
    // this project's CPU. The files keep no module state between them; the ones that stub the
    // environment or a global restore it (vi.unstubAllEnvs, vi.unstubAllGlobals, afterEach).
    isolate: false,
    include: ['test/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
})
