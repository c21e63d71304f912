import type { EngineContext } from '../../kernel/context.js'
import type { OperationHandlers } from '@krs-kit/contract/handlers'
import type { OperationResponse } from '@krs-kit/contract/operation-types'
import type { ConditionExtrasOf } from './conditions/compile-condition.js'
import { addConditionOp, deleteConditionOp, getConditionsOp } from './conditions/operations.js'
import {
  getEnvironmentName,
  getMemberTableElementConfig,
  getMemberTableElements,
  getMemberTables,
  lockDatabase,
  unlockDatabase,
} from './tables/operations.js'
import {
  addMemberOp,
  deleteMemberOp,
  getMemberInfoOp,
  getMemberInfosByConditionOp,
  getMemberInfosByOneshotConditionOp,
  getMembersNumByConditionOp,
  getMembersNumByOneshotConditionOp,
  lookupMemberIdOp,
  updateMemberOp,
} from './members/operations.js'

type MemberDbOperation =
  | 'get_environment_name'
  | 'get_member_tables'
  | 'get_member_table_elements'
  | 'get_member_table_element_config'
  | 'lock_database'
  | 'unlock_database'
  | 'lookup_member_id'
  | 'get_member_info'
  | 'get_member_infos_by_oneshot_condition'
  | 'get_member_infos_by_condition'
  | 'get_members_num_by_oneshot_condition'
  | 'get_members_num_by_condition'
  | 'add_member'
  | 'update_member'
  | 'delete_member'
  | 'add_condition'
  | 'delete_condition'
  | 'get_conditions'

type One = OperationResponse<'get_member_info'>
type Many = OperationResponse<'get_member_infos_by_condition'>

/**
 * The 18 member-database operations: one-line delegations to the domain's operations. Bodies
 * arrive validated against the contract and with rights and options checked. Conditions get
 * the other domains' keys through `extrasOf` (none by default).
 */
export const createMemberDbHandlers = (extrasOf: ConditionExtrasOf = () => ({})) =>
  ({
    get_environment_name: (ctx) => getEnvironmentName(ctx),
    get_member_tables: (ctx) => getMemberTables(ctx),
    get_member_table_elements: (ctx, b) => getMemberTableElements(ctx, b.member_table_id),
    get_member_table_element_config: (ctx, b) => getMemberTableElementConfig(ctx, b.element_id),
    lock_database: (ctx, b) => lockDatabase(ctx, b.member_table_id),
    unlock_database: (ctx, b) => unlockDatabase(ctx, b.member_table_id),
    lookup_member_id: (ctx, b) => lookupMemberIdOp(ctx, b.member_table_id, b.member_info),
    get_member_info: (ctx, b) => getMemberInfoOp(ctx, b.member_table_id, b.member_id) as One,
    get_member_infos_by_oneshot_condition: (ctx, b) =>
      getMemberInfosByOneshotConditionOp(ctx, b.member_table_id, b.condition_info, b, extrasOf(ctx.tenant)) as Many,
    get_member_infos_by_condition: (ctx, b) =>
      getMemberInfosByConditionOp(ctx, b.member_table_id, b.condition_id, b, extrasOf(ctx.tenant)) as Many,
    get_members_num_by_oneshot_condition: (ctx, b) =>
      getMembersNumByOneshotConditionOp(ctx, b.member_table_id, b.condition_info, extrasOf(ctx.tenant)),
    get_members_num_by_condition: (ctx, b) =>
      getMembersNumByConditionOp(ctx, b.member_table_id, b.condition_id, extrasOf(ctx.tenant)),
    add_member: (ctx, b) => addMemberOp(ctx, b.member_table_id, b.member_info),
    update_member: (ctx, b) => updateMemberOp(ctx, b.member_table_id, b.member_id, b.member_info),
    delete_member: (ctx, b) => deleteMemberOp(ctx, b.member_table_id, b.member_id),
    add_condition: (ctx, b) => addConditionOp(ctx, b.member_table_id, b.condition_info, extrasOf(ctx.tenant)),
    delete_condition: (ctx, b) => deleteConditionOp(ctx, b.condition_id),
    get_conditions: (ctx, b) => getConditionsOp(ctx, b.member_table_id),
  }) satisfies Pick<OperationHandlers<EngineContext>, MemberDbOperation>

/** The handlers without other domains' condition keys (unit tests and benchmarks of this domain). */
export const memberDbHandlers = createMemberDbHandlers()
