/**
 * `@krs-kit/mock-server/internal/contract`: the contract as the generator emitted it for the
 * emulator (operations, error catalogue, the Ajv setup), without the engine, for the
 * repository's tooling that needs the data only (the playground's registry and body checks,
 * the cross tests). Not public API, like `@krs-kit/mock-server/internal`, which includes it.
 */
export { createAjv, type ErrorObject, type ValidateFunction } from './generated/ajv.js'
export { errorCatalogue, isErrorCode } from './generated/errors.js'
export { operationNames, type OperationName } from './generated/operation-names.js'
export { operations, type OperationInfo } from './generated/operations.js'
