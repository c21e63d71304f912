import type { OperationName } from '@krs-kit/contract/operation-names'
import type { EngineContext } from './context.js'
import type { HandlerTable } from './handler-table.js'
import type { TextContentTypes } from './text-content-type.js'
import type { TenantRegistry } from './tenant-registry.js'
import type { WallClock } from './clock.js'
import type { TickHook } from './tick-hook.js'
import type { ReadBodyMemo } from './read-body-memo.js'
import type { PersistenceHook } from './write-record.js'

/** Where the engine reports what no response can carry (unexpected exceptions). */
export interface EngineLogger {
  error(message: string, error?: unknown): void
  warn(message: string): void
}

/** What the pipeline and the admin API share inside one engine. */
export interface EngineInternals {
  readonly registry: TenantRegistry
  readonly handlers: HandlerTable
  readonly textContentTypes: TextContentTypes
  /** The modules' JSON-text answers (module.ts JsonAnswer), by operation; none when responses are validated. */
  readonly jsonAnswers: Readonly<Partial<Record<OperationName, (ctx: EngineContext, body: unknown) => string>>>
  readonly validateResponses: boolean
  readonly maxBodyBytes: number
  readonly logger: EngineLogger
  readonly wall: WallClock
  readonly hooks: readonly TickHook[]
  readonly defaults: {
    seed: number
    members: number | undefined
    clockMode: 'real' | 'manual'
    clockSpeed: number
    clockNow: number | undefined
  }
  nextRequestId(): string
  /** The body of the last read-like call, kept valid and frozen for the next same read. */
  readonly readBodies: ReadBodyMemo
  /** Count a change of persisted state (a store snapshots when this moved). */
  markChanged(): void
  /** `EngineOptions.persistence`; the pipeline hands it each accepted write. */
  readonly persistence: PersistenceHook | null
  /** True while logged writes run again (they are not handed to the hook a second time). */
  replaying: boolean
  /** `EngineOptions.onShutdownRequest`, or null when the host cannot be stopped this way. */
  readonly shutdown: (() => void) | null
  /** Wall time the engine was created (ms), for `GET /__mock/health`'s uptime. */
  readonly startedAt: number
}

/** A response that does not match the contract (dev/test mode): a bug in the emulator. */
export class ContractViolationError extends Error {
  override readonly name = 'ContractViolationError'
}
