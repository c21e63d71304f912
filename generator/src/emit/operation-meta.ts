import { withBanner } from '../banner.js'
import type { ContractModel } from '../contract-model.js'
import { tsKey, tsLiteral } from '../ts-literal.js'

/** `operation-meta.ts`: the SDK's slim per-operation facts (no schemas, no texts). */
export function emitOperationMeta(model: ContractModel): string {
  const entries = model.operations.map(({ name, pageStep, legacyKey, responseType, security, idempotent }) => {
    const key = `${tsKey(name)}: `
    return `  ${key}${tsLiteral({ pageStep, legacyKey, responseType, security, idempotent }, 2, key.length)},`
  })
  return withBanner(
    model.banner,
    `import type { OperationName } from './operation-names.js'

export interface OperationMetaSlim {
  /** The offset step of a paged operation (x-krs-page-step), else null. */
  pageStep: number | null
  /** The key an older version wrapped the answer in (x-krs-legacy-key), else null. */
  legacyKey: string | null
  /** 'text' when the 200 body is not JSON (CSV download). */
  responseType: 'json' | 'text'
  /** false only when the operation needs no bearer token. */
  security: boolean
  /** Whether a repeated call changes nothing more than the first (x-krs-idempotent): reads and pure checks. Decides what the SDK may retry. */
  idempotent: boolean
}

export const operationMeta: { readonly [K in OperationName]: OperationMetaSlim } = {
${entries.join('\n')}
}`,
  )
}
