import type { StateSection } from '../../kernel/state-section.js'
import { useSection } from '../../kernel/state-section.js'
import type { TickHook } from '../../kernel/tick-hook.js'
import type { TenantState } from '../../kernel/tenant-state.js'
import type { BatchState } from './batch-state.js'
import { batchSettings, scenarioColumnSets } from './batch-scenario.js'
import { nextBatchDue, runDueBatchJobs } from './job-runner.js'

export const batchSection: StateSection<'batch'> = {
  key: 'batch',
  create(tenant): BatchState {
    const settings = batchSettings(tenant)
    const columnSets: BatchState['columnSets'] = {}
    for (const c of scenarioColumnSets(tenant)) columnSets[String(c.id)] = c
    return {
      jobs: {},
      nextJobId: 501,
      columnSets,
      importedFileIds: [],
      timing: settings.timing,
      accountPasswords: settings.accountPasswords,
    }
  },
}

export const batchOf = (tenant: TenantState, now: number): BatchState => useSection(tenant, batchSection, now)

/**
 * Run every batch transition due at or before `now` (jobs that finish, results that expire).
 * The engine's scheduler calls it through `batchTickHook`; handlers that a running job
 * affects (batch, forms) call it first.
 */
export function advanceBatchJobs(tenant: TenantState, now: number): void {
  if (tenant.batch) runDueBatchJobs(tenant, tenant.batch, now)
}

/** The scheduler hook of the batch module. */
export const batchTickHook: TickHook = {
  name: 'batch',
  nextDue: (tenant) => (tenant.batch ? nextBatchDue(tenant.batch) : null),
  run: ({ tenant, now }) => advanceBatchJobs(tenant, now),
}
