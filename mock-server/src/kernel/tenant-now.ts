import type { TenantRuntime } from './tenant-runtime.js'

/**
 * The tenant's engine time for an admin route that reads or changes domain state. A real
 * clock first runs every transition due by now (as the API pipeline does), so the answer
 * sees the same state an API call would.
 */
export function tenantNow(t: TenantRuntime): number {
  if (t.clock.mode() === 'real') t.scheduler.catchUp()
  return t.clock.now()
}
