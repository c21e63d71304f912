import { withBanner } from '../banner.js'
import type { ContractModel } from '../contract-model.js'

/**
 * `ajv.ts`: the one Ajv setup of the repository, the same text in every target that
 * validates against the contract (the emulator, the CLI; the playground and the cross tests
 * import the emulator's copy). It does not depend on the contract: it is emitted so that the
 * CLI, which has the emulator only as an optional peer, gets the same setup without
 * importing it.
 */
export function emitAjv(model: ContractModel): string {
  return withBanner(
    model.banner,
    `import Ajv2020Module from 'ajv/dist/2020.js'
import addFormatsModule from 'ajv-formats'
import type { ErrorObject, ValidateFunction } from 'ajv'
import type { Ajv2020 as Ajv2020Class } from 'ajv/dist/2020.js'

// ajv and ajv-formats are CommonJS: under ESM the class may sit on \`.default\`. The class's
// type is taken by name, which every module resolution (NodeNext, Bundler) reads alike.
type AjvCtor = typeof Ajv2020Class
const Ajv2020: AjvCtor =
  (Ajv2020Module as unknown as { default?: AjvCtor }).default ?? (Ajv2020Module as unknown as AjvCtor)
type AddFormats = typeof addFormatsModule.default
const addFormats: AddFormats =
  (addFormatsModule as unknown as { default?: AddFormats }).default ?? (addFormatsModule as unknown as AddFormats)

export type { ErrorObject, ValidateFunction }

/** An Ajv instance made by \`createAjv\`. */
export type AjvInstance = InstanceType<AjvCtor>

export interface AjvSetup {
  /** Report every error (default false: stop at the first). */
  allErrors?: boolean
  /**
   * Refuse unknown keywords (default false). The generator's tests turn it on for schemas
   * stripped of \`example\` and \`x-\` keys, to check they are plain 2020-12.
   */
  strict?: boolean
}

/**
 * Ajv for the contract's schemas (JSON Schema 2020-12): the standard formats checked
 * (ajv-formats), unknown keywords tolerated unless \`strict\` is asked for (schemas carry
 * \`example\` and \`x-\` keys), the first error only unless \`allErrors\` is asked for. Ajv's
 * \`strictTypes\` stays off even then: it refuses union types and keywords without a \`type\`
 * beside them, both valid 2020-12 that the contract uses. Schemas are checked against the
 * 2020-12 meta-schema only with \`strict\`: the repository's schemas are the contract's (linted,
 * and compiled strictly by the generator's tests) or assembled by its own code, and compiling
 * the meta-schema costs a first call about 35 ms. Every validator of the repository is
 * compiled by an instance of this.
 */
export function createAjv(setup: AjvSetup = {}): AjvInstance {
  const ajv = new Ajv2020({
    allErrors: setup.allErrors ?? false,
    strict: setup.strict ?? false,
    strictTypes: false,
    validateFormats: true,
    validateSchema: setup.strict ?? false,
  })
  addFormats(ajv)
  return ajv
}`,
  )
}
