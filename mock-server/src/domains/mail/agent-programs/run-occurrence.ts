import type { AgentProgram, MailDeliveryState } from '../mail-state.js'
import type { TenantState } from '../../../kernel/tenant-state.js'
import { newDelivery } from '../deliveries/new-delivery.js'
import { nextOccurrence } from './occurrences.js'

/**
 * One occurrence of an agent program at its run time: a delivery of kind "agent"
 * (delivery_type 2) dated at that time, which the phase machine then runs like any other.
 * The program moves on to its next occurrence.
 */
export function runAgentOccurrence(tenant: TenantState, state: MailDeliveryState, p: AgentProgram, at: number): void {
  const condition = tenant.memberDb.conditions.get(p.conditionId)
  newDelivery(state, {
    kind: 'agent',
    memberTableId: p.memberTableId,
    mailMessageId: p.mailMessageId,
    agentProgramId: p.id,
    title: p.title,
    conditionId: p.conditionId,
    conditionTitle: condition?.title ?? '',
    elementId: p.elementId,
    deliveryDate: at,
    blacklist: p.blacklist,
    deleteCondition: false,
    testEmails: null,
    subjectPrefix: '',
  })
  p.nextRun = nextOccurrence(p.time, at)
}
