import { defineConfig } from 'vitest/config'

// The consumer test (consumer.test.ts): packs the packages and installs them into new
// projects outside the repository. Its own project, so `--project consumer` runs it alone
// and the cross tests' global setup (an emulator and Prism) is not started for it.
export default defineConfig({
  test: {
    name: 'consumer',
    include: ['consumer.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 900_000,
  },
})
