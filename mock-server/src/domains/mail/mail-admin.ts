import type { AdminRequestBody } from '@krs-kit/contract/admin-requests'
import { DomainError, type DomainErrorKind } from '../../kernel/domain-error.js'
import { useSection } from '../../kernel/state-section.js'
import type { Delivery, MailDeliveryState } from './mail-state.js'
import type { TenantState } from '../../kernel/tenant-state.js'
import { countHardBounce, isHardBounce } from './deliveries/address-lists.js'
import { composedCount } from './results/counts.js'
import { renderMail, type RenderedMail } from './render.js'
import { advanceMailDelivery, mailDeliverySection } from './mail-section.js'
import { bounceDescriptions } from './mail-scenario.js'

/** A refused admin event or outbox request; its kind becomes the status (admin router). */
export class MailAdminError extends DomainError {
  override readonly name = 'MailAdminError'
  constructor(kind: DomainErrorKind, message: string) {
    super(kind, message)
  }
}

function current(tenant: TenantState, now: number): MailDeliveryState {
  const state = useSection(tenant, mailDeliverySection, now)
  advanceMailDelivery(tenant, now)
  return state
}

function deliveryOf(state: MailDeliveryState, id: unknown): Delivery {
  const d = typeof id === 'number' ? state.deliveries.get(id) : undefined
  if (!d || d.cancelled) throw new MailAdminError('not_found', `delivery_id ${String(id)}: no such delivery`)
  return d
}

export interface OutboxMail extends RenderedMail {
  member_id: number
  to: string
  /** handed_over: given to the transport; ready: waiting in the handover queue. */
  status: 'handed_over' | 'ready'
  /** The simulated bounce of this mail, if any. */
  error_code: string | null
}

export interface Outbox {
  delivery_id: number
  kind: 'normal' | 'test' | 'agent'
  phase: 0 | 1 | 2 | 3
  /** Number of real recipients (the mails of the delivery). */
  total: number
  offset: number
  mails: OutboxMail[]
}

/** Where the outbox's links point (see `outboxLinkBase`). */
export interface OutboxLinks {
  /** The engine's `publicUrl` (`--public-url`): wins over everything. */
  publicUrl?: string | null
  /** The origin the caller used (`http://127.0.0.1:54321`). */
  origin?: string
}

/**
 * Base of the click, open and unsubscribe links: `--public-url`, else the scenario's
 * `delivery.public_base_url`, else the origin of the request that asked (so the links reach
 * the server that rendered them, on whatever port), else `http://127.0.0.1:4010`.
 */
export function outboxLinkBase(scenarioBase: string, links: OutboxLinks): string {
  return links.publicUrl || scenarioBase || links.origin || 'http://127.0.0.1:4010'
}

/**
 * `GET /__mock/outbox?delivery_id=N[&offset=0&limit=100]`: each real recipient's rendered
 * mail (From, Reply-To, Subject, List-Unsubscribe headers; text and HTML parts with member
 * fields substituted; click-count URLs rewritten to `<base>/__mock/click/<clickcount_id>/<member_id>`,
 * an open-rate image `<base>/__mock/open/<clickcount_id>/<member_id>`). Empty before the
 * list is built (phases 0 and 1).
 */
export function outbox(
  tenant: TenantState,
  deliveryId: number,
  now: number,
  page: { offset?: number; limit?: number } = {},
  links: OutboxLinks = {},
): Outbox {
  const state = current(tenant, now)
  const d = deliveryOf(state, deliveryId)
  const offset = Math.max(0, Math.floor(page.offset ?? 0))
  const limit = Math.min(10_000, Math.max(1, Math.floor(page.limit ?? 100)))
  const list = d.list
  const out: Outbox = {
    delivery_id: d.id,
    kind: d.kind,
    phase: d.phase,
    total: list?.realRows.length ?? 0,
    offset,
    mails: [],
  }
  if (!list || !d.mail || d.phase < 2) return out
  const table = tenant.memberDb.tables.get(d.memberTableId)
  const composed = composedCount(d, now)
  const clickIds = d.mail.clickcounts.map((_, k) => d.clickcountIds[k] ?? null)
  const openId = d.clickcountIds.map((id) => state.clickcounts.get(id)).find((c) => c?.type === 1)?.id ?? null
  const end = Math.min(list.realRows.length, offset + limit)
  for (let j = offset; j < end; j++) {
    const i = list.realRows[j]!
    const memberId = list.memberIds[i]!
    const row = table ? table.members.rowOf(memberId) : -1
    const k = list.error[i]!
    const rendered = renderMail(d.mail, d.subjectPrefix, list.addresses[i]!, {
      table,
      row,
      memberId,
      deliveryId: d.id,
      baseUrl: outboxLinkBase(state.settings.publicBaseUrl, links),
      clickIds,
      openId,
    })
    out.mails.push({
      member_id: memberId,
      to: list.addresses[i]!,
      status: j < composed ? 'handed_over' : 'ready',
      error_code: k >= 0 && j < composed ? list.errorTable[k]![0] : null,
      ...rendered,
    })
  }
  return out
}

