import type { CallOptions } from './client-options.js'
import type { OperationName } from '@krs-kit/contract/operation-names'
import type { OperationRequest, OperationResponse } from '@krs-kit/contract/operation-types'
import type { CamelCase } from './camel-case.js'
import type { OperationMethods } from '@krs-kit/contract/operation-methods'
import type { KrsPromise } from './krs-promise.js'

/** True when every key of the request body is optional (e.g. `{}`): the body may be left out. */
type BodyOptional<K extends OperationName> = Record<never, never> extends OperationRequest<K> ? true : false

/** The arguments after the operation name: `(body, options?)`, with `body` optional when it may be `{}`. */
export type CallArgs<K extends OperationName> =
  BodyOptional<K> extends true
    ? [body?: OperationRequest<K>, options?: CallOptions]
    : [body: OperationRequest<K>, options?: CallOptions]

/**
 * One camelCase method per operation (`krs.getMemberTables()`, `krs.lookupMemberId({...})`),
 * each with the contract's Japanese summary, description and error codes as JSDoc
 * (generated into `operation-methods.ts`).
 */
export type KrsOperationMethods = OperationMethods<CallOptions, OperationPromises>

/** What each operation method returns: the data, with `withResponse()`. */
export type OperationPromises = { [K in OperationName]: KrsPromise<OperationResponse<K>> }

/** The same methods derived from the operation names (checked against the generated ones in the type tests). */
export type DerivedOperationMethods = {
  [K in OperationName as CamelCase<K>]: (...args: CallArgs<K>) => KrsPromise<OperationResponse<K>>
}

/** Operations that page with `offset` (the contract's `x-krs-page-step`). */
export type PagedOperationName = {
  [K in OperationName]: OperationRequest<K> extends { offset: number } ? K : never
}[OperationName]

/** The body of a paged call; `offset` is where to start (default 0). */
export type PageRequest<K extends PagedOperationName> = Omit<OperationRequest<K>, 'offset'> & { offset?: number }

/**
 * One item of a page: an element of an array answer, or a `[key, value]` entry of an
 * object answer (posted images are grouped by member ID).
 */
export type PageItem<K extends PagedOperationName> =
  OperationResponse<K> extends readonly (infer T)[]
    ? T
    : OperationResponse<K> extends { [key: string]: infer V }
      ? [string, V]
      : never
