import { createRemoteTenant, type CreateTenantRequest, type RemoteTenant } from '@krs-kit/mock-server/testing'
import { inject } from 'vitest'

/**
 * A tenant of the run's emulator, made and driven through the published testing entry
 * (`createRemoteTenant`), as a suite that runs krs-mock as its own process does.
 */
export interface Tenant extends RemoteTenant {
  /** The emulator itself (admin API; requests that must bypass Prism, e.g. invalid ones). */
  mockUrl: string
  /** Prism's validating proxy in front of the emulator: every conforming call goes here. */
  prismUrl: string
}

/** A fresh isolated tenant on the run's emulator (`POST /__mock/tenants`), manual clock unless asked; one per test file. */
export async function newTenant(options: CreateTenantRequest = {}): Promise<Tenant> {
  const mockUrl = inject('mockUrl')
  const tenant = await createRemoteTenant(mockUrl, options)
  return Object.assign(tenant, { mockUrl, prismUrl: inject('prismUrl') })
}
