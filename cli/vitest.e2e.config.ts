import { defineConfig } from 'vitest/config'
import base from './vitest.config.js'

// The `cli-e2e` project (`npm run test:slow`, run by .ci/run): the freshly built `krs` binary
// spawned against a krs-mock process, one command per test. The same aliases and environment
// as the `cli` project.
export default defineConfig({
  ...base,
  test: {
    ...base.test,
    name: 'cli-e2e',
    include: ['test/**/*.e2e.test.ts'],
    exclude: [],
  },
})
