import type { Delivery, DeliveryList, MailDeliveryState } from './mail-state.js'
import { decodeInto, encodeTyped } from '../../lib/typed-array-codec.js'

export const MAIL_DELIVERY_FORMAT = 'krs-mail-delivery/1'

interface ListJson {
  n: number
  real: number
  memberIds: string
  addresses: string[]
  category: string
  error: string
  errorTable: [string, string][]
  realRows: string
}

function listToJSON(l: DeliveryList): ListJson {
  const n = l.memberIds.length
  return {
    n,
    real: l.realRows.length,
    memberIds: encodeTyped(l.memberIds, n),
    addresses: l.addresses,
    category: encodeTyped(l.category, n),
    error: encodeTyped(Int32Array.from(l.error), n),
    errorTable: l.errorTable,
    realRows: encodeTyped(l.realRows, l.realRows.length),
  }
}

function listFromJSON(j: ListJson): DeliveryList {
  return {
    memberIds: decodeInto(j.memberIds, (k) => new Int32Array(k)).slice(0, j.n),
    addresses: j.addresses,
    category: decodeInto(j.category, (k) => new Uint8Array(k)).slice(0, j.n),
    error: Int16Array.from(decodeInto(j.error, (k) => new Int32Array(k)).subarray(0, j.n)),
    errorTable: j.errorTable,
    realRows: decodeInto(j.realRows, (k) => new Int32Array(k)).slice(0, j.real),
  }
}

/** The section as JSON (maps as arrays, delivery lists as base64 typed arrays). */
export function mailDeliveryToJSON(s: MailDeliveryState): unknown {
  return {
    format: MAIL_DELIVERY_FORMAT,
    settings: s.settings,
    messages: [...s.messages.values()],
    deliveries: [...s.deliveries.values()].map((d) => ({ ...d, list: d.list ? listToJSON(d.list) : null })),
    agentPrograms: [...s.agentPrograms.values()],
    clickcounts: [...s.clickcounts.values()],
    unsubscribed: [...s.unsubscribed],
    stopped: [...s.stopped],
    errorCounts: [...s.errorCounts],
    nextMessageId: s.nextMessageId,
    nextDeliveryId: s.nextDeliveryId,
    nextAgentProgramId: s.nextAgentProgramId,
    nextClickcountId: s.nextClickcountId,
  }
}

type Json = ReturnType<typeof mailDeliveryToJSON> & Record<string, never>

/** Rebuild the section from `mailDeliveryToJSON` output; throws naming the bad key. */
export function mailDeliveryFromJSON(json: unknown): MailDeliveryState {
  const o = json as Record<string, unknown> | null
  if (typeof o !== 'object' || o === null || o.format !== MAIL_DELIVERY_FORMAT) {
    throw new Error(`mailDelivery/format must be "${MAIL_DELIVERY_FORMAT}"`)
  }
  for (const k of [
    'messages',
    'deliveries',
    'agentPrograms',
    'clickcounts',
    'unsubscribed',
    'stopped',
    'errorCounts',
  ]) {
    if (!Array.isArray(o[k])) throw new Error(`mailDelivery/${k} must be an array`)
  }
  const j = o as unknown as Json & Record<string, unknown[]> & MailDeliveryState
  const deliveries = (o.deliveries as (Omit<Delivery, 'list'> & { list: ListJson | null })[]).map(
    (d): Delivery => ({ ...d, list: d.list ? listFromJSON(d.list) : null }),
  )
  return {
    settings: j.settings,
    messages: new Map(
      (o.messages as MailDeliveryState['messages'] extends Map<number, infer M> ? M[] : never).map((m) => [m.id, m]),
    ),
    deliveries: new Map(deliveries.map((d) => [d.id, d])),
    agentPrograms: new Map((o.agentPrograms as { id: number }[]).map((p) => [p.id, p as never])),
    clickcounts: new Map((o.clickcounts as { id: number }[]).map((c) => [c.id, c as never])),
    unsubscribed: new Set(o.unsubscribed as string[]),
    stopped: new Set(o.stopped as string[]),
    errorCounts: new Map(o.errorCounts as [string, number][]),
    nextMessageId: j.nextMessageId,
    nextDeliveryId: j.nextDeliveryId,
    nextAgentProgramId: j.nextAgentProgramId,
    nextClickcountId: j.nextClickcountId,
  }
}
