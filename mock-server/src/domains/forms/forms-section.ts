import type { StateSection } from '../../kernel/state-section.js'
import { useSection } from '../../kernel/state-section.js'
import type { FormsState } from './forms-state.js'
import type { TenantState } from '../../kernel/tenant-state.js'
import { publicBaseUrl, scenarioForms } from './forms-scenario.js'

function secretOf(tenant: TenantState): string {
  let h = 2166136261
  for (const ch of `${tenant.id}:${tenant.environmentName}`) h = Math.imul(h ^ ch.charCodeAt(0), 16777619)
  return (h >>> 0).toString(16).padStart(8, '0')
}

export const formsSection: StateSection<'forms'> = {
  key: 'forms',
  create(tenant): FormsState {
    const forms: FormsState['forms'] = {}
    for (const f of scenarioForms(tenant)) forms[String(f.id)] = f
    return {
      forms,
      deleted: [],
      oneclick: {},
      outbox: [],
      nextOutboxId: 1,
      publicBaseUrl: publicBaseUrl(tenant),
      secret: secretOf(tenant),
    }
  },
  // a fork starts with an empty outbox, as with an empty journal: what was sent was the parent's
  fork: (shared, forFork) => structuredClone(forFork ? { ...shared, outbox: [] } : shared),
}

export const formsOf = (tenant: TenantState, now: number): FormsState => useSection(tenant, formsSection, now)
