import type { EngineOptions } from '../../src/engine/create-engine.js'
import { memberDbHandlers } from '../../src/domains/member-db-handlers.js'
import { mailDeliveryHandlers } from '../../src/domains/mail-delivery-handlers.js'
import { mailDeliveryTickHook } from '../../src/domains/mail-delivery-section.js'

/**
 * Engine options for the behaviour suite of part 2 until handler-table.ts and
 * tick-hooks.ts carry these entries (then these options change nothing).
 */
export function mailEngine(extra: EngineOptions = {}): EngineOptions {
  return {
    handlers: { ...memberDbHandlers, ...mailDeliveryHandlers },
    tickHooks: [mailDeliveryTickHook],
    ...extra,
  }
}
