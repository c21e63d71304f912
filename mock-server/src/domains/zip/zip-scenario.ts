import type { TenantState } from '../../kernel/tenant-state.js'

/**
 * The zip module's key of the scenario file:
 *
 * ```yaml
 * extensions:
 *   services:
 *     zip_not_ready: false        # true → search_addresses_by_zip answers KR_API_F0208
 * ```
 */

/** The zip module's keys of the scenario's `extensions.services`. */
interface ZipServicesExtension {
  zip_not_ready?: boolean
}

/** Whether the tenant's scenario simulates a dictionary being updated (KR_API_F0208). */
export function zipNotReady(tenant: TenantState): boolean {
  const ext = tenant.scenario?.extensions?.services as ZipServicesExtension | undefined
  return ext?.zip_not_ready === true
}

/** JSON Schema (2020-12) of the zip module's scenario keys (its part). */
export const zipScenarioSchema = {
  'extensions.services': {
    type: 'object',
    additionalProperties: false,
    properties: { zip_not_ready: { type: 'boolean' } },
  },
} as const