/** A mock event (`POST /__mock/events`), as spec/admin.openapi.yaml types it (`MailEvent`). */
export type MailEvent = AdminRequestBody<'mock_add_event'>

export interface EventResult {
  ok: true
  type: MailEvent['type']
  /** click/open: whether it was counted (false after the collection period). */
  counted?: boolean
  /** click: where the emulated click-count URL redirects (null = Not Found). */
  redirect?: string | null
  address?: string
}

/** The recipient's index in the list; it must have been handed over. */
function handedOver(d: Delivery, memberId: unknown, now: number): number {
  const list = d.list
  if (!list || d.phase < 2)
    throw new MailAdminError('conflict', `delivery ${d.id} has not started handing over mails (phase ${d.phase})`)
  const composed = composedCount(d, now)
  for (let j = 0; j < composed; j++) if (list.memberIds[list.realRows[j]!] === memberId) return list.realRows[j]!
  throw new MailAdminError('not_found', `member ${String(memberId)} has not been sent a mail by delivery ${d.id}`)
}

function clickOrOpen(
  state: MailDeliveryState,
  d: Delivery,
  e: Extract<MailEvent, { type: 'click' | 'open' }>,
  now: number,
): EventResult {
  const i = handedOver(d, e.member_id, now)
  const list = d.list!
  if (list.error[i]! >= 0)
    throw new MailAdminError(
      'conflict',
      `the mail of member ${e.member_id} bounced; it cannot be ${e.type === 'click' ? 'clicked' : 'opened'}`,
    )
  const counts = d.clickcountIds.map((id) => state.clickcounts.get(id)!).filter(Boolean)
  const c =
    e.type === 'open'
      ? counts.find((x) => x.type === 1)
      : counts.find((x) => x.type === 0 && (e.clickcount_id !== undefined ? x.id === e.clickcount_id : x.url === e.url))
  if (!c)
    throw new MailAdminError(
      'not_found',
      e.type === 'open'
        ? `delivery ${d.id} does not count opens`
        : `delivery ${d.id} has no click count for ${e.url ?? `id ${e.clickcount_id}`}`,
    )
  const counted = now <= c.collectDate
  if (counted) {
    c.logs.push({
      at: now,
      memberId: e.member_id,
      address: list.addresses[i]!,
      ip: e.ip_address ?? '127.0.0.1',
      userAgent: e.user_agent ?? 'krs-mock',
    })
  }
  const redirect = counted ? c.url : c.outdatedUrl === '' ? null : c.outdatedUrl
  return { ok: true, type: e.type, counted, ...(e.type === 'click' ? { redirect } : {}) }
}

/**
 * `POST /__mock/events`: simulate what recipients and mail servers do. A click or open is
 * logged on the delivery's click count (only within its period); a bounce marks the mail as
 * an error with its code (a hard 5.x.x bounce also counts towards stopping the address);
 * an unsubscribe puts the address on the unsubscribe list. The results reflect them.
 */
