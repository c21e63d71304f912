import { checkOneclickUrl } from '../forms-admin.js'
import { adminJson } from '../../../kernel/admin-response.js'
import { invalid } from '../../../kernel/domain-error.js'
import type { AdminRoutes } from '../../../kernel/admin-request.js'
import { tenantNow } from '../../../kernel/tenant-now.js'

/**
 * `GET /__mock/oneclick?url=<one-click login URL>` → `{ valid, member_id, expires_at, reason? }`:
 * whether a URL from get_oneclick_login_url still logs its member in at the tenant's time
 * (reason: malformed, signature, expired, member_gone).
 */
export const oneclickRoutes: AdminRoutes = {
  GET: (r) => {
    const url = r.query.get('url')
    if (url === null || url === '')
      throw invalid('the query parameter url is required (the one-click login URL, URL-encoded)')
    const c = checkOneclickUrl(r.tenant.state, url, tenantNow(r.tenant))
    return adminJson(200, {
      valid: c.valid,
      member_id: c.memberId,
      expires_at: c.expiresAt,
      ...(c.reason !== undefined ? { reason: c.reason } : {}),
    })
  },
}
