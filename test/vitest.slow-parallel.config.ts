import { defineConfig } from 'vitest/config'
import slow from './vitest.slow.config.js'
import { parallelSlowFiles } from './slow-files.js'

// The `slow-parallel` project (`npm run test:slow`): the soaks of slow-files.ts that do not need
// the machine to themselves (the in-process fuzzer, the MCP conformance run). They run beside
// the browser and end-to-end files instead of after them.
export default defineConfig({
  resolve: slow.resolve,
  test: {
    ...slow.test,
    name: 'slow-parallel',
    include: parallelSlowFiles,
    fileParallelism: true,
  },
})
