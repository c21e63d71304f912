import { followTrackingLink } from '../mail-admin.js'
import type { RawResponse } from '../../../kernel/raw-http.js'
import type { AdminRequest } from '../../../kernel/admin-request.js'
import { adminJson } from '../../../kernel/admin-response.js'
import type { AdminRoutes } from '../../../kernel/admin-request.js'
import { tenantNow } from '../../../kernel/tenant-now.js'

/**
 * The tracking links of rendered mails (see `GET /__mock/outbox`), as a mail client follows them:
 * `GET /__mock/click/{clickcount_id}/{member_id}` (records the click; 302 to the URL, or to
 * `outdated_url` after the period; 404 when there is none), `GET /__mock/open/{clickcount_id}/{member_id}`
 * (records the open; a 1×1 GIF) and `GET|POST /__mock/unsubscribe/{delivery_id}/{member_id}`
 * (RFC 8058 one-click unsubscribe; the address joins the unsubscribe list).
 * A click asked for with `Accept: application/json` answers 200 `{ "location": "<url>" }`
 * instead of the redirect, for scripts that must not follow it.
 */
function follow(r: AdminRequest): RawResponse {
  const now = tenantNow(r.tenant)
  const meta: { ip_address?: string; user_agent?: string } = {}
  const ua = r.raw.header('user-agent')
  const ip = r.raw.header('x-forwarded-for')?.split(',')[0]?.trim()
  if (ua) meta.user_agent = ua
  if (ip) meta.ip_address = ip
  const answer = followTrackingLink(r.tenant.state, r.route, now, meta)
  if (answer.status !== 404) r.changed()
  if (answer.status === 302 && /\bapplication\/json\b/i.test(r.raw.header('accept') ?? '')) {
    return adminJson(200, { location: answer.location ?? null })
  }
  const headers: Record<string, string> = { 'content-type': answer.contentType, 'cache-control': 'no-store' }
  if (answer.location !== undefined) headers.location = answer.location
  return {
    status: answer.status,
    headers,
    body: answer.body as string | Uint8Array<ArrayBuffer>,
    operation: 'admin',
    errorCode: null,
    tenantId: null,
  }
}

export const clickRoutes: AdminRoutes = { GET: follow }
export const openRoutes: AdminRoutes = { GET: follow }
export const unsubscribeRoutes: AdminRoutes = { GET: follow, POST: follow }
