import { defineModule } from '../../kernel/module.js'
import { formOutboxRoutes } from './admin/form-outbox-route.js'
import { oneclickRoutes } from './admin/oneclick-route.js'
import { formsScenarioSchema } from './forms-scenario.js'
import { formsSection } from './forms-section.js'
import type { FormsState } from './forms-state.js'
import { formsHandlers } from './handlers.js'

declare module '../../kernel/tenant-state.js' {
  interface TenantSections {
    /** Member forms, deleted-member log, one-click login tokens, sent form mails. */
    forms: FormsState
  }
}

/** Member forms and one-click login (10 operations), the form outbox and the one-click check. */
export const formsModule = defineModule({
  name: 'forms',
  handlers: formsHandlers,
  sections: [formsSection],
  scenarioSchema: {
    properties: { forms: formsScenarioSchema.forms },
    extensions: { services: formsScenarioSchema['extensions.services'] },
    mergedById: ['forms', 'forms[].elements'],
  },
  adminRoutes: { oneclick: oneclickRoutes, 'forms/outbox': formOutboxRoutes },
})
