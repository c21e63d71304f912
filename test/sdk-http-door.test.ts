import { afterAll, beforeAll, describe } from 'vitest'
import { prismBypasses, prismFetch } from './support/http-call.js'
import { createKrsClient, sdkSuite } from './support/sdk-suite.js'
import { newTenant, type Tenant } from './support/tenant.js'

// SDK ↔ emulator through the HTTP door (krs-mock, behind Prism's validating proxy; see
// prismFetch for the one Prism limit worked around).
let t: Tenant
beforeAll(async () => {
  t = await newTenant()
})
afterAll(() => {
  const paths = new Set(prismBypasses.map((b) => b.split(':')[0]))
  console.info(
    `[prism] sent around Prism (its tuple/prefixItems limit): ${prismBypasses.length} calls, on ${paths.size} paths: ${[...paths].join(', ')}`,
  )
})

describe('SDK ↔ emulator, HTTP door (through Prism)', () => {
  sdkSuite(() => ({
    token: t.tokens['krs-all']!,
    advance: async (seconds) =>
      ((await t.admin('POST', 'clock', { advance_seconds: seconds })).json as { now: number }).now,
    conforming: () =>
      createKrsClient({
        baseUrl: t.prismUrl,
        token: t.tokens['krs-all']!,
        retry: { maxRetries: 0 },
        fetch: prismFetch(t),
      }),
    direct: (token) => createKrsClient({ baseUrl: t.mockUrl, token, retry: { maxRetries: 0 } }),
  }))
})
