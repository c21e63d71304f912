/**
 * @krs-kit/mock-server — the KREISEL emulator's platform-neutral engine.
 * Doors: `@krs-kit/mock-server/node` (HTTP server, `krs-mock`) and
 * `@krs-kit/mock-server/msw` (MSW handlers for Node tests and browsers).
 */
export { createEngine, MAX_BODY_BYTES } from './engine/create-engine.js'
export type { Engine, EngineOptions, CreateTenantOptions } from './engine/create-engine.js'
export { ContractViolationError } from './engine/engine-internals.js'
export type { EngineLogger } from './engine/engine-internals.js'
export type { EngineContext } from './engine/context.js'
export { KrsError, isKrsError } from './engine/krs-error.js'
export type { RawRequest, RawResponse } from './engine/raw-http.js'
export type { ClockMode, ClockOptions, ClockState } from './engine/clock.js'
export type { TenantRuntime } from './engine/tenant-runtime.js'
export { tokensByName } from './engine/tenant-runtime.js'
export { DEFAULT_TENANT_ID } from './engine/tenant-registry.js'
export type { TickHook, TickContext } from './engine/tick-hook.js'
export type { TenantSnapshot, EngineStateFile } from './engine/snapshot.js'
export { SnapshotError } from './engine/snapshot.js'
export { handlerTable } from './handler-table.js'
/** Hosts without a file system (a browser) give the zip dictionary text themselves. */
export { setZipTextLoader, type ZipTextLoader } from './domains/zip/zip-source.js'
export { scenarioSchema, parseScenario, defaultScenario, ScenarioError } from './scenario/index.js'
export type { Scenario } from './scenario/index.js'
export type { ScenarioSections } from './model/tenant.js'
