import { foldHeaderValue } from './messages/header-text.js'
import type { MailContent } from './mail-state.js'
import type { MemberElement, MemberTableState } from '../member-db/member-db-state.js'
import { apiValue } from '../member-db/members/member-view.js'

/**
 * The substitution syntax the emulator renders (documented in the README of the mock):
 * - `{{e_ID}}`: the member's value of element ID as text (option labels for choices,
 *   labels joined with ", " for multiple choices, the yes/no descriptions for yes/no,
 *   YYYY-MM-DD for dates, empty for a blank value);
 * - `{{id}}`: the member id;
 * - `{{oneclick_url}}` / `{{oneclick_url:SECONDS}}`: a one-click login URL of the emulator;
 * - `{{unsubscribe_url}}` is refused when the message is saved (KR_API_F0232).
 * Any other `{{...}}` is left as written.
 */
export const PLACEHOLDER = /\{\{\s*(e_\d+|id|oneclick_url(?::\d+)?)\s*\}\}/g

function textOf(table: MemberTableState, el: MemberElement, row: number): string {
  if (el.type === 'hashed_password') return '******'
  const v = apiValue(table, el, row)
  if (v === null || v === undefined) return ''
  const options = el.config.options
  if (Array.isArray(v)) return v.map((id) => options?.[String(id)] ?? String(id)).join(', ')
  if (typeof v === 'boolean') return v ? (el.config.yes_description ?? 'はい') : (el.config.no_description ?? 'いいえ')
  if (typeof v === 'number' && options && options[String(v)] !== undefined) return options[String(v)]!
  return String(v)
}

export interface RenderTarget {
  table: MemberTableState | undefined
  row: number
  memberId: number
  deliveryId: number
  baseUrl: string
  /** Click-count id of each click-count URL, in the message's order; and the open-rate id. */
  clickIds: (number | null)[]
  openId: number | null
}

const escapeRe = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/** Replace click-count URLs by exact match (a URL followed by more URL characters is not it). */
function rewriteClicks(body: string, mail: MailContent, t: RenderTarget): string {
  mail.clickcounts.forEach((c, k) => {
    const id = t.clickIds[k]
    if (id === null || id === undefined) return
    const re = new RegExp(`${escapeRe(c.url)}(?![^\\s"'<>)\\]])`, 'g')
    body = body.replace(re, `${t.baseUrl}/__mock/click/${id}/${t.memberId}`)
  })
  return body
}

export function substitute(body: string, t: RenderTarget): string {
  return body.replace(PLACEHOLDER, (_all, key: string) => {
    if (key === 'id') return String(t.memberId)
    if (key.startsWith('oneclick_url')) return `${t.baseUrl}/__mock/oneclick/${t.deliveryId}/${t.memberId}`
    const el = t.table?.elements.find((e) => `e_${e.id}` === key)
    return el && t.table && t.row >= 0 ? textOf(t.table, el, t.row) : ''
  })
}

export interface RenderedMail {
  headers: Record<string, string>
  text: string | null
  html: string | null
}

/** Render one recipient's mail: headers, parts with fields substituted, URLs rewritten. */
export function renderMail(mail: MailContent, subjectPrefix: string, to: string, t: RenderTarget): RenderedMail {
  const headers: Record<string, string> = {
    From: mail.fromDesc ? `${mail.fromDesc} <${mail.from}>` : mail.from,
    To: to,
    Subject: `${subjectPrefix}${substitute(mail.subject, t)}`,
  }
  if (mail.reply) headers['Reply-To'] = mail.replyDesc ? `${mail.replyDesc} <${mail.reply}>` : mail.reply
  const lu = mail.listUnsubscribe
  if (lu.pattern === 1) {
    headers['List-Unsubscribe'] = `<${t.baseUrl}/__mock/unsubscribe/${t.deliveryId}/${t.memberId}>`
    headers['List-Unsubscribe-Post'] = 'List-Unsubscribe=One-Click'
  } else if (lu.pattern === 2 && lu.url) {
    headers['List-Unsubscribe'] = `<${lu.url}>`
  } else if (lu.pattern === 3 && lu.email) {
    headers['List-Unsubscribe'] = `<mailto:${lu.email}>`
  }
  const text = mail.textPart === null ? null : rewriteClicks(substitute(mail.textPart, t), mail, t)
  let html = mail.htmlPart === null ? null : rewriteClicks(substitute(mail.htmlPart, t), mail, t)
  if (html !== null && t.openId !== null) {
    const img = `<img src="${t.baseUrl}/__mock/open/${t.openId}/${t.memberId}" width="1" height="1" alt="">`
    html = /<\/body>/i.test(html) ? html.replace(/<\/body>/i, `${img}</body>`) : html + img
  }
  // member values substituted into a header (and anything else) never add a header line
  for (const k of Object.keys(headers)) headers[k] = foldHeaderValue(headers[k]!)
  return { headers, text, html }
}
