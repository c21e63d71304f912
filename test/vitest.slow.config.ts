import { defineConfig } from 'vitest/config'
import base from './vitest.config.js'
import { soloSlowFiles } from './slow-files.js'

// The `slow` project (`npm run test:slow`): the cross tests of slow-files.ts that run alone
// (soloSlowFiles; the others are the `slow-parallel` project). No global
// setup: none of them uses the shared emulator and Prism of the `test` project (load and
// crash start their own krs-mock, the fuzzer runs the engine in process).
export default defineConfig({
  resolve: base.resolve,
  test: {
    name: 'slow',
    include: soloSlowFiles,
    // Tests check every emulator answer against the contract (off by default for speed); the
    // variable reaches the engines of the test files and the krs-mock processes they spawn.
    env: { KRS_MOCK_VALIDATE_RESPONSES: '1' },
    // One file at a time: the load and crash runs measure a krs-mock that has the machine to itself.
    fileParallelism: false,
    testTimeout: 600_000,
    hookTimeout: 120_000,
  },
})
