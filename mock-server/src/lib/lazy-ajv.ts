import { type AjvInstance, type AjvSetup, setUpAjv } from '../generated/ajv-setup.js'
import { lazyDependency } from './lazy-dependency.js'

export type { AjvInstance, ErrorObject, ValidateFunction } from '../generated/ajv-setup.js'

// Loaded by the first validator compiled at run time (a scenario, an admin body, a snapshot,
// a response checked, a refused body's every error): an API request whose body passes needs
// neither, its validator is compiled ahead of time (generated/request-validators/).
const ajv2020 = lazyDependency<unknown>('ajv/dist/2020.js', () => import('ajv/dist/2020.js'))
const ajvFormats = lazyDependency<unknown>('ajv-formats', () => import('ajv-formats'))

/** The repository's Ajv setup (generated `ajv-setup.ts`) over Ajv loaded on first use. */
export function createAjv(setup: AjvSetup = {}): AjvInstance {
  return setUpAjv(ajv2020.get(), ajvFormats.get(), setup)
}
