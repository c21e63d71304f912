import { compileCondition, type RowPredicate } from '../../member-db/conditions/index.js'
import type { MailDeliveryState } from '../mail-state.js'
import type { MemberDbState, MemberTableState, StoredCondition } from '../../member-db/member-db-state.js'
import { mailConditionExtras } from './condition-extras.js'

/**
 * Rows of the members a condition selects, in member-id order (rows are stored in id
 * order). `extra` narrows further (agent programs' date conditions).
 */
export function extractTargetRows(
  db: MemberDbState,
  table: MemberTableState,
  condition: StoredCondition,
  now: number,
  state: MailDeliveryState,
  extra?: RowPredicate,
): Int32Array {
  const cols = table.members
  const alive = cols.alive
  const match: RowPredicate =
    condition.predefined === 'all' && Object.keys(condition.info.conditions).length === 0
      ? (r) => alive.get(r) === 1
      : compileCondition(table, condition.info, now, { db, extras: mailConditionExtras(state) })
  const out = new Int32Array(cols.count)
  let n = 0
  const rows = cols.rows
  if (extra) {
    for (let r = 0; r < rows; r++) if (match(r) && extra(r)) out[n++] = r
  } else {
    for (let r = 0; r < rows; r++) if (match(r)) out[n++] = r
  }
  return out.subarray(0, n)
}
