import { fileURLToPath } from 'node:url'

/** The repository root (generator/src/../..). */
export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url))

/** The contract root, relative to the repository root. */
export const DEFAULT_SPEC = 'spec/openapi.yaml'

/** The emulator's admin contract, relative to the repository root. */
export const DEFAULT_ADMIN_SPEC = 'spec/admin.openapi.yaml'

/** The bundled contract, relative to the repository root. */
export const BUNDLE_PATH = 'spec/dist/openapi.json'
