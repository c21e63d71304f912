import { defineModule } from '../../kernel/module.js'
import { memberDbHandlers } from './handlers.js'
import type { MemberDbState } from './member-db-state.js'

declare module '../../kernel/tenant-state.js' {
  interface TenantSections {
    /** Member tables, elements, members, conditions, blacklist (built by the scenario). */
    memberDb: MemberDbState
  }
}

/** Member database: tables, members, conditions (18 operations). Its state is built by the scenario layer. */
export const memberDbModule = defineModule({ name: 'member-db', handlers: memberDbHandlers })
