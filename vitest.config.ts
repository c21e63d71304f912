import { existsSync } from 'node:fs'
import { availableParallelism } from 'node:os'
import { defineConfig } from 'vitest/config'
import SlowestFilesReporter from './scripts/slowest-files-reporter.js'

// One run over every package's tests; each package has its own vitest.config.ts.
// A new project must also be named in scripts/run-tests.mjs (quick or slow list).
// `npm test` runs every project but the minute-long ones, which `npm run test:slow` runs: `slow`
// and `slow-parallel` (test/vitest.slow*.config.ts: the load, crash and fuzz soaks of test/slow-files.ts),
// `consumer`, `cli-e2e` and `playground-e2e`; `.ci/run` runs both (scripts/run-tests.mjs).
const packages = ['generator', 'sdk', 'mock-server', 'cli', 'mcp', 'playground', 'test', 'test/consumer']
/** Second projects of a package (their end-to-end suites, run by `npm run test:slow`). */
const e2eProjects = [
  'cli/vitest.e2e.config.ts',
  'playground/vitest.e2e.config.ts',
  'mock-server/vitest.slow.config.ts',
  'test/vitest.slow-parallel.config.ts',
]

export default defineConfig({
  test: {
    projects: [...packages.map((p) => `${p}/vitest.config.ts`), ...e2eProjects, 'test/vitest.slow.config.ts'].filter(
      (f) => existsSync(f),
    ),
    // The default reporter's summary ("Tests  N passed") stays; the ten slowest files follow.
    reporters: ['default', new SlowestFilesReporter(10)],
    // Vitest's default is one worker per core minus one: a single worker on 2 cores, although
    // most files wait on processes they spawn (krs-mock, Prism, the CLI, Chromium). One more
    // worker than cores keeps both cores busy. Projects that must run alone say
    // fileParallelism: false (playground, slow). `--maxWorkers N` overrides.
    maxWorkers: availableParallelism() + 1,
    experimental: {
      // Transformed modules are kept on disk (node_modules/.experimental-vitest-cache, keyed by
      // each file's content and the config) between runs: compiling the emulator's few hundred
      // TypeScript files again was most of a one-file run (mock-server: import 5 s → 1 s).
      fsModuleCache: true,
    },
  },
})
