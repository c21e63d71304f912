import { batchResultContentType } from '../domains/forms/forms-admin.js'
import type { OperationName } from '../generated/operation-names.js'
import type { TenantState } from './tenant-state.js'

/**
 * The content type of an operation that answers text, when it depends on the call: the
 * result file of get_batch_job_result is text/csv or text/tab-separated-values (a TSV
 * export). Others use the first content type the contract lists.
 */
const byCall: Partial<Record<OperationName, (tenant: TenantState, body: unknown) => string>> = {
  get_batch_job_result: (tenant, body) => batchResultContentType(tenant, (body as { batch_job_id: number }).batch_job_id),
}

export function textContentType(op: OperationName, contractTypes: readonly string[], tenant: TenantState, body: unknown): string {
  const type = byCall[op]?.(tenant, body) ?? contractTypes[0] ?? 'text/plain'
  return `${type}; charset=utf-8`
}
