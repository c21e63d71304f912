import type { OperationName } from '../generated/operation-names.js'
import { KrsError } from './krs-error.js'

/**
 * A handler for an operation the emulator does not emulate yet: it answers
 * 500 KRSKIT_INTERNAL_ERROR "<name> is not emulated yet" — visible, never a fake success.
 */
export function notEmulated<K extends OperationName>(name: K): (ctx: unknown, body: unknown) => never {
  return () => {
    throw new KrsError('KRSKIT_INTERNAL_ERROR', `${name} is not emulated yet`)
  }
}

/**
 * Operations that still answer "not emulated yet". Empty: all 61 operations of the
 * contract are emulated (handler-table.ts). Kept so tools can check it.
 */
export const notEmulatedOperations: readonly OperationName[] = []
