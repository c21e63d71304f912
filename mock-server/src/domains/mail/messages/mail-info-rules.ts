import { KrsError } from '../../../kernel/krs-error.js'
import { msg } from '../../../kernel/messages.js'
import type { MailInfoRequest } from '@krs-kit/contract/contract-types'
import type { MailContent } from '../mail-state.js'
import { checkHeaderField } from './header-text.js'

/** The `mail_info` of add/update/test mail calls (the contract's `MailInfo`, request shape). */
export type MailInfoInput = MailInfoRequest

/** Half-width katakana (and half-width Japanese punctuation), U+FF61–U+FF9F. */
const HANKANA = /[\uFF61-\uFF9F]/
/**
 * The unsubscribe-URL placeholder of the emulated substitution syntax (see
 * ../render.ts): `{{unsubscribe_url}}` (also `{{list_unsubscribe_url}}`). It is
 * refused in bodies and subject (KR_API_F0232); List-Unsubscribe is set with `list_unsubscribe`.
 */
export const UNSUBSCRIBE_PLACEHOLDER = /\{\{\s*(?:list_)?unsubscribe_url\s*\}\}/i
/** `{{oneclick_url}}` or `{{oneclick_url:SECONDS}}`: a one-click login URL (default 3600 s). */
const ONECLICK = /\{\{\s*oneclick_url(?::(\d+))?\s*\}\}/
export const MAX_LINE_BYTES = 998
const encoder = new TextEncoder()

function checkLines(key: string, body: string): void {
  const lines = body.split(/\r\n|\n|\r/)
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!
    // UTF-8 is at most 3 bytes per UTF-16 unit: only long lines need encoding
    if (line.length * 3 > MAX_LINE_BYTES && encoder.encode(line).length > MAX_LINE_BYTES) {
      throw new KrsError(
        'KR_API_F0004',
        msg('body_line_too_long', { key, line: i + 1, bytes: encoder.encode(line).length, max_bytes: MAX_LINE_BYTES }),
      )
    }
  }
}

/**
 * Check a `mail_info` and return the content with defaults filled in: parts by type
 * (F0006), half-width katakana without `allow_hankana` (F0004), the 998-byte line limit
 * (F0004), the unsubscribe placeholder (F0232), list_unsubscribe's url/email (F0006).
 * Omitted optional fields take their defaults (update of an agent message resets them).
 */
export function checkMailInfo(m: MailInfoInput): MailContent {
  const type = m.type
  const text = type === 1 || type === 3 ? m.text_part : undefined
  const html = type === 2 || type === 3 ? m.html_part : undefined
  if ((type === 1 || type === 3) && typeof text !== 'string') {
    throw new KrsError('KR_API_F0006', msg('text_part_required', { type }))
  }
  if ((type === 2 || type === 3) && typeof html !== 'string') {
    throw new KrsError('KR_API_F0006', msg('html_part_required', { type }))
  }
  const lu = m.list_unsubscribe ?? { pattern: 0 }
  if (lu.pattern === 2 && !lu.url) throw new KrsError('KR_API_F0006', msg('unsubscribe_url_required'))
  if (lu.pattern === 3 && !lu.email) throw new KrsError('KR_API_F0006', msg('unsubscribe_email_required'))
  for (const key of ['subject', 'from_desc', 'reply_desc', 'from', 'reply'] as const) checkHeaderField(key, m[key])
  const texts: [string, string | undefined | null][] = [
    ['from_desc', m.from_desc],
    ['reply_desc', m.reply_desc],
    ['subject', m.subject],
    ['text_part', text],
    ['html_part', html],
  ]
  for (const [key, v] of texts) {
    if (typeof v !== 'string') continue
    if (!m.allow_hankana && HANKANA.test(v)) {
      throw new KrsError('KR_API_F0004', msg('hankana_not_allowed', { key }))
    }
    if (UNSUBSCRIBE_PLACEHOLDER.test(v)) {
      throw new KrsError('KR_API_F0232', msg('unsubscribe_placeholder', { key }))
    }
  }
  if (typeof text === 'string') checkLines('text_part', text)
  if (typeof html === 'string') checkLines('html_part', html)
  const oneclick = ONECLICK.exec(`${text ?? ''}\n${html ?? ''}`)
  return {
    type,
    allowHankana: m.allow_hankana ?? false,
    from: m.from,
    fromDesc: m.from_desc ?? '',
    reply: m.reply ?? null,
    replyDesc: m.reply_desc ?? '',
    subject: m.subject,
    textPart: typeof text === 'string' ? text : null,
    htmlPart: typeof html === 'string' ? html : null,
    clickcounts: (m.clickcounts ?? []).map((c) => ({
      url: c.url,
      days: c.days ?? 7,
      outdatedUrl: c.outdated_url === undefined || c.outdated_url === null ? c.url : c.outdated_url,
    })),
    openClickcount: m.open_clickcount ?? false,
    listUnsubscribe: {
      pattern: lu.pattern,
      url: lu.pattern === 2 ? (lu.url ?? null) : null,
      email: lu.pattern === 3 ? (lu.email ?? null) : null,
    },
    oneclickSec: oneclick ? (oneclick[1] ? Number(oneclick[1]) : 3600) : 0,
  }
}
