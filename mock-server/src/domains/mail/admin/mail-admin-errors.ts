import { MailAdminError } from '../mail-admin.js'
import { AdminBadRequest } from '../../../kernel/admin-response.js'

const slugs = { 400: 'bad_request', 404: 'not_found', 409: 'conflict' } as const

/** Run a part-2 admin call; its refusals (MailAdminError) become admin errors with their status. */
export function withMailAdminErrors<T>(run: () => T): T {
  try {
    return run()
  } catch (e) {
    if (e instanceof MailAdminError) throw new AdminBadRequest(e.message, e.status, slugs[e.status])
    throw e
  }
}
