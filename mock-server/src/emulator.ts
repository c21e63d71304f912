import type { OperationHandlers } from './generated/handlers.js'
import type { EngineContext } from './kernel/context.js'
import { memberDbHandlers } from './domains/member-db/handlers.js'
import { mailDeliveryHandlers } from './domains/mail/handlers.js'
import { servicesHandlers } from './domains/forms/handlers.js'

/**
 * Every operation of the contract, keyed by its generated name: a new operation in the
 * contract is a compile error here until it has a handler (DESIGN principle 4).
 * One line per domain; the rules live in the domain folders.
 */
export const handlerTable = {
  ...memberDbHandlers,
  ...mailDeliveryHandlers,
  ...servicesHandlers,
} satisfies OperationHandlers<EngineContext>

export type HandlerTable = OperationHandlers<EngineContext>
