/**
 * @krs-kit/mock-server — the KREISEL emulator's platform-neutral engine.
 * Doors: `@krs-kit/mock-server/node` (HTTP server) and `@krs-kit/mock-server/msw` (MSW
 * handlers for Node tests and browsers); the `krs-mock` program is
 * `@krs-kit/mock-server/program`, its flags `@krs-kit/mock-server/options`.
 */
export { createEngine, type EmulatorOptions } from './emulator.js'
export { MAX_BODY_BYTES, TemplateError, UnknownSourceError } from './kernel/create-engine.js'
export type { Engine, EngineOptions, CreateTemplateOptions, CreateTenantOptions } from './kernel/create-engine.js'
export { ContractViolationError } from './kernel/engine-internals.js'
export type { EngineLogger } from './kernel/engine-internals.js'
export type { EngineContext } from './kernel/context.js'
export { KrsError, isKrsError } from './kernel/krs-error.js'
export type { RawRequest, RawResponse } from './kernel/raw-http.js'
export type { ClockMode, ClockOptions, ClockState } from './kernel/clock.js'
export type { TenantRuntime } from './kernel/tenant-runtime.js'
export { tokensByName } from './kernel/tenant-runtime.js'
export { DEFAULT_TENANT_ID } from './kernel/tenant-registry.js'
export type { TickHook, TickContext } from './kernel/tick-hook.js'
export type { TenantSnapshot, EngineStateFile } from './kernel/snapshot.js'
export type { PersistenceHook, WriteRecord } from './kernel/write-record.js'
export { SnapshotError } from './kernel/snapshot.js'
export { handlerTable } from './emulator.js'
/** Hosts without the data file (a browser) give the zip dictionary text themselves (`zipText`). */
export type { ZipTextLoader } from './domains/zip/zip-source.js'
export { scenarioSchema, parseScenario } from './emulator.js'
export { defaultScenario, ScenarioError } from './scenario/index.js'
export type { Scenario } from './scenario/index.js'
export type { ScenarioSections } from './kernel/tenant-state.js'
