import { defineModule, type ModuleHandlers } from '../../kernel/module.js'
import { batchScenarioSchema } from './batch-scenario.js'
import { batchSection, batchTickHook } from './batch-section.js'
import type { BatchState } from './batch-state.js'
import { deleteMembersByConditionOp, deleteMembersOp } from './bulk-delete.js'
import {
  batchResultContentType,
  exportMembersOp,
  getBatchJobResultOp,
  getBatchJobStatusOp,
  importMembersOp,
} from './operations.js'

declare module '../../kernel/tenant-state.js' {
  interface TenantSections {
    /** Import/export batch jobs, their result files, column sets. */
    batch: BatchState
  }
}

type BatchOperation =
  | 'export_members'
  | 'import_members'
  | 'get_batch_job_status'
  | 'get_batch_job_result'
  | 'delete_members'
  | 'delete_members_by_condition'

/** Batch jobs: import, export, bulk deletion (6 operations); jobs finish on the clock. */
export const batchModule = defineModule({
  name: 'batch',
  handlers: {
    export_members: (ctx, b) => exportMembersOp(ctx, b),
    import_members: (ctx, b) => importMembersOp(ctx, b),
    get_batch_job_status: (ctx, b) => getBatchJobStatusOp(ctx, b.batch_job_id),
    get_batch_job_result: (ctx, b) => getBatchJobResultOp(ctx, b.batch_job_id),
    delete_members: (ctx, b) => deleteMembersOp(ctx, b),
    delete_members_by_condition: (ctx, b) => deleteMembersByConditionOp(ctx, b),
  } satisfies ModuleHandlers<BatchOperation>,
  sections: [batchSection],
  tickHook: batchTickHook,
  scenarioSchema: {
    properties: { columnSets: batchScenarioSchema.columnSets },
    extensions: { services: batchScenarioSchema['extensions.services'] },
    mergedById: ['columnSets'],
  },
  textContentTypes: {
    get_batch_job_result: (tenant, body) =>
      batchResultContentType(tenant, (body as { batch_job_id: number }).batch_job_id),
  },
})
