import type { Delivery, MailDeliveryState } from '../mail-state.js'

export type DeliveryFields = Pick<
  Delivery,
  | 'kind'
  | 'memberTableId'
  | 'mailMessageId'
  | 'agentProgramId'
  | 'title'
  | 'conditionId'
  | 'conditionTitle'
  | 'elementId'
  | 'deliveryDate'
  | 'blacklist'
  | 'deleteCondition'
  | 'testEmails'
  | 'subjectPrefix'
>

/** Store a new delivery in phase 0 and return it. */
export function newDelivery(state: MailDeliveryState, f: DeliveryFields): Delivery {
  const d: Delivery = {
    id: state.nextDeliveryId++,
    ...f,
    cancelled: false,
    phase: 0,
    startDate: null,
    endDate: null,
    mail: null,
    list: null,
    clickcountIds: [],
  }
  state.deliveries.set(d.id, d)
  return d
}
