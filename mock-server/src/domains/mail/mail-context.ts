import type { EngineContext } from '../../kernel/context.js'
import { useSection } from '../../kernel/state-section.js'
import type { MailDeliveryState } from './mail-state.js'
import { advanceMailDelivery, mailDeliverySection } from './mail-section.js'

/** The mail state of the caller's tenant, brought up to the engine clock first. */
export function mailState(ctx: EngineContext): MailDeliveryState {
  const now = ctx.now()
  const state = useSection(ctx.tenant, mailDeliverySection, now)
  advanceMailDelivery(ctx.tenant, now)
  return state
}
