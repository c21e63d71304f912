import { createTestEmulator, type TestEmulator, type TestTenant } from '@krs-kit/mock-server/testing'
import { afterAll, afterEach, beforeAll, beforeEach, onTestFailed } from 'vitest'
import type { AppFetch } from '../src/api'
import { handleAppApi } from '../server/app-api'

/**
 * One emulator per test file (a Vitest worker), a fresh tenant per test: `useTenant()` in a
 * describe block gives the current test's tenant. When a test fails, its message is followed
 * by the requests the emulator saw.
 */
export function useTenant(options: Parameters<TestEmulator['tenant']>[0] = {}): () => TestTenant {
  let emulator: TestEmulator
  let current: TestTenant | undefined
  beforeAll(async () => {
    emulator = await createTestEmulator({ members: 60, clock: { now: '2026-04-01T09:00:00+09:00' } })
  })
  afterAll(() => emulator.dispose())
  beforeEach(async () => {
    const krs = await emulator.tenant(options)
    current = krs
    onTestFailed(() => {
      console.error(krs.describe())
    })
  })
  afterEach(async () => {
    await current?.dispose()
    current = undefined
  })
  return () => {
    if (!current) throw new Error('useTenant(): the tenant exists inside a test only')
    return current
  }
}

/** The app's API as the page reaches it, answered in process by the route handler over the tenant. */
export const appFetchOf =
  (krs: TestTenant): AppFetch =>
  (path) =>
    handleAppApi(new Request(new URL(path, 'http://app.test')), krs.client)
