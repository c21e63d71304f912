import { applyEvent } from '../mail-admin.js'
import { adminJson } from '../../../kernel/admin-response.js'
import type { AdminRoutes } from '../../../kernel/admin-request.js'
import { tenantNow } from '../../../kernel/tenant-now.js'

/**
 * `POST /__mock/events` `{ type: click|open|bounce|unsubscribe, ... }` → what happened
 * (`{ ok, type, counted?, redirect?, address? }`). The delivery results reflect it. 404 for an
 * unknown delivery, click count or recipient; 409 when the mail was not handed over yet or bounced.
 */
export const eventsRoutes: AdminRoutes = {
  POST: (r) => {
    const event = r.body('mock_add_event')
    const now = tenantNow(r.tenant)
    const result = applyEvent(r.tenant.state, event, now)
    r.changed()
    return adminJson(200, result)
  },
}
