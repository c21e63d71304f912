import { defineModule } from '../../kernel/module.js'
import type { ConditionExtrasOf } from './conditions/compile-condition.js'
import { createMemberDbHandlers } from './handlers.js'
import { checkMemberTables, memberDbScenarioSchema } from './member-db-scenario.js'
import { memberDbSection } from './member-db-section.js'
import { getMemberInfoJson } from './members/operations.js'
import type { MemberDbState } from './member-db-state.js'

declare module '../../kernel/tenant-state.js' {
  interface TenantSections {
    /** Member tables, elements, members, conditions, blacklist. */
    memberDb: MemberDbState
  }
}

/**
 * Member database: tables, members, conditions (18 operations). `extrasOf` brings the other
 * domains' condition keys (the composition root passes mail's).
 */
export const createMemberDbModule = (extrasOf: ConditionExtrasOf) =>
  defineModule({
    name: 'member-db',
    handlers: createMemberDbHandlers(extrasOf),
    sections: [memberDbSection],
    scenarioSchema: {
      properties: memberDbScenarioSchema,
      required: ['memberTables'],
      check: checkMemberTables,
      mergedById: ['memberTables', 'memberTables[].elements', 'memberTables[].conditions'],
    },
    // The hottest read: a member written as JSON straight from the columns.
    jsonAnswers: { get_member_info: (ctx, b) => getMemberInfoJson(ctx, b.member_table_id, b.member_id) },
  })
