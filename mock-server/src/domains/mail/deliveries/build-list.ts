import { StringColumn } from '../../member-db/member-columns.js'
import { TargetCategory, type DeliveryList, type MailDeliveryState } from '../mail-state.js'
import type { MemberDbState, MemberTableState } from '../../member-db/member-db-state.js'
import { addressMatcher, bounceOfAddress } from './address-lists.js'

export interface ListOptions {
  /** The e-mail element the delivery sends to. */
  elementId: number
  /** Leave out blacklisted addresses (the delivery's `blacklist` flag). */
  blacklist: boolean
}

/**
 * Build the delivery list of the target rows: each target falls into exactly one category,
 * checked in this order: no_address (blank e-mail), stopped, blacklist (only with the flag),
 * unsubscribed_address; the rest are real targets. A real target whose address matches a
 * bounce rule of the scenario gets that error. So real = all − stopped − no_address −
 * blacklist − unsubscribed_address, and valid = real − error.
 */
export function buildDeliveryList(
  db: MemberDbState,
  table: MemberTableState,
  rows: Int32Array,
  state: MailDeliveryState,
  opts: ListOptions,
): DeliveryList {
  const n = rows.length
  const col = table.members.columns.get(opts.elementId)
  const values = col instanceof StringColumn ? col.values : null
  const ids = table.members.id
  const isBlack = opts.blacklist ? addressMatcher(db.blacklist) : () => false
  const bounceOf = bounceOfAddress(state.settings.bounces, state.settings.errorRate ?? 0)
  const stopped = state.stopped
  const unsubscribed = state.unsubscribed
  const memberIds = new Int32Array(n)
  const addresses: string[] = new Array<string>(n)
  const category = new Uint8Array(n)
  const error = new Int16Array(n).fill(-1)
  const errorTable: [string, string][] = []
  const errorIndex = new Map<string, number>()
  const real = new Int32Array(n)
  let realCount = 0
  for (let i = 0; i < n; i++) {
    const row = rows[i]!
    memberIds[i] = ids.get(row)
    const address = (values?.get(row) ?? '').trim()
    addresses[i] = address
    if (address === '') {
      category[i] = TargetCategory.NoAddress
      continue
    }
    const lower = address.toLowerCase()
    if (stopped.has(lower)) {
      category[i] = TargetCategory.Stopped
      continue
    }
    if (isBlack(lower)) {
      category[i] = TargetCategory.Blacklist
      continue
    }
    if (unsubscribed.has(lower)) {
      category[i] = TargetCategory.Unsubscribed
      continue
    }
    real[realCount++] = i
    const bounce = bounceOf(lower)
    if (bounce) {
      let k = errorIndex.get(bounce.code)
      if (k === undefined) {
        k = errorTable.length
        errorTable.push([bounce.code, bounce.desc])
        errorIndex.set(bounce.code, k)
      }
      error[i] = k
    }
  }
  return { memberIds, addresses, category, error, errorTable, realRows: real.slice(0, realCount) }
}

/** The list of a delivery whose table no longer exists. */
export function emptyDeliveryList(): DeliveryList {
  return {
    memberIds: new Int32Array(0),
    addresses: [],
    category: new Uint8Array(0),
    error: new Int16Array(0),
    errorTable: [],
    realRows: new Int32Array(0),
  }
}
