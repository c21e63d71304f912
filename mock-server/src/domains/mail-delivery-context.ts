import type { EngineContext } from '../engine/context.js'
import { useSection } from '../engine/state-section.js'
import type { MailDeliveryState } from '../model/mail-delivery.js'
import { advanceMailDelivery, mailDeliverySection } from './mail-delivery-section.js'

/** The part-2 state of the caller's tenant, brought up to the engine clock first. */
export function mailState(ctx: EngineContext): MailDeliveryState {
  const now = ctx.now()
  const state = useSection(ctx.tenant, mailDeliverySection, now)
  advanceMailDelivery(ctx.tenant, now)
  return state
}
