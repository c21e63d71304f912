import { existsSync } from 'node:fs'
import { defineConfig } from 'vitest/config'

// One run over every package's tests; each package has its own vitest.config.ts.
const packages = ['generator', 'sdk', 'mock-server', 'cli', 'playground', 'test', 'test/consumer']

export default defineConfig({
  test: {
    projects: packages.map((p) => `${p}/vitest.config.ts`).filter((f) => existsSync(f)),
  },
})
