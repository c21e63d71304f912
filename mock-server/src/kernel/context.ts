import type { OperationName } from '@krs-kit/contract/operation-names'
import type { Account } from './account.js'
import type { TenantState } from './tenant-state.js'

/**
 * What every operation handler receives. Handlers are pure engine code: they read and
 * change `tenant`, read time only through `now()`, draw randomness only through `random()`,
 * and throw `KrsError` for every refusal. The engine snapshots nothing for them: a handler
 * must validate everything before its first write ("bad input changes nothing").
 * A handler whose writes can still fail half-way registers the inverse of each write with
 * `onUndo`; when it then throws (a `KrsError` or an unexpected exception), the engine runs
 * those inverses, newest first, before it answers, so the tenant state is unchanged.
 */
export interface EngineContext {
  readonly operation: OperationName
  readonly tenant: TenantState
  /** null only for operations without security (get_version). */
  readonly account: Account | null
  /** Engine clock, unix seconds (integer). */
  now(): number
  /** Seeded random source in [0, 1). */
  random(): number
  /** Append an audit-log entry (agent program switch, download, upload, bulk delete). */
  audit(action: string, detail: Record<string, unknown>): void
  /**
   * Register the inverse of a write just made (run only if the handler then throws).
   * Optional so that hand-built contexts in unit tests stay valid: call `ctx.onUndo?.(...)`.
   */
  onUndo?(undo: () => void): void
  /**
   * Record that this call changed the tenant's persisted state in a way the other methods
   * do not already record (audit, onUndo and random do). Optional like onUndo.
   */
  markMutated?(): void
  /** The journal id of this request (`req_000042`); absent in hand-built test contexts. */
  readonly requestId?: string
}
