import { beforeAll, describe } from 'vitest'
import { createKrsClient, sdkSuite } from './support/sdk-suite.js'
import { newTenant, type Tenant } from './support/tenant.js'

// SDK ↔ emulator through the HTTP door (krs-mock, behind Prism's validating proxy).
let t: Tenant
beforeAll(async () => {
  t = await newTenant()
})

describe('SDK ↔ emulator, HTTP door (through Prism)', () => {
  sdkSuite(() => ({
    token: t.tokens['krs-all']!,
    conforming: () => createKrsClient({ baseUrl: t.prismUrl, token: t.tokens['krs-all']!, retry: { maxRetries: 0 } }),
    direct: (token) => createKrsClient({ baseUrl: t.mockUrl, token, retry: { maxRetries: 0 } }),
  }))
})
