/**
 * Node only (imported by the Node door, never by the engine): with `--smtp URL` the mock
 * also sends each handed-over mail, as rendered in the outbox, to a local SMTP catcher
 * (Mailpit, MailHog, ...) with nodemailer. Off by default.
 */
import nodemailer from 'nodemailer'
import type { TenantState } from '../../kernel/tenant-state.js'
import { composedCount } from './results/counts.js'
import { outbox, type OutboxLinks } from './mail-admin.js'

export interface SmtpRelay {
  /** Send the mails handed over since the last call (every tenant given); returns how many were sent. */
  relay(tenant: TenantState, now: number): Promise<number>
  close(): void
}

export interface SmtpRelayOptions {
  /** Mails sent per delivery and call at most (default 1000). */
  batch?: number
  /** Base of the tracking links in the mails (the server's URL, or --public-url). */
  links?: OutboxLinks
  /** Called for a mail the catcher refused (default: ignore). */
  onError?: (error: unknown) => void
}

/**
 * A relay to `url` (`smtp://127.0.0.1:1025`). It remembers per tenant and delivery how many
 * mails it sent, so each handed-over mail is sent once, in handover order.
 */
export function createSmtpRelay(url: string, opts: SmtpRelayOptions = {}): SmtpRelay {
  const transport = nodemailer.createTransport(url.includes('?') ? url : `${url}?ignoreTLS=true`)
  const sent = new WeakMap<TenantState, Map<number, number>>()
  const batch = opts.batch ?? 1000
  return {
    async relay(tenant, now) {
      const state = tenant.mailDelivery
      if (!state) return 0
      let done = sent.get(tenant)
      if (!done) {
        done = new Map()
        sent.set(tenant, done)
      }
      let count = 0
      for (const d of state.deliveries.values()) {
        if (d.cancelled || d.phase < 2) continue
        const from = done.get(d.id) ?? 0
        const upTo = Math.min(composedCount(d, now), from + batch)
        if (upTo <= from) continue
        const box = outbox(tenant, d.id, now, { offset: from, limit: upTo - from }, opts.links)
        for (const m of box.mails) {
          const headers: Record<string, string> = {}
          for (const k of ['List-Unsubscribe', 'List-Unsubscribe-Post']) if (m.headers[k]) headers[k] = m.headers[k]!
          try {
            await transport.sendMail({
              from: m.headers.From,
              to: m.to,
              subject: m.headers.Subject,
              ...(m.headers['Reply-To'] ? { replyTo: m.headers['Reply-To'] } : {}),
              ...(m.text !== null ? { text: m.text } : {}),
              ...(m.html !== null ? { html: m.html } : {}),
              headers: { ...headers, 'X-Krs-Delivery-Id': String(d.id), 'X-Krs-Member-Id': String(m.member_id) },
            })
            count++
          } catch (e) {
            opts.onError?.(e)
          }
        }
        done.set(d.id, upTo)
      }
      return count
    },
    close: () => transport.close(),
  }
}
