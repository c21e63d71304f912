import { clearFormOutbox, formOutbox } from '../forms-admin.js'
import { adminJson } from '../../../kernel/admin-response.js'
import { invalid } from '../../../kernel/domain-error.js'
import type { AdminRoutes } from '../../../kernel/admin-request.js'

/**
 * `GET /__mock/forms/outbox[?after_id=N]` → `{ entries: [...] }`: what form actions
 * (do_member_form_action) would have sent — autoreply mails, action notices, webhook calls —
 * oldest first, only those after `after_id`. `DELETE` clears it.
 */
export const formOutboxRoutes: AdminRoutes = {
  GET: (r) => {
    const text = r.query.get('after_id')
    let after = 0
    if (text !== null && text !== '') {
      after = Number(text)
      if (!/^\d+$/.test(text)) throw invalid(`after_id must be an integer >= 0 (got "${text}")`)
    }
    const entries = formOutbox(r.tenant.state, after).map((e) => ({
      id: e.id,
      at: e.at,
      request_id: e.requestId,
      form_id: e.formId,
      member_id: e.memberId,
      action: e.action,
      kind: e.kind,
      to: e.to,
      subject: e.subject,
      body: e.body,
      url: e.url,
      payload: e.payload,
    }))
    return adminJson(200, { entries })
  },
  DELETE: (r) => {
    clearFormOutbox(r.tenant.state)
    r.changed()
    return adminJson(200, { ok: true })
  },
}
