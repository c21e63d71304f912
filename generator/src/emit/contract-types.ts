import { withBanner } from '../banner.js'
import type { ContractModel } from '../contract-model.js'
import { answerDefaults } from './schema-types.js'

/** The names of `components.schemas`, in contract order. */
function schemaNames(model: ContractModel): string[] {
  const schemas = (model.doc.components as { schemas?: { [name: string]: unknown } } | undefined)?.schemas
  return schemas === undefined ? [] : Object.keys(schemas)
}

/**
 * `contract-types.ts`: one named alias per component schema, so that code names a contract
 * shape (`ConditionInfo`) instead of re-typing it by hand, both views read from `schema.ts`:
 * - `Name`: the answer shape (keys with a default are present: the service fills them in);
 * - `NameRequest`: the request shape (every key not in `required` is optional, defaults
 *   included).
 */
export function emitContractTypes(model: ContractModel): string {
  const names = schemaNames(model)
  for (const n of names) {
    if (!/^[A-Za-z_$][A-Za-z0-9_$]*$/.test(n)) throw new Error(`components.schemas.${n}: not a TypeScript identifier`)
  }
  const defaults = answerDefaults(model.doc)
  const answers = names.map((n) => {
    const keys = defaults.get(n)
    const type = `components['schemas']['${n}']`
    return `export type ${n} = ${keys === undefined ? type : `WithDefaults<${type}, ${keys.map((k) => `'${k}'`).join(' | ')}>`}`
  })
  const requests = names.map((n) => `export type ${n}Request = components['schemas']['${n}']`)
  return withBanner(
    model.banner,
    `import type { components, WithDefaults } from './schema.js'

// Answer shapes (keys with a default are present).
${answers.join('\n')}

// Request shapes (every key not in \`required\` is optional).
${requests.join('\n')}`,
  )
}
