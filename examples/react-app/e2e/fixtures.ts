import { createTestEmulator, type TestEmulator, type TestTenant } from '@krs-kit/mock-server/testing'
import { test as base } from '@playwright/test'

/**
 * The Playwright recipe of the site's /testing page: an emulator per worker, listening on
 * 127.0.0.1 (the browser is another process), and a new tenant per test whose last requests are
 * attached to the report when the test fails.
 */
export const test = base.extend<{ krs: TestTenant }, { emulator: TestEmulator }>({
  emulator: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixtures a function takes from its first parameter's pattern
    async ({}, use) => {
      const emulator = await createTestEmulator({ listen: true })
      await use(emulator)
      await emulator.dispose()
    },
    { scope: 'worker' },
  ],
  krs: async ({ emulator }, use, testInfo) => {
    const krs = await emulator.tenant()
    await use(krs)
    if (testInfo.status !== testInfo.expectedStatus)
      await testInfo.attach('emulator-journal', { body: krs.describe(20), contentType: 'text/plain' })
    await krs.dispose()
  },
})

export { expect } from '@playwright/test'
