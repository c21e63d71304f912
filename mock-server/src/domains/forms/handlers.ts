import type { EngineContext } from '../../kernel/context.js'
import type { OperationHandlers } from '@krs-kit/contract/handlers'
import { authMemberOp } from './auth.js'
import { doMemberFormActionOp } from './form-action.js'
import {
  checkUniqueMemberConflictionOp,
  getDeletedMemberListOp,
  getMemberFormElementsOp,
  getMemberFormsOp,
  getMemberInfoForUpdateOp,
  validateMemberFormParameterOp,
  validateMemberFormParametersOp,
} from './form-operations.js'
import { getOneclickLoginUrlOp } from './oneclick.js'

type FormsOperation =
  | 'get_member_forms'
  | 'get_member_form_elements'
  | 'validate_member_form_parameter'
  | 'validate_member_form_parameters'
  | 'check_unique_member_confliction'
  | 'do_member_form_action'
  | 'auth_member'
  | 'get_member_info_for_update'
  | 'get_deleted_member_list'
  | 'get_oneclick_login_url'

/** The 10 operations of member forms and one-click login: one-line delegations to the rules. */
export const formsHandlers = {
  get_member_forms: (ctx, b) => getMemberFormsOp(ctx, b.member_table_id),
  get_member_form_elements: (ctx, b) => getMemberFormElementsOp(ctx, b.form_id),
  validate_member_form_parameter: (ctx, b) =>
    validateMemberFormParameterOp(ctx, b.form_id, b.form_element_name, b.parameter),
  validate_member_form_parameters: (ctx, b) => validateMemberFormParametersOp(ctx, b.form_id, b.form_element_values),
  check_unique_member_confliction: (ctx, b) =>
    checkUniqueMemberConflictionOp(ctx, b.form_id, b.member_id, b.member_info),
  do_member_form_action: (ctx, b) => doMemberFormActionOp(ctx, b.member_form_id, b.member_id, b.member_info),
  auth_member: (ctx, b) => authMemberOp(ctx, b.member_form_id, b.member_info, b.password),
  get_member_info_for_update: (ctx, b) => getMemberInfoForUpdateOp(ctx, b.member_form_id, b.member_id),
  get_deleted_member_list: (ctx, b) => getDeletedMemberListOp(ctx, b.member_form_id, b.after, b.offset),
  get_oneclick_login_url: (ctx, b) => getOneclickLoginUrlOp(ctx, b.member_form_id, b.member_id, b.limit, b.unit),
} satisfies Pick<OperationHandlers<EngineContext>, FormsOperation>
