import { withBanner } from '../banner.js'
import type { ContractModel } from '../contract-model.js'
import { tsLiteral, tsStringUnionAlias } from '../ts-literal.js'

/** `operation-names.ts`: the `OperationName` union, the list in contract order, a guard. */
export function emitOperationNames(model: ContractModel): string {
  const names = model.operations.map((o) => o.name)
  return withBanner(
    model.banner,
    `/** The API names (operationId = last path segment), in contract order. */
${tsStringUnionAlias('OperationName', names)}

/** The root tags (operation groups), in contract order. */
${tsStringUnionAlias(
  'OperationTag',
  model.tags.map((t) => t.name),
)}

/** Every API name, in contract order (${names.length} operations). */
export const operationNames: readonly OperationName[] = ${tsLiteral(names, 0, 'export const operationNames: readonly OperationName[] = '.length)}

const operationNameSet: ReadonlySet<string> = /* @__PURE__ */ new Set<string>(operationNames)

/** True when \`s\` is the name of an operation of the contract. */
export function isOperationName(s: string): s is OperationName {
  return operationNameSet.has(s)
}`,
  )
}
