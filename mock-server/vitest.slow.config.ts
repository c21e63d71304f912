import { defineConfig } from 'vitest/config'
import base from './vitest.config.js'

// `mock-server-slow` (`npm run test:slow`): the emulator's tests that take seconds each
// (`*.slow.test.ts`: bodies of tens of MB, races run for seconds); `npm test` leaves them out.
export default defineConfig({
  test: {
    ...base.test,
    name: 'mock-server-slow',
    include: ['test/**/*.slow.test.ts'],
    exclude: [],
    testTimeout: 120_000,
  },
})
