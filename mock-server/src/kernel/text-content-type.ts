import type { OperationName } from '@krs-kit/contract/operation-names'
import type { TenantState } from './tenant-state.js'

/** Per operation, the content type of a text answer that depends on the call (from the modules). */
export type TextContentTypes = Partial<Record<OperationName, (tenant: TenantState, body: unknown) => string>>

/**
 * The content type of an operation that answers text: the module's choice for this call (the
 * batch module answers text/csv or text/tab-separated-values), else the first content type
 * the contract lists.
 */
export function textContentType(
  byCall: TextContentTypes,
  op: OperationName,
  contractTypes: readonly string[],
  tenant: TenantState,
  body: unknown,
): string {
  const type = byCall[op]?.(tenant, body) ?? contractTypes[0] ?? 'text/plain'
  return `${type}; charset=utf-8`
}
