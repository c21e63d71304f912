import type { OperationName } from '../generated/operation-names.js'
import { KrsError } from './krs-error.js'

/**
 * A handler for an operation the emulator does not emulate yet: it answers
 * 500 KRSKIT_INTERNAL_ERROR "<name> is not emulated yet" — visible, never a fake success.
 */
export function notEmulated<K extends OperationName>(name: K): (ctx: unknown, body: unknown) => never {
  return () => {
    throw new KrsError('KRSKIT_INTERNAL_ERROR', `${name} is not emulated yet`)
  }
}

/**
 * The operations of part 3 (forms, images, zip, batch, files) of the emulator that are
 * not wired yet. Each part replaces its entries with real handlers; this list shrinks
 * to nothing.
 */
export const placeholderHandlers = {
  // forms
  get_member_forms: notEmulated('get_member_forms'),
  get_member_form_elements: notEmulated('get_member_form_elements'),
  validate_member_form_parameter: notEmulated('validate_member_form_parameter'),
  validate_member_form_parameters: notEmulated('validate_member_form_parameters'),
  check_unique_member_confliction: notEmulated('check_unique_member_confliction'),
  do_member_form_action: notEmulated('do_member_form_action'),
  auth_member: notEmulated('auth_member'),
  get_member_info_for_update: notEmulated('get_member_info_for_update'),
  get_deleted_member_list: notEmulated('get_deleted_member_list'),
  get_oneclick_login_url: notEmulated('get_oneclick_login_url'),
  // posted-images
  get_posted_image_urls: notEmulated('get_posted_image_urls'),
  get_posted_image_urls_by_oneshot_condition: notEmulated('get_posted_image_urls_by_oneshot_condition'),
  get_posted_image_urls_by_condition: notEmulated('get_posted_image_urls_by_condition'),
  // zip
  search_addresses_by_zip: notEmulated('search_addresses_by_zip'),
  // batch
  export_members: notEmulated('export_members'),
  import_members: notEmulated('import_members'),
  get_batch_job_status: notEmulated('get_batch_job_status'),
  get_batch_job_result: notEmulated('get_batch_job_result'),
  delete_members: notEmulated('delete_members'),
  delete_members_by_condition: notEmulated('delete_members_by_condition'),
  // files
  upload_stored_files: notEmulated('upload_stored_files'),
} as const

/** Names of the operations that still answer "not emulated yet". */
export const notEmulatedOperations: readonly OperationName[] = Object.keys(placeholderHandlers) as OperationName[]
