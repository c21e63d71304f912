import { mailDeliverySection } from '../domains/mail/mail-section.js'
import { batchSection, formsSection, postedImagesSection, storedFilesSection } from '../domains/forms/forms-section.js'
import type { TenantState } from './tenant-state.js'
import { useSection } from './state-section.js'

/**
 * Create every state section of a tenant (parts 2 and 3) when the tenant is built or
 * restored, so that no request — least of all a refused one — changes the state by merely
 * looking at a section for the first time. Sections already present (from a snapshot) are
 * kept as they are.
 */
export function ensureStateSections(state: TenantState, now: number): TenantState {
  useSection(state, mailDeliverySection, now)
  useSection(state, formsSection, now)
  useSection(state, postedImagesSection, now)
  useSection(state, batchSection, now)
  useSection(state, storedFilesSection, now)
  return state
}
