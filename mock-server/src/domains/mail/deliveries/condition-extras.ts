import {
  ComparisonKind as K,
  type ClauseInput,
  type ConditionExtras,
  type RowPredicate,
} from '../../member-db/conditions/index.js'
import type { ClickCount, MailDeliveryState } from '../mail-state.js'
import type { MemberTableState } from '../../member-db/member-db-state.js'

const POSITIVE = new Set<number>([K.EQUAL, K.CONTAINS, K.CONTAINS_ANY, K.NOT_EMPTY, K.TRUE])

/**
 * The click counts a `click_count_flag` clause names: of delivery `delivery_id`
 * (delivery_type 1), or of every delivery of agent program `delivery_id` (delivery_type 2);
 * `values` narrows to those click-count ids (for an agent program, also the same URLs in
 * its other occurrences). Empty `values`: every click count of the delivery.
 */
function namedCounts(state: MailDeliveryState, extra: Record<string, unknown>): ClickCount[][] {
  const id = Number(extra.delivery_id)
  const agent = Number(extra.delivery_type) === 2
  const values = Array.isArray(extra.values) ? extra.values.map(Number) : []
  const deliveries = [...state.deliveries.values()].filter((d) =>
    agent ? d.agentProgramId === id : d.id === id && d.kind !== 'agent',
  )
  const counts = deliveries.flatMap((d) => d.clickcountIds.map((c) => state.clickcounts.get(c)!).filter(Boolean))
  if (values.length === 0) return [counts]
  return values.map((v) => {
    const named = state.clickcounts.get(v)
    return counts.filter(
      (c) => c.id === v || (agent && named !== undefined && c.type === named.type && c.url === named.url),
    )
  })
}

function clickCountFlag(state: MailDeliveryState) {
  return (table: MemberTableState, c: ClauseInput): RowPredicate => {
    const groups = namedCounts(state, c.extra)
    const clickedGroup = groups.map((g) => new Set(g.flatMap((cc) => cc.logs.map((l) => l.memberId))))
    const ids = table.members.id
    const any = (m: number) => clickedGroup.some((s) => s.has(m))
    const all = (m: number) => clickedGroup.every((s) => s.has(m))
    if (c.kind === K.CONTAINS) return (r) => all(ids.get(r))
    if (POSITIVE.has(c.kind)) return (r) => any(ids.get(r))
    return (r) => !any(ids.get(r))
  }
}

/**
 * What the mail domain adds to the condition engine: the delivery error count of an address
 * (comparison kind 17) and `click_count_flag` clauses (who clicked which click count).
 * The composition root gives it to the member database's handlers (src/emulator.ts); batch
 * exports and bulk deletions pass it themselves.
 */
export function mailConditionExtras(state: MailDeliveryState | undefined): ConditionExtras {
  if (!state) return {}
  return {
    errorCount: (address) => state.errorCounts.get(address.trim().toLowerCase()) ?? 0,
    clickCountFlag: clickCountFlag(state),
  }
}
