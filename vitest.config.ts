import { defineConfig } from 'vitest/config'

// One run over every package's tests; each package has its own vitest.config.ts.
export default defineConfig({
  test: {
    projects: ['generator', 'sdk', 'mock-server', 'cli', 'test'].map((p) => `${p}/vitest.config.ts`),
  },
})
