import { releaseConditionUse, requireCondition, type RowPredicate } from '../../member-db/conditions/index.js'
import type { Delivery, DeliveryTiming, MailDeliveryState } from '../mail-state.js'
import type { TenantState } from '../../../kernel/tenant-state.js'
import { dateConditionPredicate } from '../agent-programs/date-condition.js'
import { countHardBounce, isHardBounce } from './address-lists.js'
import { buildDeliveryList, emptyDeliveryList } from './build-list.js'
import { extractTargetRows } from './extract-targets.js'
import { createClickcounts } from './clickcount-setup.js'
import { testTargetRows } from './test-targets.js'
import { deliveryKey, releaseMessage } from '../messages/message-reservation.js'

/** Seconds of phase 1 (building the list) for `targets` targets. */
export function listSeconds(t: DeliveryTiming, targets: number): number {
  return Math.max(1, Math.ceil(t.listBaseSeconds + (t.listSecondsPer1000 * targets) / 1000))
}

/** Seconds of phase 2 (handover) for `real` real targets. */
export function handoverSeconds(t: DeliveryTiming, real: number): number {
  return Math.max(1, Math.ceil(t.handoverBaseSeconds + (t.handoverSecondsPer1000 * real) / 1000))
}

/** When the delivery next changes phase, or null when it never will (finished or cancelled). */
export function deliveryNextDue(d: Delivery): number | null {
  if (d.cancelled) return null
  switch (d.phase) {
    case 0:
      return d.deliveryDate
    case 1:
      return d.startDate
    case 2:
      return d.endDate
    default:
      return null
  }
}

/**
 * Phase 0 → 1 at the delivery date: the targets are extracted now (not at reservation),
 * the message content is frozen, the list is built and the times of phases 2 and 3 fixed.
 * The condition is released (and deleted when `delete_condition` asked for it).
 */
function startListBuilding(tenant: TenantState, state: MailDeliveryState, d: Delivery, at: number): void {
  const db = tenant.memberDb
  const table = db.tables.get(d.memberTableId)
  const msg = state.messages.get(d.mailMessageId)
  d.phase = 1
  if (msg) {
    const { id: _id, memberTableId: _t, purpose: _p, lockedBy: _l, ...content } = msg
    d.mail = structuredClone(content)
  }
  let rows: Int32Array = new Int32Array(0)
  if (table) {
    if (d.kind === 'test') rows = testTargetRows(table, d.elementId, d.testEmails ?? [])
    else {
      const condition = d.conditionId === null ? undefined : db.conditions.get(d.conditionId)
      if (condition) {
        let extra: RowPredicate | undefined
        if (d.kind === 'agent' && d.agentProgramId !== null) {
          const program = state.agentPrograms.get(d.agentProgramId)
          if (program?.condition) extra = dateConditionPredicate(table, program.condition, at)
        }
        try {
          requireCondition(db, table.id, condition.id)
          rows = extractTargetRows(db, table, condition, at, state, extra)
        } catch {
          rows = new Int32Array(0)
        }
      }
    }
  }
  d.list = table
    ? buildDeliveryList(db, table, rows, state, { elementId: d.elementId, blacklist: d.blacklist })
    : emptyDeliveryList()
  d.startDate = at + listSeconds(state.settings.timing, rows.length)
  d.endDate = d.startDate + handoverSeconds(state.settings.timing, d.list.realRows.length)
  if (d.kind === 'normal' && d.conditionId !== null) {
    releaseConditionUse(db, d.conditionId, deliveryKey(d.id))
    const c = db.conditions.get(d.conditionId)
    if (d.deleteCondition && c && !c.predefined && (db.conditionUses.get(c.id)?.size ?? 0) === 0)
      db.conditions.delete(c.id)
  }
  createClickcounts(state, d)
}

/**
 * Phase 2 → 3: handover finished; hard bounces count towards stopping their addresses. The
 * message this delivery reserved is unlocked: a message is locked only while a delivery
 * using it is in phases 0–2 (its content was frozen into the delivery at phase 1).
 */
function finishHandover(state: MailDeliveryState, d: Delivery): void {
  d.phase = 3
  releaseMessage(state.messages.get(d.mailMessageId), deliveryKey(d.id))
  const list = d.list
  if (!list) return
  for (const i of list.realRows) {
    const k = list.error[i]!
    if (k >= 0 && isHardBounce(list.errorTable[k]![0])) countHardBounce(state, list.addresses[i]!.toLowerCase())
  }
}

/** Run the one transition of `d` due at `at` (the caller checked `deliveryNextDue(d) <= at`). */
export function stepDelivery(tenant: TenantState, state: MailDeliveryState, d: Delivery, at: number): void {
  switch (d.phase) {
    case 0:
      startListBuilding(tenant, state, d, at)
      break
    case 1:
      d.phase = 2
      break
    case 2:
      finishHandover(state, d)
      break
    default:
      break
  }
}
