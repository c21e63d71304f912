import { setupServer } from 'msw/node'
import { afterAll, beforeAll, describe } from 'vitest'
import { createEngine } from '@krs-kit/mock-server'
import { createMockHandlers } from '@krs-kit/mock-server/msw'
import { createKrsClient, sdkSuite } from './support/sdk-suite.js'

// SDK ↔ emulator through the MSW door: msw/node intercepts fetch and runs the same engine.
// No Prism here (nothing goes over the network); the in-process checks of sdkSuite apply.
const BASE = 'https://krs.msw.test'
const engine = createEngine({ clock: { mode: 'manual' }, seed: 5, validateResponses: true })
const server = setupServer(...createMockHandlers({ engine, baseUrl: BASE }))

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterAll(() => server.close())

describe('SDK ↔ emulator, MSW door', () => {
  sdkSuite(() => ({
    token: 'krs-all',
    advance: async (seconds) => {
      const r = await fetch(`${BASE}/__mock/clock`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: 'Bearer krs-all' },
        body: JSON.stringify({ advance_seconds: seconds }),
      })
      return ((await r.json()) as { now: number }).now
    },
    conforming: () => createKrsClient({ baseUrl: BASE, token: 'krs-all', retry: { maxRetries: 0 } }),
    direct: (token) => createKrsClient({ baseUrl: BASE, token, retry: { maxRetries: 0 } }),
  }))
})
