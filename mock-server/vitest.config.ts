import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    name: 'mock-server',
    // Tests check every emulator answer against the contract (off by default for speed); the
    // variable reaches the engines of the test files and the krs-mock processes they spawn.
    env: { KRS_MOCK_VALIDATE_RESPONSES: '1' },
    include: ['test/**/*.test.ts'],
    // the seconds-long ones run in `npm run test:slow` (vitest.slow.config.ts)
    exclude: ['test/**/*.slow.test.ts', '**/node_modules/**'],
    // builds data/zip-dictionary.txt when it is missing (a fresh clone)
    globalSetup: ['test/support/global-setup.ts'],
    // Files of one worker share their loaded modules: evaluating the engine's module graph again
    // for every file was most of this project's time. Every test builds its own engine, door
    // and server, so nothing but code is shared; a file that mocks a module loads what it tests
    // after vi.resetModules() (node/static-files.test.ts).
    isolate: false,
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
})
