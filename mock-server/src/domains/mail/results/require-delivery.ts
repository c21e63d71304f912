import type { EngineContext } from '../../../kernel/context.js'
import { KrsError } from '../../../kernel/krs-error.js'
import { msg } from '../../../kernel/messages.js'
import type { Delivery, MailDeliveryState } from '../mail-state.js'
import { requireTable } from '../../member-db/tables/table-access.js'

/** A delivery by id, or KR_API_F0005 (unknown or cancelled). */
export function requireDelivery(ctx: EngineContext, state: MailDeliveryState, id: number): Delivery {
  const d = state.deliveries.get(id)
  if (!d || d.cancelled)
    throw new KrsError('KR_API_F0005', msg(d ? 'delivery_cancelled' : 'delivery_not_found', { delivery_id: id }))
  requireTable(ctx, d.memberTableId)
  return d
}
