import { type AjvInstance, type AjvSetup, setUpAjv } from '@krs-kit/contract/ajv-setup'
import { lazyDependency, requireOfNode } from './lazy-dependency.js'

export type { AjvInstance, ErrorObject, ValidateFunction } from '@krs-kit/contract/ajv-setup'

type AjvPackages = typeof import('./ajv-packages.js')

// Loaded by the first validator compiled at run time (a scenario, an admin body, a snapshot,
// a response checked, a refused body's every error): an API request whose body passes needs
// none, its validator is compiled ahead of time (generated/request-validators/). Under Node
// the built package requires dist/ajv-packages.js, both packages in one file; run from the
// sources where that file is not (vitest), the packages themselves.
const packages = lazyDependency<AjvPackages>(
  './ajv-packages.js',
  () => import('./ajv-packages.js'),
  () => {
    const req = requireOfNode()
    if (req === null) return null
    return (id) => {
      try {
        return req(id)
      } catch (e) {
        if ((e as { code?: unknown }).code !== 'MODULE_NOT_FOUND') throw e
        return { ajv2020: req('ajv/dist/2020.js'), ajvFormats: req('ajv-formats') }
      }
    }
  },
)

/** The repository's Ajv setup (generated `ajv-setup.ts`) over Ajv loaded on first use. */
export function createAjv(setup: AjvSetup = {}): AjvInstance {
  const { ajv2020, ajvFormats } = packages.get()
  return setUpAjv(ajv2020, ajvFormats, setup)
}
