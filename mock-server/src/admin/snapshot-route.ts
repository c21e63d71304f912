import { TokenTakenError } from '../kernel/tenant-registry.js'
import { adminJson } from '../kernel/admin-response.js'
import { DomainError } from '../kernel/domain-error.js'
import type { AdminRoutes } from '../kernel/admin-request.js'
import { withInputErrors } from './scenario-errors.js'

/**
 * `GET /__mock/snapshot` → the caller tenant's whole state as JSON (format
 * `krs-mock-tenant/1`). `PUT /__mock/snapshot` with such a document replaces it (state,
 * clock, random state and scenario) → `{ "ok": true }`. The tenant keeps its id.
 */
export const snapshotRoutes: AdminRoutes = {
  GET: (r) => adminJson(200, r.engine.exportTenant(r.tenant)),
  PUT: (r) => {
    const json = r.body('mock_import_snapshot', { slug: 'invalid_snapshot', prefix: 'invalid snapshot: ' })
    try {
      withInputErrors(() => r.engine.importTenant(r.tenant, json))
    } catch (e) {
      if (e instanceof TokenTakenError) throw new DomainError('conflict', e.message, 'token_taken')
      throw e
    }
    return adminJson(200, { ok: true })
  },
}
