// Public entry of @krs-kit/sdk. Everything else under src/ is internal.
export { createKrsClient, type KrsClient, type KrsClientHelpers } from './create-krs-client.js'
export type {
  CallOptions,
  FetchLike,
  KrsClientOptions,
  RequestHookContext,
  ResponseHookContext,
  RetryHookContext,
  Transport,
  TransportRequest,
} from './client-options.js'
export type { KrsPromise, WithResponse } from './krs-promise.js'
export type { KrsLogger, LogLevel } from './logger.js'
export { SDK_VERSION } from './version.js'
export type {
  CallArgs,
  KrsOperationMethods,
  OperationPromises,
  PagedOperationName,
  PageItem,
  PageRequest,
} from './call-types.js'
export type { CamelCase } from './camel-case.js'
export {
  isKrsApiError,
  KrsAbortError,
  KrsApiError,
  KrsAuthenticationError,
  KrsBadRequestError,
  KrsConflictError,
  KrsFileTooLargeError,
  KrsInvalidResponseError,
  KrsNetworkError,
  KrsNotFoundError,
  KrsPermissionDeniedError,
  KrsRateLimitError,
  KrsSdkError,
  KrsServerError,
  KrsTimeoutError,
  KrsWaitStalledError,
} from './errors.js'
export { parseCsvRecords } from './csv.js'
export type { RetryOptions } from './retry-policy.js'
export { defaultPollIntervalMs, defaultWaitTimeoutMs, minPollIntervalMs, type WaitOptions } from './poll-until.js'
export type { BatchJobStatus, DeliveryStatus, WaitForDeliveryOptions } from './wait-helpers.js'
export {
  storedFileLimitBytes,
  type DownloadOptions,
  type StoredFileContent,
  type UploadOptions,
} from './file-helpers.js'
export type { ErrorCode } from '@krs-kit/contract/errors'
export type { OperationName } from '@krs-kit/contract/operation-names'
export type { OperationRequest, OperationResponse } from '@krs-kit/contract/operation-types'
