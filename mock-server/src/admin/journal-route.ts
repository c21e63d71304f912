import { journalEntryToJson, type JournalEntry, type JournalEntryJson } from '../kernel/journal.js'
import { adminJson } from '../kernel/admin-response.js'
import { invalid } from '../kernel/domain-error.js'
import type { AdminRoutes } from '../kernel/admin-request.js'

/**
 * `GET /__mock/journal?operation=NAME&limit=N` → `{ entries: [...] }`, oldest first: the
 * caller tenant's recent API requests with their responses. `DELETE` clears it.
 */
export const journalRoutes: AdminRoutes = {
  GET: (r) => {
    const operation = r.query.get('operation')
    const limitText = r.query.get('limit')
    let limit: number | undefined
    if (limitText !== null) {
      limit = Number(limitText)
      if (!Number.isInteger(limit) || limit < 0) throw invalid('limit must be an integer >= 0')
    }
    const entries = r.tenant.journal.list({ operation, ...(limit !== undefined ? { limit } : {}) })
    return adminJson(200, { entries: entries.map(safeEntryJson) })
  },
  DELETE: (r) => {
    r.tenant.journal.clear()
    return adminJson(200, { ok: true })
  },
}

/** One entry as JSON; an entry that cannot be shown keeps its metadata, never fails the list. */
function safeEntryJson(e: JournalEntry): JournalEntryJson {
  try {
    return journalEntryToJson(e)
  } catch {
    return journalEntryToJson({ ...e, requestText: '<not shown>', responseText: '<not shown>' })
  }
}
