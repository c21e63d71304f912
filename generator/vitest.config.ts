import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    name: 'generator',
    include: ['test/**/*.test.ts'],
    // Type-level tests of the generated files (fixture snapshot), checked by tsc.
    typecheck: { enabled: true, include: ['test/**/*.test-d.ts'], tsconfig: './tsconfig.json' },
    // Whole-contract tests run redocly and openapi-typescript: a few seconds on 2 cores.
    testTimeout: 60_000,
    // beforeAll hooks run the same whole pipeline (fixture-contract.test.ts); files run in parallel.
    hookTimeout: 60_000,
  },
})
