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
    include: ['test/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
})
