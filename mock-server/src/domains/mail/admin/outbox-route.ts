import { outbox } from '../mail-admin.js'
import { adminJson } from '../../../kernel/admin-response.js'
import { invalid } from '../../../kernel/domain-error.js'
import type { AdminRoutes } from '../../../kernel/admin-request.js'
import { tenantNow } from '../../../kernel/tenant-now.js'

function queryInteger(q: URLSearchParams, key: string, min: number, max: number, required = false): number | undefined {
  const text = q.get(key)
  if (text === null || text === '') {
    if (required) throw invalid(`the query parameter ${key} is required`)
    return undefined
  }
  const n = Number(text)
  if (!/^\d+$/.test(text) || n < min || n > max)
    throw invalid(`${key} must be an integer from ${min} to ${max} (got "${text}")`)
  return n
}

/**
 * `GET /__mock/outbox?delivery_id=N[&offset=0][&limit=100]` → the delivery's rendered mails
 * (`{ delivery_id, kind, phase, total, offset, mails: [...] }`, `krs mock outbox <id>`):
 * each real recipient's headers, text and HTML parts with member fields substituted and
 * tracking URLs rewritten. Empty before handover (phases 0 and 1). 404 for an unknown delivery.
 */
export const outboxRoutes: AdminRoutes = {
  GET: (r) => {
    const deliveryId = queryInteger(r.query, 'delivery_id', 1, Number.MAX_SAFE_INTEGER, true)!
    const page: { offset?: number; limit?: number } = {}
    const offset = queryInteger(r.query, 'offset', 0, Number.MAX_SAFE_INTEGER)
    const limit = queryInteger(r.query, 'limit', 1, 10_000)
    if (offset !== undefined) page.offset = offset
    if (limit !== undefined) page.limit = limit
    const now = tenantNow(r.tenant)
    const links = { publicUrl: r.engine.publicUrl, ...(r.raw.origin ? { origin: r.raw.origin } : {}) }
    return adminJson(200, outbox(r.tenant.state, deliveryId, now, page, links))
  },
}
