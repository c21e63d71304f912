import type { ErrorCode } from '@krs-kit/contract/errors'
import { type Language, type Message, renderMessage } from './messages.js'

/**
 * The one error type engine code throws for a refusal. The HTTP layer maps `code` to the
 * catalogue's status and writes `{ error_code, error_desc, message? }`.
 *
 * The detail is a catalogued message (`msg(id, params)`, rendered in the language the request
 * asks for) or, from code outside the emulator's own domains, a plain text sent as it is.
 *
 * @example throw new KrsError('KR_API_F0102', msg('message_locked', { field: 'mail_message_id', id: 12, holder: 'delivery:7' }))
 */
export class KrsError extends Error {
  override readonly name = 'KrsError'
  /** Human detail in English (sent as `message` when the request asks for no language). */
  readonly detail?: string
  /** The catalogued detail, when it has one. */
  readonly detailMessage?: Message
  constructor(
    readonly code: ErrorCode,
    /** Say which key and which rule. */
    detail?: string | Message,
    /** Extra response headers (e.g. Retry-After for KRSKIT_RATE_LIMITED). */
    readonly headers?: Record<string, string>,
  ) {
    const text = typeof detail === 'object' ? renderMessage(detail, 'en') : detail
    super(text ? `${code}: ${text}` : code)
    if (text !== undefined) this.detail = text
    if (typeof detail === 'object') this.detailMessage = detail
  }

  /** The detail in `lang` (a plain-text detail is the same in every language). */
  detailIn(lang: Language): string | undefined {
    return this.detailMessage ? renderMessage(this.detailMessage, lang) : this.detail
  }
}

export function isKrsError(e: unknown): e is KrsError {
  return e instanceof KrsError
}
