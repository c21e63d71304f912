// One operation's registry entry and the names of its error codes. In the build
// (tsup.config.ts) this module is replaced by one chunk per operation, so that a command loads
// its own schemas only, not the 270 KB registry and the error catalogue.
import type { ErrorCode } from '@krs-kit/contract/errors'
import type { OperationInfo } from '@krs-kit/contract/operations'

export interface LoadedOperation {
  info: OperationInfo
  /** The catalogue name of each of the operation's error codes (its help lists them). */
  errorNames: Partial<Record<ErrorCode, string>>
}

/** The entry of `info`, with the names of its error codes, from the full registry. */
export function loadedOperation(
  info: OperationInfo,
  catalogue: Readonly<Record<ErrorCode, { name: string }>>,
): LoadedOperation {
  const errorNames: Partial<Record<ErrorCode, string>> = {}
  for (const code of info.errors) errorNames[code] = catalogue[code].name
  return { info, errorNames }
}

export async function loadOperation(name: string): Promise<LoadedOperation> {
  const [{ operations }, { errorCatalogue }] = await Promise.all([
    import('@krs-kit/contract/operations'),
    import('@krs-kit/contract/errors'),
  ])
  return loadedOperation(operations[name as keyof typeof operations], errorCatalogue)
}
