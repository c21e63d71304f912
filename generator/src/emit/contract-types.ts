import { withBanner } from '../banner.js'
import type { ContractModel } from '../contract-model.js'

/** The names of `components.schemas`, in contract order. */
function schemaNames(model: ContractModel): string[] {
  const schemas = (model.doc.components as { schemas?: { [name: string]: unknown } } | undefined)?.schemas
  return schemas === undefined ? [] : Object.keys(schemas)
}

/**
 * `contract-types.ts`: one named alias per component schema, so that code names a contract
 * shape (`ConditionInfo`) instead of re-typing it by hand:
 * - `Name`: the answer shape (`schema.ts`: keys with a default are present);
 * - `NameRequest`: the request shape (`request-schema.ts`: keys not in `required` are
 *   optional, defaults included).
 */
export function emitContractTypes(model: ContractModel): string {
  const names = schemaNames(model)
  for (const n of names) {
    if (!/^[A-Za-z_$][A-Za-z0-9_$]*$/.test(n)) throw new Error(`components.schemas.${n}: not a TypeScript identifier`)
  }
  const answers = names.map((n) => `export type ${n} = components['schemas']['${n}']`)
  const requests = names.map((n) => `export type ${n}Request = requestComponents['schemas']['${n}']`)
  return withBanner(
    model.banner,
    `import type { components as requestComponents } from './request-schema.js'
import type { components } from './schema.js'

// Answer shapes (keys with a default are present).
${answers.join('\n')}

// Request shapes (every key not in \`required\` is optional).
${requests.join('\n')}`,
  )
}
