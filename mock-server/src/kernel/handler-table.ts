import type { OperationHandlers } from '../generated/handlers.js'
import type { EngineContext } from './context.js'

/** One handler per operation of the contract (the merge of the modules' handlers). */
export type HandlerTable = OperationHandlers<EngineContext>
