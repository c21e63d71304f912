import { withBanner } from '../banner.js'
import type { ContractModel } from '../contract-model.js'

/** `get_member_tables` -> `getMemberTables`. */
export function methodName(operation: string): string {
  return operation.replace(/_([a-z0-9])/g, (_m, c: string) => c.toUpperCase())
}

/** A JSDoc block (indented by `indent` spaces) whose text cannot close the comment early. */
export function jsDoc(text: string, indent: number): string {
  const pad = ' '.repeat(indent)
  const lines = text.replace(/\*\//g, '*\\/').trimEnd().split('\n')
  return [`${pad}/**`, ...lines.map((l) => (l === '' ? `${pad} *` : `${pad} * ${l}`)), `${pad} */`].join('\n')
}

/**
 * `operation-methods.ts` (SDK): one camelCase method signature per operation, with JSDoc from
 * the contract (summary, description, the error codes it can answer), so editors show the
 * Japanese documentation on hover. Types only: nothing of it reaches a bundle.
 */
export function emitOperationMethods(model: ContractModel): string {
  const methods = model.operations.map((o) => {
    const doc = [
      o.summary,
      '',
      o.description,
      '',
      `エラーコード: ${o.errors.join(', ')}`,
      ...(o.pageStep !== null ? [`ページング: offset は ${o.pageStep} 件刻み`] : []),
      ...(o.responseType === 'text' ? [`返り値: ${o.responseContentTypes.join(' / ')} の本文（文字列）`] : []),
      `@see operation \`${o.name}\` (POST /api/v1/${o.name})`,
    ].join('\n')
    return `${jsDoc(doc, 2)}\n  ${methodName(o.name)}(...args: OperationArgs<'${o.name}', Options>): Results['${o.name}']`
  })
  return withBanner(
    model.banner,
    `import type { OperationName } from './operation-names.js'
import type { OperationRequest, OperationResponse } from './operation-types.js'

/** \`(body, options?)\`; the body may be left out when every key is optional (e.g. \`{}\`). */
export type OperationArgs<K extends OperationName, Options> = {} extends OperationRequest<K>
  ? [body?: OperationRequest<K>, options?: Options]
  : [body: OperationRequest<K>, options?: Options]

/** What each method resolves to by default: the 200 body. */
export type OperationPromises = { [K in OperationName]: Promise<OperationResponse<K>> }

/**
 * One camelCase method per operation, documented from the contract. \`Options\` = the SDK's
 * per-call options; \`Results\` = what each method returns (a promise of the 200 body, which
 * the SDK extends with \`withResponse()\`).
 */
export interface OperationMethods<Options, Results extends { [K in OperationName]: unknown } = OperationPromises> {
${methods.join('\n\n')}
}`,
  )
}
