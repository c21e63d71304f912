import { withBanner } from '../banner.js'
import type { ContractModel } from '../contract-model.js'

/** `handlers.ts`: the handler-map type the emulator's table must satisfy. */
export function emitHandlers(model: ContractModel): string {
  return withBanner(
    model.banner,
    `import type { OperationName } from './operation-names.js'
import type { OperationRequest, OperationResponse } from './operation-types.js'

/** Handles one operation: gets the validated request body, returns the bare 200 value. */
export type OperationHandler<K extends OperationName, Ctx> = (
  ctx: Ctx,
  body: OperationRequest<K>,
) => OperationResponse<K> | Promise<OperationResponse<K>>

/** One handler per operation: a new operation in the contract is a compile error until handled. */
export type OperationHandlers<Ctx> = { [K in OperationName]: OperationHandler<K, Ctx> }`,
  )
}
