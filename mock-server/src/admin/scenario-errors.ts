import { ScenarioError } from '../scenario/index.js'
import { SnapshotError } from '../kernel/snapshot.js'
import { DomainError } from '../kernel/domain-error.js'

/** Run `fn`; a bad scenario or snapshot becomes a 400 naming the bad key. */
export function withInputErrors<T>(fn: () => T): T {
  try {
    return fn()
  } catch (e) {
    if (e instanceof ScenarioError)
      throw new DomainError('invalid', `invalid scenario: ${e.message}`, 'invalid_scenario')
    if (e instanceof SnapshotError)
      throw new DomainError('invalid', `invalid snapshot: ${e.message}`, 'invalid_snapshot')
    throw e
  }
}