export function applyEvent(tenant: TenantState, event: MailEvent, now: number): EventResult {
  const state = current(tenant, now)
  switch (event.type) {
    case 'click':
    case 'open':
      return clickOrOpen(state, deliveryOf(state, event.delivery_id), event, now)
    case 'bounce': {
      if (typeof event.code !== 'string' || !/^[245]\.\d{1,3}\.\d{1,3}$/.test(event.code)) {
        throw new MailAdminError('invalid', 'a bounce needs "code", an SMTP enhanced status code such as "5.1.1"')
      }
      const d = deliveryOf(state, event.delivery_id)
      const i = handedOver(d, event.member_id, now)
      const list = d.list!
      let k = list.errorTable.findIndex(([code]) => code === event.code)
      if (k < 0) {
        k = list.errorTable.length
        list.errorTable.push([event.code, event.desc ?? bounceDescriptions[event.code] ?? '配信エラー'])
      }
      list.error[i] = k
      if (isHardBounce(event.code)) countHardBounce(state, list.addresses[i]!.toLowerCase())
      return { ok: true, type: 'bounce', address: list.addresses[i]! }
    }
    case 'unsubscribe': {
      let address = event.address
      if (address === undefined && event.delivery_id !== undefined) {
        const d = deliveryOf(state, event.delivery_id)
        address = d.list?.addresses[handedOver(d, event.member_id, now)]
      }
      if (typeof address !== 'string' || address.trim() === '')
        throw new MailAdminError('invalid', 'an unsubscribe needs "address", or "delivery_id" and "member_id"')
      state.unsubscribed.add(address.trim().toLowerCase())
      return { ok: true, type: 'unsubscribe', address: address.trim() }
    }
    default:
      throw new MailAdminError(
        'invalid',
        `unknown event type ${JSON.stringify((event as { type?: unknown }).type)}; use click, open, bounce or unsubscribe`,
      )
  }
}

export interface TrackingAnswer {
  /** 302 to `location`, 404 (unknown link, or Not Found after the period), 200 for an open or unsubscribe. */
  status: 200 | 302 | 404
  location?: string
  /** For opens: a 1×1 transparent GIF; otherwise a short text. */
  body: Uint8Array | string
  contentType: string
}

const GIF_1X1 = Uint8Array.from([
  71, 73, 70, 56, 57, 97, 1, 0, 1, 0, 128, 0, 0, 0, 0, 0, 255, 255, 255, 33, 249, 4, 1, 0, 0, 0, 0, 44, 0, 0, 0, 0, 1,
  0, 1, 0, 0, 2, 2, 68, 1, 0, 59,
])

/**
 * The emulator's tracking links as rendered in the outbox, for the lead to serve as
 * `GET /__mock/click/<clickcount_id>/<member_id>` (records the click, 302 to the URL, or to
 * `outdated_url` after the period, 404 when that is empty), `GET /__mock/open/<id>/<member_id>`
 * (records the open, answers a 1×1 GIF) and `GET|POST /__mock/unsubscribe/<delivery_id>/<member_id>`
 * (puts the address on the unsubscribe list). `path` is the part after `/__mock/`.
 */
export function followTrackingLink(
  tenant: TenantState,
  path: string,
  now: number,
  meta: { ip_address?: string; user_agent?: string } = {},
): TrackingAnswer {
  const notFound: TrackingAnswer = { status: 404, body: 'Not Found', contentType: 'text/plain; charset=utf-8' }
  const m = /^(click|open|unsubscribe)\/(\d+)\/(\d+)$/.exec(path)
  if (!m) return notFound
  const [, kind, a, b] = m as unknown as [string, 'click' | 'open' | 'unsubscribe', string, string]
  const memberId = Number(b)
  try {
    if (kind === 'unsubscribe') {
      applyEvent(tenant, { type: 'unsubscribe', delivery_id: Number(a), member_id: memberId }, now)
      return { status: 200, body: '配信を停止しました。', contentType: 'text/plain; charset=utf-8' }
    }
    const state = current(tenant, now)
    const c = state.clickcounts.get(Number(a))
    if (!c) return notFound
    if (kind === 'open') {
      applyEvent(tenant, { type: 'open', delivery_id: c.deliveryId, member_id: memberId, ...meta }, now)
      return { status: 200, body: GIF_1X1, contentType: 'image/gif' }
    }
    const r = applyEvent(
      tenant,
      { type: 'click', delivery_id: c.deliveryId, member_id: memberId, clickcount_id: c.id, ...meta },
      now,
    )
    return r.redirect
      ? { status: 302, location: r.redirect, body: '', contentType: 'text/plain; charset=utf-8' }
      : notFound
  } catch (e) {
    if (e instanceof MailAdminError) return notFound
    throw e
  }
}
