import type { OperationHandlers } from './generated/handlers.js'
import type { EngineContext } from './engine/context.js'
import { getVersion } from './domains/environment/get-version.js'
import { memberDbHandlers } from './domains/member-db-handlers.js'
import { mailDeliveryHandlers } from './domains/mail-delivery-handlers.js'
import { placeholderHandlers } from './engine/placeholders.js'

/**
 * Every operation of the contract, keyed by its generated name: a new operation in the
 * contract is a compile error here until it has a handler (DESIGN principle 4).
 * One line per domain; the rules live in the domain folders. Operations of part 3
 * not wired yet answer "not emulated yet" (engine/placeholders.ts).
 */
export const handlerTable = {
  get_version: getVersion,
  ...memberDbHandlers,
  ...mailDeliveryHandlers,
  ...placeholderHandlers,
} satisfies OperationHandlers<EngineContext>

export type HandlerTable = OperationHandlers<EngineContext>
