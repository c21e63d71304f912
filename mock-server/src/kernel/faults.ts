import type { ErrorCode } from '@krs-kit/contract/errors'

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
