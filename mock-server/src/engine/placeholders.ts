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
 * The operations of parts 2 (mail and delivery) and 3 (forms, images, zip, batch, files)
 * of the emulator. Each part replaces its entries with real handlers; this list shrinks
 * to nothing.
 */
export const placeholderHandlers = {
  // email-templates
  add_mail_message: notEmulated('add_mail_message'),
  delete_mail_message: notEmulated('delete_mail_message'),
  add_mail_message_for_agent_program: notEmulated('add_mail_message_for_agent_program'),
  update_mail_message_for_agent_program: notEmulated('update_mail_message_for_agent_program'),
  delete_mail_message_for_agent_program: notEmulated('delete_mail_message_for_agent_program'),
  get_mail_message_by_agent_program: notEmulated('get_mail_message_by_agent_program'),
  // delivery
  add_delivery_schedule: notEmulated('add_delivery_schedule'),
  add_test_delivery_schedule: notEmulated('add_test_delivery_schedule'),
  cancel_delivery_schedule: notEmulated('cancel_delivery_schedule'),
  add_agent_program: notEmulated('add_agent_program'),
  delete_agent_program: notEmulated('delete_agent_program'),
  enable_agent_program: notEmulated('enable_agent_program'),
  get_agent_programs: notEmulated('get_agent_programs'),
  // delivery-results
  get_delivery_status: notEmulated('get_delivery_status'),
  get_delivery_result: notEmulated('get_delivery_result'),
  get_addresses_for_delivery: notEmulated('get_addresses_for_delivery'),
  get_click_counts_for_delivery: notEmulated('get_click_counts_for_delivery'),
  get_click_count_result: notEmulated('get_click_count_result'),
  get_delivery_results_by_interval: notEmulated('get_delivery_results_by_interval'),
  get_delivery_results_by_agent_program: notEmulated('get_delivery_results_by_agent_program'),
  get_summary_for_delivery_status: notEmulated('get_summary_for_delivery_status'),
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
