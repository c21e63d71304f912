import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    name: 'sdk',
    // Files of one worker share their loaded modules (as in mock-server/vitest.config.ts): the
    // same emulator, SDK and contract modules evaluated again for every file were a large part of
    // this project's CPU. The files keep no module state between them; the ones that stub the
    // environment or a global restore it (vi.unstubAllEnvs, vi.unstubAllGlobals, afterEach).
    isolate: false,
    include: ['test/**/*.test.ts'],
    typecheck: {
      // `npm test` leaves them to `npm run typecheck` (KRS_VITEST_TYPECHECK=0, scripts/run-tests.mjs),
      // whose `tsc -b` checks the same files with the same tsconfig; run alone, vitest checks them.
      enabled: process.env.KRS_VITEST_TYPECHECK !== '0',
      include: ['test/**/*.test-d.ts'],
      tsconfig: './tsconfig.json',
      // tsc with an incremental state of this project's own (vitest's is one file for all)
      checker: fileURLToPath(new URL('../scripts/typecheck-tsc.mjs', import.meta.url)),
    },
  },
})
