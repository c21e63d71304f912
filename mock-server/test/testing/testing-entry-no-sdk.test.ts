import { afterAll, expect, it, vi } from 'vitest'

// @krs-kit/sdk is an optional peer of the testing entry: without it, everything but the client
// works, and reading `krs.client` says what to install. The SDK is made unloadable for this
// file only; the entry is loaded afresh after that (this project shares modules between files).

afterAll(() => {
  vi.doUnmock('@krs-kit/sdk')
  vi.resetModules()
})

it('a tenant without the SDK installed: the clock and journal work, krs.client says what to install', async () => {
  vi.resetModules()
  vi.doMock('@krs-kit/sdk', () => {
    throw new Error("Cannot find package '@krs-kit/sdk'")
  })
  const { createTestEmulator } = await import('../../src/testing/index.js')
  const emulator = await createTestEmulator({ clock: { now: '2026-04-01T00:00:00Z' } })
  const krs = await emulator.tenant()
  expect((await krs.clock.advance('1d')).toISOString()).toBe('2026-04-02T00:00:00.000Z')
  const res = await krs.fetch(`${krs.baseUrl}/api/v1/get_member_tables`, {
    method: 'POST',
    headers: { authorization: `Bearer ${krs.token}`, 'content-type': 'application/json' },
    body: '{}',
  })
  expect(res.status).toBe(200)
  expect(() => krs.client).toThrow(/krs\.client needs @krs-kit\/sdk.*npm install -D @krs-kit\/sdk/)
  await emulator.dispose()
})
