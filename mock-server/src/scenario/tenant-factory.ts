import type { AnyStateSection } from '../kernel/state-section.js'
import type { TenantFactory } from '../kernel/tenant-factory.js'
import { createTenantState, scenarioSectionsOf } from './create-tenant.js'
import { defaultScenario } from './default-scenario.js'
import { checkScenarioSections, parseScenarioWith } from './parse-scenario.js'
import type { ScenarioJsonSchema } from './scenario-schema.js'
import type { Scenario } from './scenario-types.js'
import { clockWithScenarioNow } from './scenario-now.js'
import { restoreTenant, snapshotTenant } from './snapshot.js'

declare module '../kernel/tenant-state.js' {
  interface EmulatorTypes {
    scenario: Scenario
  }
}

/**
 * How the kernel builds, saves and restores tenants: from scenario files valid against
 * `schema` (assembled from the modules' parts by the composition root), saving the modules'
 * `sections` with their snapshot parts.
 */
export const createScenarioTenantFactory = (
  schema: ScenarioJsonSchema,
  sections: readonly AnyStateSection[],
): TenantFactory => ({
  parseScenario: (input) => parseScenarioWith(schema, input),
  defaultScenario,
  clockOptions: clockWithScenarioNow,
  build: (id, scenario, opts) => createTenantState(id, scenario, opts),
  snapshot: (state) => snapshotTenant(state, sections),
  restore(json, scenario) {
    const state = restoreTenant(json, sections)
    // Snapshots written before the state kept its scenario sections: take them from the envelope.
    if (state.scenario === undefined && typeof scenario === 'object' && scenario !== null) {
      state.scenario = scenarioSectionsOf(scenario as Partial<Scenario>)
    }
    // the modules read their sections typed: a snapshot's must fit their schema parts too
    if (state.scenario !== undefined) checkScenarioSections(schema, state.scenario)
    return state
  },
})
