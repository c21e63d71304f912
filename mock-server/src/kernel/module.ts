import type { OperationHandler } from '@krs-kit/contract/handlers'
import type { OperationName } from '@krs-kit/contract/operation-names'
import type { OperationRequest } from '@krs-kit/contract/operation-types'
import type { AdminRoutes } from './admin-request.js'
import type { EngineContext } from './context.js'
import type { AnyStateSection } from './state-section.js'
import type { TenantState } from './tenant-state.js'
import type { TickHook } from './tick-hook.js'

/** The handlers of the operations a module owns, typed by the generated registry. */
export type ModuleHandlers<Ops extends OperationName> = { [K in Ops]: OperationHandler<K, EngineContext> }

/**
 * Writes an operation's 200 answer as JSON text directly, for a hot read: the text must equal
 * `JSON.stringify` of what the operation's handler returns for the same call (the module
 * tests so). Used when responses are not validated; the handler answers otherwise.
 */
export type JsonAnswer<K extends OperationName> = (ctx: EngineContext, body: OperationRequest<K>) => string

/**
 * A module's keys of the scenario file, as JSON Schema 2020-12: top-level `properties`
 * (`delivery`, `forms`, ...) and keys under `extensions`. The scenario layer assembles the
 * scenario schema from the parts of every module (`assembleScenarioSchema`) and validates a
 * file before any module reads its section, so a section reader can trust the types its part
 * declares.
 */
export interface ScenarioSchemaPart {
  readonly properties: Readonly<Record<string, unknown>>
  readonly extensions?: Readonly<Record<string, unknown>>
  /** Its top-level keys every scenario must have. */
  readonly required?: readonly string[]
  /**
   * Its rules that a JSON Schema cannot say (unique ids, references), run on a scenario valid
   * against the schema; throws ScenarioError (kernel/scenario-error.ts) naming the key.
   */
  check?(scenario: Readonly<Record<string, unknown>>): void
  /**
   * Its lists of entities that a scenario with `extends: default` merges entry by entry by
   * `id` (other lists are replaced), as paths with `[]` for any index: `memberTables`,
   * `memberTables[].elements`.
   */
  readonly mergedById?: readonly string[]
}

/**
 * One domain of the emulator, with everything that belongs to it. The kernel runs modules
 * and knows none of them; `src/emulator.ts` lists them.
 */
export interface EmulatorModule<Ops extends OperationName = OperationName> {
  readonly name: string
  /** The operations it owns; `satisfies ModuleHandlers<...>` at the definition. */
  readonly handlers: ModuleHandlers<Ops>
  /** Its sections of the tenant state (type by declaration merging on TenantSections). */
  readonly sections?: readonly AnyStateSection[]
  /** Its timed transitions. */
  readonly tickHook?: TickHook
  /** Its keys of the scenario file. */
  readonly scenarioSchema?: ScenarioSchemaPart
  /** Its routes under `/__mock/`, by path after the prefix. */
  readonly adminRoutes?: Readonly<Record<string, AdminRoutes>>
  /** Answers written as JSON text without building the value first (see JsonAnswer). */
  readonly jsonAnswers?: { readonly [K in Ops]?: JsonAnswer<K> }
  /** The content type of a text answer that depends on the call (else the contract's first). */
  readonly textContentTypes?: { readonly [K in Ops]?: (tenant: TenantState, body: unknown) => string }
}

/** Define a module: checks that its handlers are exactly those of `Ops`. */
export function defineModule<Ops extends OperationName>(m: EmulatorModule<Ops>): EmulatorModule<Ops> {
  return m
}
