import standaloneCode from 'ajv/dist/standalone/index.js'
import Ajv2020Module from 'ajv/dist/2020.js'
import addFormatsModule from 'ajv-formats'
import { withBanner } from '../banner.js'
import type { ContractModel } from '../contract-model.js'
import { type JsonObject, isJsonObject } from '../openapi-model.js'
import { mapSubschemas } from '../schema-walk.js'
import { ajvOptions } from './ajv.js'

/** Keywords that only annotate: validation never reads them, so the compiled code need not carry them. */
const ANNOTATIONS = new Set([
  'title',
  'description',
  'examples',
  'example',
  'default',
  'deprecated',
  'readOnly',
  'writeOnly',
  '$comment',
])

function withoutAnnotations(schema: unknown): unknown {
  if (!isJsonObject(schema)) return schema
  const kept: JsonObject = {}
  for (const [k, v] of Object.entries(schema)) if (!ANNOTATIONS.has(k) && !k.startsWith('x-')) kept[k] = v
  return mapSubschemas(kept, (sub) => withoutAnnotations(sub))
}

// ajv and ajv-formats are CommonJS: the class or plugin may sit on `.default`.
type AjvCtor = typeof import('ajv/dist/2020.js').default
const Ajv2020 = ((Ajv2020Module as unknown as { default?: AjvCtor }).default ?? Ajv2020Module) as AjvCtor
type AddFormats = typeof import('ajv-formats').default
const addFormats = ((addFormatsModule as unknown as { default?: AddFormats }).default ?? addFormatsModule) as AddFormats
type StandaloneCode = typeof import('ajv/dist/standalone/index.js').default
const standalone = ((standaloneCode as unknown as { default?: StandaloneCode }).default ??
  standaloneCode) as StandaloneCode

const HEAD = '"use strict";export const validate = validate0;export default validate0;'

/**
 * Ajv's standalone code refers to its run-time helpers with `require(...)`; the modules are
 * ES modules, so each becomes an import. Only the forms listed here are known: another one
 * (a newer Ajv, a new keyword in the contract) stops the generator instead of emitting a
 * module that fails when it is first loaded.
 */
const RUNTIME_REQUIRES: { [expr: string]: { imports: string; value: string } } = {
  'require("ajv/dist/runtime/ucs2length").default': {
    imports: "import ucs2lengthModule from 'ajv/dist/runtime/ucs2length.js'",
    // required: the module object; imported by a bundler with interop: the function itself
    value: '(ucs2lengthModule.default ?? ucs2lengthModule)',
  },
  'require("ajv/dist/runtime/equal").default': {
    imports: "import equalModule from 'ajv/dist/runtime/equal.js'",
    value: '(equalModule.default ?? equalModule)',
  },
  'require("ajv/dist/runtime/uri").default': {
    imports: "import uriModule from 'ajv/dist/runtime/uri.js'",
    value: '(uriModule.default ?? uriModule)',
  },
  'require("ajv-formats/dist/formats").fullFormats': {
    imports: "import { fullFormats } from 'ajv-formats/dist/formats.js'",
    value: 'fullFormats',
  },
}

/** The standalone module of one request schema (without its first line and `"use strict"`). */
export function requestValidatorCode(schema: unknown, where: string): string {
  const ajv = new Ajv2020({ ...ajvOptions(), code: { source: true, esm: true } })
  addFormats(ajv)
  const code = standalone(ajv, ajv.compile(withoutAnnotations(schema) as object))
  if (!code.startsWith(HEAD)) throw new Error(`${where}: Ajv's standalone code has an unknown form`)
  const imports = new Set<string>()
  const body = code.slice(HEAD.length).replace(/require\("[^"]+"\)(?:\.default|\.fullFormats)?/g, (expr: string) => {
    const known = RUNTIME_REQUIRES[expr]
    if (!known) throw new Error(`${where}: Ajv's standalone code needs ${expr}, which the generator does not import`)
    imports.add(known.imports)
    return known.value
  })
  return `${[...imports].sort().join('\n')}${imports.size > 0 ? '\n\n' : ''}export default validate0\n\n${body}`
}

/** The two folders of compiled validators: of the request bodies and of the 200 answers. */
export const VALIDATOR_FOLDERS = {
  'request-validators': { schema: 'requestSchema', of: 'request body', when: 'request' },
  'response-validators': { schema: 'responseSchema', of: 'answer (200)', when: 'answer checked' },
} as const
export type ValidatorFolder = keyof typeof VALIDATOR_FOLDERS

/**
 * `<folder>/<operation>.ts`: each operation's validator of its request body
 * (`request-validators/`) or of its answer (`response-validators/`), compiled ahead of time
 * with Ajv's standalone code (so neither Ajv nor a compile is needed at run time), one module
 * per operation so that only the operations called are loaded.
 */
export function emitValidatorModules(
  model: ContractModel,
  folder: ValidatorFolder,
): { name: string; content: string }[] {
  const { schema, of } = VALIDATOR_FOLDERS[folder]
  return model.operations.map((o) => ({
    name: `${folder}/${o.name}.ts`,
    content: withBanner(
      model.banner,
      `// @ts-nocheck -- Ajv's standalone code (JavaScript), compiled with the options of createAjv()
// from the schema of the ${of} of ${o.name}, without its annotations.
${requestValidatorCode(o[schema], `${o.name} (${schema})`)}`,
    ),
  }))
}

function loaders(model: ContractModel, folder: ValidatorFolder, exportName: string): string {
  const { schema, when } = VALIDATOR_FOLDERS[folder]
  const entries = model.operations.map((o) => `  ${o.name}: () => import('./${folder}/${o.name}.js'),`)
  return withBanner(
    model.banner,
    `import type { OperationName } from './operation-names.js'

/**
 * The validator of each operation's ${VALIDATOR_FOLDERS[folder].of}, compiled ahead of time (Ajv
 * standalone code, \`${folder}/<operation>.ts\`): a function that answers as
 * \`createAjv().compile(operations[name].${schema})\` does (\`true\`, or \`false\` with
 * \`.errors\` set), loaded on the first ${when} of that operation.
 */
export const ${exportName}: { readonly [K in OperationName]: () => Promise<{ default: unknown }> } = {
${entries.join('\n')}
}`,
  )
}

/** `request-validators.ts`: the loader of each operation's request validator module. */
export function emitRequestValidators(model: ContractModel): string {
  return loaders(model, 'request-validators', 'requestValidators')
}

/** `response-validators.ts`: the loader of each operation's answer validator module. */
export function emitResponseValidators(model: ContractModel): string {
  return loaders(model, 'response-validators', 'responseValidators')
}
