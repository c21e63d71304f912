import type { FormOutboxEntry } from './forms-state.js'
import type { TenantState } from '../../kernel/tenant-state.js'
import { verifyOneclickUrl, type OneclickCheck } from './oneclick.js'
import { formsOf } from './forms-section.js'

/**
 * Whether a one-click login URL (get_oneclick_login_url) is still valid at `now` on the
 * tenant's clock, and for which member (admin API, e.g. `POST /__mock/oneclick/check`).
 */
export function checkOneclickUrl(tenant: TenantState, url: string, now: number): OneclickCheck {
  return verifyOneclickUrl(tenant, formsOf(tenant, now), url, now)
}

/**
 * What form actions would have sent (autoreply mails, action notices, webhooks), oldest
 * first, optionally only those after a record id (admin API, e.g. `GET /__mock/outbox/forms`).
 */
export function formOutbox(tenant: TenantState, afterId = 0): FormOutboxEntry[] {
  return (tenant.forms?.outbox ?? []).filter((e) => e.id > afterId)
}

/** Clear the form outbox (admin API). */
export function clearFormOutbox(tenant: TenantState): void {
  if (tenant.forms) tenant.forms.outbox = []
}
