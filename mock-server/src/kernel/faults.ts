import type { ErrorCode } from '../generated/errors.js'

/**
 * An injected fault: for the next `remaining` calls of `operation` ('*' = any operation),
 * wait `delayMs`, then answer `errorCode` (with the catalogue status, or `status` when
 * given) instead of running the operation. A fault with only a delay lets the call run.
 */
export interface Fault {
  id: number
  operation: string
  remaining: number
  errorCode: ErrorCode | null
  status: number | null
  delayMs: number
}

/** Status-only faults answer the transport code of that status. */
export const codeForStatus: Readonly<Record<number, ErrorCode>> = {
  400: 'KR_API_F0004',
  401: 'KR_API_F1001',
  403: 'KR_API_F0014',
  404: 'KR_API_F0012',
  405: 'KRSKIT_METHOD_NOT_ALLOWED',
  413: 'KRSKIT_PAYLOAD_TOO_LARGE',
  415: 'KRSKIT_UNSUPPORTED_MEDIA_TYPE',
  429: 'KRSKIT_RATE_LIMITED',
  500: 'KRSKIT_INTERNAL_ERROR',
  503: 'KRSKIT_HIGH_LOAD',
}

/** The faults of one tenant, consumed in the order they were added. */
export class FaultTable {
  private faults: Fault[] = []
  private nextId = 1

  add(f: Omit<Fault, 'id'>): Fault {
    const fault = { ...f, id: this.nextId++ }
    this.faults.push(fault)
    return fault
  }

  /** Take one use of the first fault matching `operation`, or null. Fast when empty. */
  take(operation: string): Fault | null {
    if (this.faults.length === 0) return null
    const i = this.faults.findIndex((f) => f.operation === operation || f.operation === '*')
    if (i < 0) return null
    const f = this.faults[i]!
    f.remaining--
    if (f.remaining <= 0) this.faults.splice(i, 1)
    return f
  }

  list(): readonly Fault[] {
    return this.faults
  }

  clear(): void {
    this.faults = []
  }
}
