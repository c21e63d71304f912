/**
 * Scenarios: the description of one emulated environment, and the tenant state built from it.
 * See README.md for the file format.
 */
export { parseScenarioWith } from './parse-scenario.js'
export { defaultScenario } from './default-scenario.js'
export { createTenantState } from './create-tenant.js'
export { snapshotTenant, restoreTenant } from './snapshot.js'
export { ScenarioError } from '../kernel/scenario-error.js'
export { assembleScenarioSchema } from './scenario-schema.js'
export type * from './scenario-types.js'
