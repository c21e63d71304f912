import openapiTS, { astToString } from 'openapi-typescript'
import { withBanner } from '../banner.js'
import type { ContractModel } from '../contract-model.js'

/**
 * openapi-typescript's `paths`, `components` and `operations` (keyed by operationId = API
 * name). A module of `export interface`/`export type` only, so
 * `import type { paths } from './schema.js'` works under NodeNext.
 *
 * `defaultNonNullable` decides what a key with a `default` but not in `required` becomes:
 * - `true` (`schema.ts`): present. Right for answers (the service fills in the default)
 *   and what openapi-typescript does for inline request bodies too, but not for component
 *   schemas shared by request bodies (MailInfo, DeliveryInfoForAdd, ...), which it cannot
 *   tell apart from answers;
 * - `false` (`request-schema.ts`): optional, as the contract says for requests. The
 *   request types of `operation-types.ts` are read from this file.
 */
async function schemaTypes(model: ContractModel, defaultNonNullable: boolean): Promise<string> {
  // openapi-typescript may annotate the object it walks: give it a copy.
  const doc = structuredClone(model.doc) as Parameters<typeof openapiTS>[0]
  const ast = await openapiTS(doc, { silent: true, defaultNonNullable })
  return withBanner(model.banner, astToString(ast))
}

/** `schema.ts`: the contract's types with defaulted keys present (answers). */
export function emitSchemaTypes(model: ContractModel): Promise<string> {
  return schemaTypes(model, true)
}

/** `request-schema.ts`: the same types with every key that is not `required` optional (requests). */
export function emitRequestSchemaTypes(model: ContractModel): Promise<string> {
  return schemaTypes(model, false)
}
