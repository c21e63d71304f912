import type { ContractModel } from '../contract-model.js'
import { emitAjv, emitAjvSetup } from './ajv.js'
import { emitContract } from './contract.js'
import { emitContractTypes } from './contract-types.js'
import { emitErrors } from './errors.js'
import { emitHandlers } from './handlers.js'
import { emitOperationMeta } from './operation-meta.js'
import { emitOperationMethods } from './operation-methods.js'
import { emitOperationNames } from './operation-names.js'
import { emitOperationRules } from './operation-rules.js'
import { emitOperationTypes } from './operation-types.js'
import { emitOperations } from './operations.js'
import { emitPhpClientInterface, emitPhpErrorCode, emitPhpOperationMethods, emitPhpOperations } from './php.js'
import { emitRequestValidators, emitResponseValidators } from './request-validators.js'
import { emitSchemaTypes } from './schema-types.js'
import { emitStatusCodes } from './status-codes.js'

/** Every file a consumer can receive, by file name. */
export const emitters = {
  'schema.ts': emitSchemaTypes,
  'operation-names.ts': emitOperationNames,
  'operation-types.ts': emitOperationTypes,
  'errors.ts': emitErrors,
  'status-codes.ts': emitStatusCodes,
  'operation-meta.ts': emitOperationMeta,
  'operation-methods.ts': emitOperationMethods,
  'operations.ts': emitOperations,
  'operation-rules.ts': emitOperationRules,
  'handlers.ts': emitHandlers,
  'contract.ts': emitContract,
  'contract-types.ts': emitContractTypes,
  'ajv-setup.ts': emitAjvSetup,
  'ajv.ts': emitAjv,
  'request-validators.ts': emitRequestValidators,
  'response-validators.ts': emitResponseValidators,
  'ErrorCode.php': emitPhpErrorCode,
  'Operations.php': emitPhpOperations,
  'OperationMethods.php': emitPhpOperationMethods,
  'KrsClientInterface.php': emitPhpClientInterface,
} satisfies { [file: string]: (model: ContractModel) => string | Promise<string> }

export type GeneratedFileName = keyof typeof emitters
