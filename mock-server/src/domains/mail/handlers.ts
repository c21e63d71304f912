import type { EngineContext } from '../../kernel/context.js'
import type { OperationHandlers } from '@krs-kit/contract/handlers'
import {
  addAgentProgram,
  deleteAgentProgram,
  enableAgentProgram,
  getAgentPrograms,
  getMailMessageByAgentProgram,
} from './agent-programs/agent-program-ops.js'
import { addDeliverySchedule, addTestDeliverySchedule, cancelDeliverySchedule } from './deliveries/schedule-ops.js'
import { getDeliveryResultsByAgentProgram, getDeliveryResultsByInterval } from './results/history-ops.js'
import {
  getAddressesForDelivery,
  getClickCountResult,
  getClickCountsForDelivery,
  getDeliveryResult,
  getDeliveryStatus,
} from './results/result-ops.js'
import { getSummaryForDeliveryStatus } from './results/summary-ops.js'
import {
  addMailMessage,
  addMailMessageForAgentProgram,
  deleteMailMessage,
  deleteMailMessageForAgentProgram,
  updateMailMessageForAgentProgram,
} from './messages/mail-message-ops.js'

type MailDeliveryOperation =
  | 'add_mail_message'
  | 'delete_mail_message'
  | 'add_mail_message_for_agent_program'
  | 'update_mail_message_for_agent_program'
  | 'delete_mail_message_for_agent_program'
  | 'get_mail_message_by_agent_program'
  | 'add_delivery_schedule'
  | 'add_test_delivery_schedule'
  | 'cancel_delivery_schedule'
  | 'add_agent_program'
  | 'delete_agent_program'
  | 'enable_agent_program'
  | 'get_agent_programs'
  | 'get_delivery_status'
  | 'get_delivery_result'
  | 'get_addresses_for_delivery'
  | 'get_click_counts_for_delivery'
  | 'get_click_count_result'
  | 'get_delivery_results_by_interval'
  | 'get_delivery_results_by_agent_program'
  | 'get_summary_for_delivery_status'

/**
 * The 21 mail operations (mail messages, deliveries, agent programs,
 * results). Each handler first brings the tenant's deliveries up to the engine clock.
 */
export const mailDeliveryHandlers = {
  add_mail_message: addMailMessage,
  delete_mail_message: deleteMailMessage,
  add_mail_message_for_agent_program: addMailMessageForAgentProgram,
  update_mail_message_for_agent_program: updateMailMessageForAgentProgram,
  delete_mail_message_for_agent_program: deleteMailMessageForAgentProgram,
  get_mail_message_by_agent_program: getMailMessageByAgentProgram,
  add_delivery_schedule: addDeliverySchedule,
  add_test_delivery_schedule: addTestDeliverySchedule,
  cancel_delivery_schedule: cancelDeliverySchedule,
  add_agent_program: addAgentProgram,
  delete_agent_program: deleteAgentProgram,
  enable_agent_program: enableAgentProgram,
  get_agent_programs: getAgentPrograms,
  get_delivery_status: getDeliveryStatus,
  get_delivery_result: getDeliveryResult,
  get_addresses_for_delivery: getAddressesForDelivery,
  get_click_counts_for_delivery: getClickCountsForDelivery,
  get_click_count_result: getClickCountResult,
  get_delivery_results_by_interval: getDeliveryResultsByInterval,
  get_delivery_results_by_agent_program: getDeliveryResultsByAgentProgram,
  get_summary_for_delivery_status: getSummaryForDeliveryStatus,
} satisfies Pick<OperationHandlers<EngineContext>, MailDeliveryOperation>
