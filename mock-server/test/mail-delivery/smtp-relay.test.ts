import net from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { createSmtpRelay } from '../../src/domains/mail-delivery-smtp-relay.js'
import { T0, call, ctxFor, makeTenant, textMail } from './support.js'

/** A minimal SMTP catcher on a random loopback port: keeps each message's raw DATA. */
function smtpCatcher(): Promise<{ port: number; messages: string[]; close: () => Promise<void> }> {
  const messages: string[] = []
  const server = net.createServer((sock) => {
    let buf = ''
    let inData = false
    sock.write('220 catcher ESMTP\r\n')
    sock.on('data', (chunk) => {
      buf += chunk.toString('utf8')
      for (;;) {
        if (inData) {
          const end = buf.indexOf('\r\n.\r\n')
          if (end < 0) return
          messages.push(buf.slice(0, end))
          buf = buf.slice(end + 5)
          inData = false
          sock.write('250 OK\r\n')
          continue
        }
        const nl = buf.indexOf('\r\n')
        if (nl < 0) return
        const line = buf.slice(0, nl).toUpperCase()
        buf = buf.slice(nl + 2)
        if (line.startsWith('EHLO') || line.startsWith('HELO')) sock.write('250 catcher\r\n')
        else if (line.startsWith('DATA')) { inData = true; sock.write('354 go\r\n') }
        else if (line.startsWith('QUIT')) { sock.end('221 bye\r\n'); return }
        else sock.write('250 OK\r\n')
      }
    })
    sock.on('error', () => {})
  })
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const port = (server.address() as net.AddressInfo).port
      resolve({ port, messages, close: () => new Promise((r) => server.close(() => r())) })
    })
  })
}

describe('SMTP relay (--smtp, optional)', () => {
  let cleanup: (() => Promise<void>) | null = null
  afterEach(async () => { await cleanup?.(); cleanup = null })

  it('sends each handed-over mail once, rendered as in the outbox', async () => {
    const catcher = await smtpCatcher()
    const relay = createSmtpRelay(`smtp://127.0.0.1:${catcher.port}`)
    cleanup = async () => { relay.close(); await catcher.close() }
    const tenant = makeTenant()
    const clock = { now: T0 }
    const ctx = ctxFor(tenant, clock)
    const msg = call(ctx, 'add_mail_message', { member_table_id: 1, mail_info: textMail({ subject: 'SMTP test', list_unsubscribe: { pattern: 3, email: 'stop@example.com' } }) })
    const id = call(ctx, 'add_delivery_schedule', { mail_message_id: msg, delivery_info: { title: 't', condition_id: 1, element_id: 2, delivery_date: T0 + 60, blacklist: true } })
    expect(await relay.relay(tenant, T0)).toBe(0)
    clock.now = T0 + 10_000
    call(ctx, 'get_delivery_status', { delivery_id: id })
    expect(await relay.relay(tenant, clock.now)).toBe(5)
    expect(await relay.relay(tenant, clock.now)).toBe(0)
    expect(catcher.messages).toHaveLength(5)
    const taro = catcher.messages.find((m) => /To: taro@example\.com/.test(m))!
    expect(taro).toMatch(/Subject: SMTP test/)
    expect(taro).toMatch(/List-Unsubscribe: <mailto:stop@example\.com>/)
    expect(taro).toMatch(/X-Krs-Member-Id: 1\r?\n/i)
  })
})
