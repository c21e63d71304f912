import { afterEach, expect, it } from 'vitest'
import { createSmtpRelay } from '../../../src/domains/mail/smtp-relay.js'
import { runOnEveryDoor } from '../../support/run-on-every-door.js'
import { smtpCatcher } from '../../support/smtp-catcher.js'
import { kit, mailDoorEngine, textMail } from './door-kit.js'
import { T0 } from './support.js'

const onlyNode = 'the SMTP relay is an option of the Node server (--smtp); the other doors have no relay loop'

/** The optional SMTP relay: the delivery is made through the Node door, the relay reads the tenant it serves. */
runOnEveryDoor(
  'SMTP relay (--smtp, optional)',
  (t) => {
    const k = kit(t)
    let cleanup: (() => Promise<void>) | null = null
    afterEach(async () => {
      await cleanup?.()
      cleanup = null
    })

    it('sends each handed-over mail once, rendered as in the outbox', async () => {
      const catcher = await smtpCatcher()
      const relay = createSmtpRelay(`smtp://127.0.0.1:${catcher.port}`)
      cleanup = async () => {
        relay.close()
        await catcher.close()
      }
      const tenant = () => t.engine.defaultTenant.state
      const msg = await k.ok<number>('add_mail_message', {
        member_table_id: 1,
        mail_info: textMail({ subject: 'SMTP test', list_unsubscribe: { pattern: 3, email: 'stop@example.com' } }),
      })
      await k.ok('add_delivery_schedule', {
        mail_message_id: msg,
        delivery_info: { title: 't', condition_id: 1, element_id: 2, delivery_date: T0 + 60, blacklist: true },
      })
      expect(await relay.relay(tenant(), T0)).toBe(0)
      const { now } = await k.advance(10_000)
      expect(await relay.relay(tenant(), now)).toBe(5)
      expect(await relay.relay(tenant(), now)).toBe(0)
      expect(catcher.messages).toHaveLength(5)
      const taro = catcher.messages.find((m) => /To: taro@example\.com/.test(m))!
      expect(taro).toMatch(/Subject: SMTP test/)
      expect(taro).toMatch(/List-Unsubscribe: <mailto:stop@example\.com>/)
      expect(taro).toMatch(/X-Krs-Member-Id: 1\r?\n/i)
    })
  },
  { engine: mailDoorEngine(), skip: { engine: onlyNode, msw: onlyNode } },
)
