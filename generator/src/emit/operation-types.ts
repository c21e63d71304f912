import { withBanner } from '../banner.js'
import type { ContractModel } from '../contract-model.js'
import { tsKey, tsString } from '../ts-literal.js'

/**
 * `operation-types.ts`: request and 200 body types per operation, taken from the
 * openapi-typescript `operations` interfaces of `schema.ts` (no hand-written copies): its
 * request bodies leave defaulted keys optional, its answers hold them.
 */
export function emitOperationTypes(model: ContractModel): string {
  const requests = model.operations.map((o) => {
    const n = tsString(o.name)
    return `  ${tsKey(o.name)}: NonNullable<operations[${n}]['requestBody']>['content']['application/json']`
  })
  const responses = model.operations.map((o) => {
    const n = tsString(o.name)
    const type =
      o.responseType === 'text' ? 'string' : `operations[${n}]['responses'][200]['content']['application/json']`
    return `  ${tsKey(o.name)}: ${type}`
  })
  return withBanner(
    model.banner,
    `import type { OperationName } from './operation-names.js'
import type { operations } from './schema.js'

/**
 * The JSON request body of each operation: every key the contract does not list as
 * required is optional, whether or not it has a default (the service fills it in).
 */
export interface OperationRequests {
${requests.join('\n')}
}

/**
 * The 200 body of each operation: the bare success value (\`string\` for text responses such
 * as CSV). Keys with a default are present (the service always sends them).
 */
export interface OperationResponses {
${responses.join('\n')}
}

/** The JSON request body of operation \`K\`. */
export type OperationRequest<K extends OperationName> = OperationRequests[K]

/** The 200 body of operation \`K\` (string for text/csv). */
export type OperationResponse<K extends OperationName> = OperationResponses[K]`,
  )
}
