import type { OperationHandlers } from '@krs-kit/contract/handlers'
import type { EngineContext } from './context.js'

/** One handler per operation of the contract (the merge of the modules' handlers). */
export type HandlerTable = OperationHandlers<EngineContext>
