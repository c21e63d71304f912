import { defineModule } from '../../kernel/module.js'
import { eventsRoutes } from './admin/events-route.js'
import { outboxRoutes } from './admin/outbox-route.js'
import { clickRoutes, openRoutes, unsubscribeRoutes } from './admin/tracking-route.js'
import { mailDeliveryHandlers } from './handlers.js'
import { mailDeliveryScenarioSchema } from './mail-scenario.js'
import { mailDeliverySection, mailDeliveryTickHook } from './mail-section.js'
import type { MailDeliveryState } from './mail-state.js'

declare module '../../kernel/tenant-state.js' {
  interface TenantSections {
    /** Mail messages, deliveries, agent programs and their results. */
    mailDelivery: MailDeliveryState
  }
}

/** Mail: messages, deliveries, agent programs, results (21 operations), outbox and events. */
export const mailModule = defineModule({
  name: 'mail',
  handlers: mailDeliveryHandlers,
  sections: [mailDeliverySection],
  tickHook: mailDeliveryTickHook,
  scenarioSchema: { properties: { delivery: mailDeliveryScenarioSchema } },
  adminRoutes: {
    outbox: outboxRoutes,
    events: eventsRoutes,
    'click/{n}/{n}': clickRoutes,
    'open/{n}/{n}': openRoutes,
    'unsubscribe/{n}/{n}': unsubscribeRoutes,
  },
})
