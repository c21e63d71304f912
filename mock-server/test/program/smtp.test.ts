import { afterEach, describe, expect, it } from 'vitest'
import { CliUsageError, parseCliArgs, runCli, type RunningCli } from '../../src/program/index.js'
import { smtpCatcher, type SmtpCatcher } from '../support/smtp-catcher.js'

// krs-mock --smtp URL: handed-over mails also go to an SMTP catcher (off by default).

let running: RunningCli | null = null
let catcher: SmtpCatcher | null = null
afterEach(async () => {
  await running?.shutdown()
  running = null
  await catcher?.close()
  catcher = null
})

async function start(extra: string[]): Promise<{ url: string; out: () => string }> {
  let out = ''
  const io = {
    out: (t: string) => {
      out += t
    },
    err: (t: string) => {
      out += t
    },
  }
  running = await runCli(['--port', '0', '--quiet', '--clock', 'manual', '--members', '12', ...extra], io)
  return { url: running!.server.url, out: () => out }
}

async function api<T>(url: string, op: string, body: unknown): Promise<T> {
  const res = await fetch(`${url}/api/v1/${op}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: 'Bearer krs-all' },
    body: JSON.stringify(body),
  })
  const json = (await res.json()) as T
  if (res.status !== 200) throw new Error(`${op}: ${res.status} ${JSON.stringify(json)}`)
  return json
}

/** A delivery to every member, driven to phase 3 through the admin API; answers its id. */
async function deliver(url: string, subject: string): Promise<number> {
  const clock = (await (await fetch(`${url}/__mock/clock`)).json()) as { now: number }
  const msg = await api<number>(url, 'add_mail_message', {
    member_table_id: 1,
    mail_info: {
      type: 1,
      from: 'info@example.com',
      subject,
      text_part: '{{e_6}} 様\n',
      list_unsubscribe: { pattern: 1 },
    },
  })
  const id = await api<number>(url, 'add_delivery_schedule', {
    mail_message_id: msg,
    delivery_info: { title: subject, condition_id: 1, element_id: 4, delivery_date: clock.now + 60, blacklist: true },
  })
  await fetch(`${url}/__mock/clock`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ advance_seconds: 3600 }),
  })
  return id
}

describe('--smtp in the Node door', () => {
  it('sends each handed-over mail once, as rendered in the outbox', async () => {
    catcher = await smtpCatcher()
    const { url, out } = await start(['--smtp', `smtp://127.0.0.1:${catcher.port}`])
    expect(out()).toContain(`smtp:   handed-over mails are also sent to smtp://127.0.0.1:${catcher.port}`)
    const id = await deliver(url, 'SMTP のテスト')
    const box = (await (await fetch(`${url}/__mock/outbox?delivery_id=${id}&limit=1000`)).json()) as {
      total: number
      mails: { to: string; member_id: number }[]
    }
    expect(box.total).toBeGreaterThan(0)
    // the request that advanced the clock kicks the relay; the timer would within a second
    await catcher.waitFor(box.total)
    await running!.smtp!.flush()
    expect(catcher.messages).toHaveLength(box.total)
    const first = box.mails[0]!
    const raw = catcher.messages.find((m) => new RegExp(`^X-Krs-Member-Id: ${first.member_id}\r$`, 'im').test(m))!
    expect(raw).toContain(`To: ${first.to}\r\n`)
    expect(raw).toMatch(new RegExp(`^X-Krs-Delivery-Id: ${id}\r$`, 'im'))
    expect(raw).toMatch(/Subject: =\?UTF-8\?/) // the Japanese subject, MIME-encoded
    expect(raw).toContain(`List-Unsubscribe: <${url}/__mock/unsubscribe/${id}/${first.member_id}>`)
    // a second delivery: only its own mails are sent
    const second = await deliver(url, 'second')
    await catcher.waitFor(box.total * 2)
    await running!.smtp!.flush()
    expect(catcher.messages.filter((m) => new RegExp(`^X-Krs-Delivery-Id: ${second}\r$`, 'im').test(m))).toHaveLength(
      box.total,
    )
    expect(catcher.messages).toHaveLength(box.total * 2)
  })

  it('is off by default', async () => {
    catcher = await smtpCatcher()
    const { url, out } = await start([])
    expect(running!.smtp).toBeNull()
    expect(out()).not.toContain('smtp:')
    await deliver(url, 'no smtp')
    await new Promise((r) => setTimeout(r, 300))
    expect(catcher.messages).toEqual([])
  })

  it('refuses a URL that is not smtp:// or smtps://', () => {
    expect(parseCliArgs(['--smtp', 'smtp://127.0.0.1:1025']).smtp).toBe('smtp://127.0.0.1:1025')
    expect(parseCliArgs([]).smtp).toBeUndefined()
    expect(() => parseCliArgs(['--smtp', 'http://127.0.0.1:1025'])).toThrow(CliUsageError)
  })
})
