import { withBanner } from '../banner.js'
import type { ContractModel } from '../contract-model.js'

/**
 * The options `setUpAjv` (the emitted `ajv-setup.ts` below) gives Ajv by default: the
 * generator compiles the emulator's request validators ahead of time with them, so that they
 * answer as a validator compiled at run time does (mock-server's test of the request
 * validators compares both on the contract's examples and on bad bodies). Keep the two alike.
 */
export function ajvOptions(setup: { allErrors?: boolean; strict?: boolean } = {}) {
  return {
    allErrors: setup.allErrors ?? false,
    strict: setup.strict ?? false,
    strictTypes: false,
    validateFormats: true,
    validateSchema: setup.strict ?? false,
  } as const
}

/**
 * `ajv-setup.ts`: the one Ajv setup of the repository, the same text in every target that
 * validates against the contract (the emulator, the CLI, the MCP server; the playground and
 * the cross tests import the emulator's copy). It imports Ajv's types only: the caller hands
 * it the loaded packages, so that the emulator can load them on first use (its request
 * validators are compiled ahead of time and do not need them). It does not depend on the
 * contract: it is emitted so that the CLI, which has the emulator only as an optional peer,
 * gets the same setup without importing it.
 */
export function emitAjvSetup(model: ContractModel): string {
  return withBanner(
    model.banner,
    `import type { ErrorObject, ValidateFunction } from 'ajv'
import type { Ajv2020 as Ajv2020Class } from 'ajv/dist/2020.js'
import type addFormatsModule from 'ajv-formats'

export type { ErrorObject, ValidateFunction }

// The class's type is taken by name, which every module resolution (NodeNext, Bundler) reads alike.
type AjvCtor = typeof Ajv2020Class
type AddFormats = typeof addFormatsModule.default

/** An Ajv instance made by \`setUpAjv\` (\`createAjv\`). */
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
 * Ajv for the contract's schemas (JSON Schema 2020-12), from the loaded \`ajv/dist/2020.js\`
 * and \`ajv-formats\` modules: the standard formats checked (ajv-formats), unknown keywords
 * tolerated unless \`strict\` is asked for (schemas carry \`example\` and \`x-\` keys), the first
 * error only unless \`allErrors\` is asked for. Ajv's \`strictTypes\` stays off even then: it
 * refuses union types and keywords without a \`type\` beside them, both valid 2020-12 that the
 * contract uses. Schemas are checked against the 2020-12 meta-schema only with \`strict\`: the
 * repository's schemas are the contract's (linted, and compiled strictly by the generator's
 * tests) or assembled by its own code, and compiling the meta-schema costs a first call about
 * 35 ms. Every validator of the repository is compiled by an instance of this, or ahead of
 * time with the same options (the emulator's \`request-validators/\`).
 */
export function setUpAjv(ajv2020Module: unknown, addFormatsModule: unknown, setup: AjvSetup = {}): AjvInstance {
  // Both packages are CommonJS: required, or imported under ESM, the export may sit on \`.default\`.
  const Ajv2020 = ((ajv2020Module as { default?: AjvCtor }).default ?? ajv2020Module) as AjvCtor
  const addFormats = ((addFormatsModule as { default?: AddFormats }).default ?? addFormatsModule) as AddFormats
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

/**
 * \`ajv.ts\`: \`createAjv\`, the setup of \`ajv-setup.ts\` over Ajv and ajv-formats imported
 * statically (the CLI, the MCP server, the repository's tools).
 */
export function emitAjv(model: ContractModel): string {
  return withBanner(
    model.banner,
    `import Ajv2020Module from 'ajv/dist/2020.js'
import addFormatsModule from 'ajv-formats'
import { type AjvInstance, type AjvSetup, setUpAjv } from './ajv-setup.js'

export type { AjvInstance, AjvSetup, ErrorObject, ValidateFunction } from './ajv-setup.js'

/** The repository's Ajv (\`setUpAjv\` of \`ajv-setup.ts\`). */
export function createAjv(setup: AjvSetup = {}): AjvInstance {
  return setUpAjv(Ajv2020Module, addFormatsModule, setup)
}`,
  )
}
