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

/** What every consumer gets. */
const SHARED = [
  'schema.d.ts',
  'request-schema.d.ts',
  'operation-names.ts',
  'operation-types.ts',
  'errors.ts',
  'contract.ts',
] as const

/**
 * Consumer -> files (the table of generator/README.md). Adding a consumer is one line, e.g.
 * `{ consumer: 'playground', dir: 'playground/src/generated', files: [...SHARED, 'operations.ts'] },`
 */
export const TARGETS: readonly Target[] = [
  {
    consumer: 'sdk',
    dir: 'sdk/src/generated',
    files: [...SHARED, 'operation-meta.ts', 'operation-methods.ts', 'status-codes.ts'],
  },
  {
    consumer: 'mock-server',
    dir: 'mock-server/src/generated',
    files: [
      ...SHARED,
      'operations.ts',
      'operation-rules.ts',
      'handlers.ts',
      'status-codes.ts',
      'contract-types.ts',
      'ajv-setup.ts',
      'ajv.ts',
      'request-validators.ts',
      'response-validators.ts',
    ],
    folders: ['request-validators', 'response-validators'],
  },
  { consumer: 'cli', dir: 'cli/src/generated', files: [...SHARED, 'operations.ts', 'ajv-setup.ts', 'ajv.ts'] },
  // The PHP SDK: an enum of the error codes, the operations table and the client's methods.
  {
    consumer: 'sdk-php',
    dir: 'sdk-php/src/Generated',
    files: ['ErrorCode.php', 'Operations.php', 'OperationMethods.php', 'KrsClientInterface.php'],
  },
  // The MCP server validates `krs_call` bodies and describes operations from the registry;
  // it sends through @krs-kit/sdk, so it needs no request or answer types of its own.
  {
    consumer: 'mcp',
    dir: 'mcp/src/generated',
    files: ['operation-names.ts', 'errors.ts', 'contract.ts', 'operations.ts', 'ajv-setup.ts', 'ajv.ts'],
  },
]

/** Where the files of the emulator's own admin contract (spec/admin.openapi.yaml) go. */
export const ADMIN_TARGET = {
  consumer: 'mock-server',
  dir: 'mock-server/src/generated',
  files: ['admin-schema.d.ts', 'admin-requests.ts'],
} as const
