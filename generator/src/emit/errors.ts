import { withBanner } from '../banner.js'
import type { ContractModel } from '../contract-model.js'
import { ERROR_SCOPES, ERROR_SOURCES } from '../error-catalogue.js'
import { tsKey, tsLiteral, tsStringUnionAlias } from '../ts-literal.js'

/** `errors.ts`: the `ErrorCode` union and the catalogue of spec/errors.yaml as a constant. */
export function emitErrors(model: ContractModel): string {
  const codes = model.errors.map((e) => e.code)
  const entries = model.errors.map(({ code, name, description, status, scope, source }) => {
    const key = `${tsKey(code)}: `
    return `  ${key}${tsLiteral({ name, description, status, scope, source }, 2, key.length)},`
  })
  const codesPrefix = 'export const errorCodes: readonly ErrorCode[] = '
  return withBanner(
    model.banner,
    `/** Every error code of the catalogue (spec/errors.yaml), in catalogue order. */
${tsStringUnionAlias('ErrorCode', codes)}

export interface ErrorCatalogueEntry {
  /** The exact \`error_desc\` the service sends (typos kept). */
  name: string
  /** Japanese explanation. */
  description: string
  /** The HTTP status krs-kit answers with. */
  status: number
  /** common: any operation may answer it; transport: answered before an operation runs; operation: listed per operation. */
  scope: ${ERROR_SCOPES.map((s) => `'${s}'`).join(' | ')}
  /** docs: public documentation; seeds: product specification; krs-kit: chosen by krs-kit. */
  source: ${ERROR_SOURCES.map((s) => `'${s}'`).join(' | ')}
}

export const errorCatalogue: { readonly [C in ErrorCode]: ErrorCatalogueEntry } = {
${entries.join('\n')}
}

/** Every error code, in catalogue order. */
${codesPrefix}${tsLiteral(codes, 0, codesPrefix.length)}

// Built from the codes only, so a bundle that uses isErrorCode can drop the catalogue text.
const errorCodeSet: ReadonlySet<string> = /* @__PURE__ */ new Set<string>(errorCodes)

/** True when \`s\` is a code of the catalogue. */
export function isErrorCode(s: string): s is ErrorCode {
  return errorCodeSet.has(s)
}`,
  )
}
