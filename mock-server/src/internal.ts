/**
 * `@krs-kit/mock-server/internal`: what this repository's own tooling (the playground, the
 * benchmarks, the cross tests) needs beyond the public entry points. It is NOT public API: it
 * follows the emulator's insides and changes without notice. Other packages import the
 * emulator through the entry points only, never a file under src/ (test/architecture/boundary.test.ts).
 * The contract's data (registry, error catalogue, Ajv setup) is `@krs-kit/contract`'s.
 */

// Doors' parts reused by other hosts (the playground's service worker routes).
export { emulatorRoutes } from './msw/routes.js'
export { isLoopback } from './node/loopback.js'

// Domain handlers and state, driven directly by the benchmarks (no HTTP, no validation).
export type { TenantState } from './kernel/tenant-state.js'
export { buildTenantState } from './emulator.js'
export { memberDbHandlers } from './domains/member-db/handlers.js'
export type { StringColumn } from './domains/member-db/member-columns.js'
export { apiValue } from './domains/member-db/members/member-view.js'
export { mailDeliveryHandlers } from './domains/mail/handlers.js'
export { advanceMailDelivery, mailDeliveryStateFrom } from './domains/mail/mail-section.js'
export { advanceBatchJobs } from './domains/batch/batch-section.js'
