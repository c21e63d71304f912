import type { EngineContext } from '../../kernel/context.js'
import type { OperationHandlers } from '../../generated/handlers.js'
import { exportMembersOp, getBatchJobResultOp, getBatchJobStatusOp, importMembersOp } from '../batch/operations.js'
import { deleteMembersByConditionOp, deleteMembersOp } from '../batch/bulk-delete.js'
import { getVersion } from '../environment/get-version.js'
import { authMemberOp } from './auth.js'
import { doMemberFormActionOp } from './form-action.js'
import {
  checkUniqueMemberConflictionOp, getDeletedMemberListOp, getMemberFormElementsOp, getMemberFormsOp, getMemberInfoForUpdateOp,
  validateMemberFormParameterOp, validateMemberFormParametersOp,
} from './form-operations.js'
import { getOneclickLoginUrlOp } from './oneclick.js'
import {
  getPostedImageUrlsByConditionOp, getPostedImageUrlsByOneshotConditionOp, getPostedImageUrlsOp,
} from '../posted-images/operations.js'
import { uploadStoredFilesOp } from '../stored-files/operations.js'
import { searchAddressesByZipOp } from '../zip/operations.js'

type ServicesOperation =
  | 'get_member_forms' | 'get_member_form_elements' | 'validate_member_form_parameter' | 'validate_member_form_parameters'
  | 'check_unique_member_confliction' | 'do_member_form_action' | 'auth_member' | 'get_member_info_for_update'
  | 'get_deleted_member_list' | 'get_oneclick_login_url' | 'get_posted_image_urls'
  | 'get_posted_image_urls_by_oneshot_condition' | 'get_posted_image_urls_by_condition' | 'get_version'
  | 'search_addresses_by_zip' | 'export_members' | 'import_members' | 'get_batch_job_status' | 'get_batch_job_result'
  | 'delete_members' | 'delete_members_by_condition' | 'upload_stored_files'

const info = (m: unknown) => (m ?? {}) as Record<string, unknown>

/**
 * The 22 operations of emulator part 3 (forms, one-click login, posted images, zip search,
 * batch jobs, bulk deletion, stored files, version): one-line delegations to the domains.
 * get_batch_job_result answers the file text; its content type is `batchResultContentType`.
 */
export const servicesHandlers = {
  get_member_forms: (ctx, b) => getMemberFormsOp(ctx, b.member_table_id),
  get_member_form_elements: (ctx, b) => getMemberFormElementsOp(ctx, b.form_id),
  validate_member_form_parameter: (ctx, b) => validateMemberFormParameterOp(ctx, b.form_id, b.form_element_name, b.parameter),
  validate_member_form_parameters: (ctx, b) => validateMemberFormParametersOp(ctx, b.form_id, info(b.form_element_values)),
  check_unique_member_confliction: (ctx, b) => checkUniqueMemberConflictionOp(ctx, b.form_id, b.member_id, info(b.member_info)),
  do_member_form_action: (ctx, b) => doMemberFormActionOp(ctx, b.member_form_id, b.member_id, info(b.member_info)),
  auth_member: (ctx, b) => authMemberOp(ctx, b.member_form_id, info(b.member_info), b.password),
  get_member_info_for_update: (ctx, b) => getMemberInfoForUpdateOp(ctx, b.member_form_id, b.member_id),
  get_deleted_member_list: (ctx, b) => getDeletedMemberListOp(ctx, b.member_form_id, b.after, b.offset),
  get_oneclick_login_url: (ctx, b) => getOneclickLoginUrlOp(ctx, b.member_form_id, b.member_id, b.limit, b.unit),
  get_posted_image_urls: (ctx, b) => getPostedImageUrlsOp(ctx, b),
  get_posted_image_urls_by_oneshot_condition: (ctx, b) => getPostedImageUrlsByOneshotConditionOp(ctx, b),
  get_posted_image_urls_by_condition: (ctx, b) => getPostedImageUrlsByConditionOp(ctx, b),
  get_version: getVersion,
  search_addresses_by_zip: (ctx, b) => searchAddressesByZipOp(ctx, b.zip),
  export_members: (ctx, b) => exportMembersOp(ctx, b),
  import_members: (ctx, b) => importMembersOp(ctx, { ...b, override_options: b.override_options as Record<string, string> | undefined }),
  get_batch_job_status: (ctx, b) => getBatchJobStatusOp(ctx, b.batch_job_id),
  get_batch_job_result: (ctx, b) => getBatchJobResultOp(ctx, b.batch_job_id),
  delete_members: (ctx, b) => deleteMembersOp(ctx, { ...b, additional_condition: info(b.additional_condition) }),
  delete_members_by_condition: (ctx, b) => deleteMembersByConditionOp(ctx, b),
  upload_stored_files: (ctx, b) => uploadStoredFilesOp(ctx, b),
} satisfies Pick<OperationHandlers<EngineContext>, ServicesOperation>
