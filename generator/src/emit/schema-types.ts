import openapiTS, { astToString } from 'openapi-typescript'
import { withBanner } from '../banner.js'
import type { ContractModel } from '../contract-model.js'

/**
 * `schema.d.ts`: openapi-typescript's `paths`, `components` and `operations` (keyed by
 * operationId = API name). A declaration file of `export interface`/`export type` only, so
 * `import type { paths } from './schema.js'` works under NodeNext.
 */
export async function emitSchemaTypes(model: ContractModel): Promise<string> {
  // openapi-typescript may annotate the object it walks: give it a copy.
  const ast = await openapiTS(structuredClone(model.doc) as Parameters<typeof openapiTS>[0], { silent: true })
  return withBanner(model.banner, astToString(ast))
}
