import type { OperationName } from '@krs-kit/contract/operation-names'
import type { Account } from './account.js'
import type { TenantState } from './tenant-state.js'
import type { EngineContext } from './context.js'
import type { TenantRuntime } from './tenant-runtime.js'

/** The `EngineContext` of one call; methods live on the prototype (one object per call). */
export class RequestContext implements EngineContext {
  readonly tenant: TenantState
  undos: (() => void)[] | null = null
  /**
   * Whether the call changed persisted state: set by audit(), onUndo(), markMutated() and by
   * drawing from the seeded random source (its position is part of every snapshot).
   */
  mutated = false

  constructor(
    readonly operation: OperationName,
    private readonly runtime: TenantRuntime,
    readonly account: Account | null,
    readonly requestId: string,
  ) {
    this.tenant = runtime.state
  }

  now(): number {
    return this.runtime.clock.now()
  }

  random(): number {
    this.mutated = true
    return this.runtime.random.next()
  }

  audit(action: string, detail: Record<string, unknown>): void {
    this.mutated = true
    this.tenant.audit.push({ at: this.now(), accountId: this.account?.id ?? null, action, detail })
  }

  markMutated(): void {
    this.mutated = true
  }

  onUndo(undo: () => void): void {
    this.mutated = true
    this.undos ??= []
    this.undos.push(undo)
  }

  /** Run the registered inverses, newest first. */
  rollback(): void {
    const undos = this.undos
    if (!undos) return
    this.undos = null
    for (let i = undos.length - 1; i >= 0; i--) undos[i]!()
  }
}
