import { ScenarioError } from '../scenario/index.js'
import { SnapshotError } from '../kernel/snapshot.js'
import { AdminBadRequest } from '../kernel/admin-response.js'

/** Run `fn`; a bad scenario or snapshot becomes a 400 naming the bad key. */
export function withInputErrors<T>(fn: () => T): T {
  try {
    return fn()
  } catch (e) {
    if (e instanceof ScenarioError) throw new AdminBadRequest(`invalid scenario: ${e.message}`, 400, 'invalid_scenario')
    if (e instanceof SnapshotError) throw new AdminBadRequest(`invalid snapshot: ${e.message}`, 400, 'invalid_snapshot')
    throw e
  }
}
