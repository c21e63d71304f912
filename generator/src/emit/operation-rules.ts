import { withBanner } from '../banner.js'
import type { ContractModel } from '../contract-model.js'
import { tsKey, tsLiteral } from '../ts-literal.js'

/**
 * `operation-rules.ts` (the emulator): what its request pipeline reads of each operation —
 * rights, option, token, error list, answer type — without the schemas and texts of
 * `operations.ts`, which are most of that module's size and are needed only by validators
 * compiled at run time. Evaluating the full registry cost a first answer several times what
 * this does.
 */
export function emitOperationRules(model: ContractModel): string {
  const entries = model.operations.map((o) => {
    const key = `${tsKey(o.name)}: `
    const rules = {
      rights: o.rights,
      option: o.option,
      security: o.security,
      errors: o.errors,
      responseType: o.responseType,
      responseContentTypes: o.responseContentTypes,
    }
    return `  ${key}${tsLiteral(rules, 2, key.length)},`
  })
  return withBanner(
    model.banner,
    `import type { OperationName } from './operation-names.js'
import type { OperationInfo } from './operations.js'

/** The fields of \`OperationInfo\` (operations.ts) a request is checked and answered by. */
export type OperationRules = Pick<
  OperationInfo,
  'rights' | 'option' | 'security' | 'errors' | 'responseType' | 'responseContentTypes'
>

export const operationRules: { readonly [K in OperationName]: OperationRules } = {
${entries.join('\n')}
}`,
  )
}
