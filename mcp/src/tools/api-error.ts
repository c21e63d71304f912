import { isKrsApiError, KrsSdkError } from '@krs-kit/sdk'
import { errorEntry } from '../contract.js'
import { isErrorCode } from '@krs-kit/contract/errors'
import type { ToolAnswer } from './tool.js'

/**
 * A failed call as a tool error: the error code with its English name and Japanese meaning
 * from the catalogue, the status, the service's detail and the request id to quote.
 */
export function failedCall(e: unknown): ToolAnswer {
  if (isKrsApiError(e)) {
    const entry = isErrorCode(e.code) ? errorEntry(e.code) : undefined
    const lines = [
      `${e.operation} was refused: ${e.code} ${entry?.name ?? e.desc}`,
      `meaning: ${entry?.description ?? e.desc}`,
      `status: ${e.status}`,
      ...(e.detail ? [`detail: ${e.detail}`] : []),
      `request id: ${e.requestId ?? 'none'}`,
    ]
    return { text: lines.join('\n'), isError: true }
  }
  if (e instanceof KrsSdkError) {
    return {
      text: `${e.operation ?? 'call'} failed: ${e.name}: ${e.message}${e.requestId ? `\nrequest id: ${e.requestId}` : ''}`,
      isError: true,
    }
  }
  return { text: `failed: ${(e as Error).message ?? String(e)}`, isError: true }
}
