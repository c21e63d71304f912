import { type OperationName, operationNames } from '@krs-kit/contract/operation-names'
import { type AjvInstance, createAjv } from './lazy-ajv.js'

/**
 * `requestValidators` and `responseValidators` of the browser builds (their esbuild plugin,
 * `browserBuildPlugin()` of entry-points.ts, puts this module in place of
 * `generated/request-validators.ts` and `generated/response-validators.ts`): Ajv is
 * imported with the engine there (lazy-ajv-browser.ts), so the schemas are compiled on first
 * use by the one setup instead of shipping the code compiled ahead of time for every operation
 * (about 2 MB more in one script). The verdicts are the same (test/contract/request-validators.test.ts
 * compares both).
 */
let ajv: AjvInstance | null = null

type Loaders = { readonly [K in OperationName]: () => Promise<{ default: unknown }> }

function compiledOnFirstUse(schema: 'requestSchema' | 'responseSchema'): Loaders {
  return Object.fromEntries(
    operationNames.map((name) => [
      name,
      async () => {
        const { operations } = await import('@krs-kit/contract/operations')
        ajv ??= createAjv()
        return { default: ajv.compile(operations[name][schema] as object) as unknown }
      },
    ]),
  ) as Loaders
}

export const requestValidators: Loaders = compiledOnFirstUse('requestSchema')
/** In place of `generated/response-validators.ts` (an engine made with `validateResponses`). */
export const responseValidators: Loaders = compiledOnFirstUse('responseSchema')
