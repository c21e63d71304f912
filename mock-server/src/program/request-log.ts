import type { AnswerObserver } from '../node/index.js'

/** Where the request log writes its lines (krs-mock: stdout). */
export type LineSink = (text: string) => void

/**
 * One line per request, batched into one write per event-loop turn so logging does not
 * cost a system call per request under load.
 * `2026-11-21T17:00:00.000Z POST /api/v1/get_member_info 200 get_member_info 0.4ms`
 */
export function createRequestLog(sink: LineSink): AnswerObserver {
  let pending: string[] = []
  let scheduled = false
  const flush = (): void => {
    scheduled = false
    const text = pending.join('')
    pending = []
    sink(text)
  }
  return (method, path, res, ms) => {
    const parts = [new Date().toISOString(), method, path, String(res.status)]
    if (res.operation) parts.push(res.operation)
    if (res.errorCode) parts.push(res.errorCode)
    if (res.tenantId && res.tenantId !== 'default') parts.push(`tenant=${res.tenantId}`)
    parts.push(`${ms.toFixed(1)}ms`)
    pending.push(`${parts.join(' ')}\n`)
    if (!scheduled) {
      scheduled = true
      setImmediate(flush)
    }
  }
}
