import type { GeneratedFileName } from './emit/emitters.js'
import type { ValidatorFolder } from './emit/request-validators.js'

/** A consumer package and the generated files it gets in `dir` (relative to the repo root). */
export interface Target {
  consumer: string
  dir: string
  files: readonly GeneratedFileName[]
  /** Folders of generated modules it also gets in `dir` (compiled validators: one module per operation). */
  folders?: readonly ValidatorFolder[]
}

/**
 * The TypeScript contract package (`@krs-kit/contract`, private): every generated TypeScript
 * file, once. sdk, mock-server, cli and mcp import it through its `exports`, and their builds
 * inline what they use, so no published tarball depends on it.
 */
export const CONTRACT_DIR = 'contract/src/generated'

/**
 * Consumer -> files (the table of generator/README.md): the contract package, and the PHP SDK
 * (another language, so a folder of its own).
 */
export const TARGETS: readonly Target[] = [
  {
    consumer: 'contract',
    dir: CONTRACT_DIR,
    files: [
      'schema.ts',
      'operation-names.ts',
      'operation-types.ts',
      'errors.ts',
      'contract.ts',
      'status-codes.ts',
      'operation-meta.ts',
      'operation-methods.ts',
      'operations.ts',
      'operation-rules.ts',
      'handlers.ts',
      'contract-types.ts',
      'ajv-setup.ts',
      'ajv.ts',
      'request-validators.ts',
      'response-validators.ts',
    ],
    folders: ['request-validators', 'response-validators'],
  },
  // The PHP SDK: an enum of the error codes, the operations table and the client's methods.
  {
    consumer: 'sdk-php',
    dir: 'sdk-php/src/Generated',
    files: ['ErrorCode.php', 'Operations.php', 'OperationMethods.php', 'KrsClientInterface.php'],
  },
]

/** Where the files of the emulator's own admin contract (spec/admin.openapi.yaml) go. */
export const ADMIN_TARGET = {
  consumer: 'contract',
  dir: CONTRACT_DIR,
  files: ['admin-schema.ts', 'admin-requests.ts', 'admin-client.ts'],
} as const
