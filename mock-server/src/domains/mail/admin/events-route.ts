import { applyEvent, type MailEvent } from '../mail-admin.js'
import { onlyKeys } from '../../../kernel/admin-request.js'
import { adminJson } from '../../../kernel/admin-response.js'
import { invalid } from '../../../kernel/domain-error.js'
import type { AdminRoutes } from '../../../kernel/admin-request.js'
import { tenantNow } from '../../../kernel/tenant-now.js'

const KEYS = {
  click: ['type', 'delivery_id', 'member_id', 'url', 'clickcount_id', 'ip_address', 'user_agent'],
  open: ['type', 'delivery_id', 'member_id', 'ip_address', 'user_agent'],
  bounce: ['type', 'delivery_id', 'member_id', 'code', 'desc'],
  unsubscribe: ['type', 'address', 'delivery_id', 'member_id'],
} as const

function int(body: Record<string, unknown>, key: string, required: boolean): void {
  const v = body[key]
  if (v === undefined && !required) return
  if (typeof v !== 'number' || !Number.isInteger(v) || v < 1) throw invalid(`/${key} must be an integer >= 1`)
}

function str(body: Record<string, unknown>, key: string, required: boolean): void {
  const v = body[key]
  if (v === undefined && !required) return
  if (typeof v !== 'string' || v === '') throw invalid(`/${key} must be a non-empty string`)
}

/** Check an event body's keys and types; the domain checks the rest (what exists, when). */
export function parseMailEvent(body: Record<string, unknown>): MailEvent {
  const type = body.type
  if (typeof type !== 'string' || !Object.hasOwn(KEYS, type)) {
    throw invalid('/type must be one of click, open, bounce, unsubscribe')
  }
  const t = type as keyof typeof KEYS
  onlyKeys(body, KEYS[t])
  if (t === 'unsubscribe') {
    str(body, 'address', false)
    int(body, 'delivery_id', body.address === undefined)
    int(body, 'member_id', body.address === undefined)
    return body as MailEvent
  }
  int(body, 'delivery_id', true)
  int(body, 'member_id', true)
  for (const k of ['url', 'ip_address', 'user_agent', 'desc'] as const) str(body, k, false)
  if (t === 'click') {
    int(body, 'clickcount_id', false)
    if (body.url === undefined && body.clickcount_id === undefined)
      throw invalid('a click needs /url (the click-count URL of the message) or /clickcount_id')
  }
  if (t === 'bounce') str(body, 'code', true)
  return body as MailEvent
}

/**
 * `POST /__mock/events` `{ type: click|open|bounce|unsubscribe, ... }` → what happened
 * (`{ ok, type, counted?, redirect?, address? }`). The delivery results reflect it. 404 for an
 * unknown delivery, click count or recipient; 409 when the mail was not handed over yet or bounced.
 */
export const eventsRoutes: AdminRoutes = {
  POST: (r) => {
    const event = parseMailEvent(r.json())
    const now = tenantNow(r.tenant)
    const result = applyEvent(r.tenant.state, event, now)
    r.changed()
    return adminJson(200, result)
  },
}
