import { type AjvInstance, type AjvSetup, setUpAjv } from '@krs-kit/contract/ajv-setup'
import { ajv2020, ajvFormats } from './ajv-packages.js'

export type { AjvInstance, ErrorObject, ValidateFunction } from '@krs-kit/contract/ajv-setup'

/**
 * `createAjv` of browser builds (their esbuild plugin, `browserBuildPlugin()` of
 * entry-points.ts, puts this module in place of lazy-ajv.ts): off Node nothing can be loaded synchronously on first use, and a scenario
 * given to `createEngine()` is checked before any request, so Ajv is imported with the engine
 * there, as the engine imported it everywhere before its request validators were compiled
 * ahead of time.
 */
export function createAjv(setup: AjvSetup = {}): AjvInstance {
  return setUpAjv(ajv2020, ajvFormats, setup)
}
