import { expect, it } from 'vitest'
import { runOnEveryDoor, type DoorTarget } from '../support/run-on-every-door.js'

// The admin routes of the mail and forms domains: outbox, events, tracking links, one-click check, form outbox.

const START = 1_767_225_600 // the runner's manual clock
const small = { engine: { members: 20 } }

const mailInfo = {
  type: 3,
  from: 'info@example.com',
  from_desc: '事務局',
  subject: '{{e_6}}様へのお知らせ',
  text_part: '{{e_6}} 様\n詳細 https://www.example.com/a/\n',
  html_part: '<html><body><a href="https://www.example.com/a/">詳細</a></body></html>',
  clickcounts: [{ url: 'https://www.example.com/a/', days: 7, outdated_url: '' }],
  open_clickcount: true,
  list_unsubscribe: { pattern: 1 },
}

async function ok<T>(t: DoorTarget, op: string, body: unknown, token?: string): Promise<T> {
  const r = await t.call<T>(op, body, token)
  if (r.status !== 200) throw new Error(`${op}: ${r.status} ${JSON.stringify(r.body)}`)
  return r.body
}

interface Sent {
  id: number
  valid: { member_id: number; address: string }[]
  clickId: number
  openId: number
}

/** A delivery to every member, scheduled in a minute and driven to phase 3. */
async function sendAll(t: DoorTarget, token?: string): Promise<Sent> {
  const msg = await ok<number>(t, 'add_mail_message', { member_table_id: 1, mail_info: mailInfo }, token)
  const id = await ok<number>(
    t,
    'add_delivery_schedule',
    {
      mail_message_id: msg,
      delivery_info: { title: 'お知らせ', condition_id: 1, element_id: 4, delivery_date: START + 60, blacklist: true },
    },
    token,
  )
  expect((await t.admin('POST', 'clock', { advance_seconds: 3600 }, token ?? null)).status).toBe(200)
  const valid = await ok<{ member_id: number; address: string }[]>(
    t,
    'get_addresses_for_delivery',
    { delivery_id: id, type: 'valid', offset: 0 },
    token,
  )
  expect(valid.length).toBeGreaterThan(3)
  const counts = await ok<{ id: number; type: number }[]>(
    t,
    'get_click_counts_for_delivery',
    { delivery_id: id },
    token,
  )
  return { id, valid, clickId: counts.find((c) => c.type === 0)!.id, openId: counts.find((c) => c.type === 1)!.id }
}

interface Outbox {
  delivery_id: number
  phase: number
  total: number
  offset: number
  mails: {
    member_id: number
    to: string
    status: string
    headers: Record<string, string>
    text: string | null
    html: string | null
  }[]
}

runOnEveryDoor(
  'admin API: outbox',
  (t) => {
    it('GET /__mock/outbox?delivery_id= answers the rendered mails, paged', async () => {
      const { id, valid, clickId, openId } = await sendAll(t)
      const r = await t.admin<Outbox>('GET', `outbox?delivery_id=${id}&offset=1&limit=2`)
      expect(r.status).toBe(200)
      expect(r.body).toMatchObject({ delivery_id: id, phase: 3, offset: 1 })
      expect(r.body.total).toBeGreaterThanOrEqual(valid.length)
      expect(r.body.mails).toHaveLength(2)
      const mail = r.body.mails[0]!
      expect(mail.status).toBe('handed_over')
      expect(mail.headers.From).toBe('事務局 <info@example.com>')
      expect(mail.headers.Subject).toMatch(/様へのお知らせ$/)
      expect(mail.headers.Subject).not.toContain('{{')
      expect(mail.headers['List-Unsubscribe']).toContain(`/__mock/unsubscribe/${id}/${mail.member_id}`)
      expect(mail.text).toContain(`/__mock/click/${clickId}/${mail.member_id}`)
      expect(mail.html).toContain(`/__mock/open/${openId}/${mail.member_id}`)
      const all = await t.admin<Outbox>('GET', `outbox?delivery_id=${id}`)
      expect(all.body.mails.map((m) => m.member_id).slice(1, 3)).toEqual(r.body.mails.map((m) => m.member_id))
    })

    it('is empty before handover; 400 without delivery_id or with a bad limit; 404 for an unknown delivery', async () => {
      const msg = await ok<number>(t, 'add_mail_message', { member_table_id: 1, mail_info: mailInfo })
      const id = await ok<number>(t, 'add_delivery_schedule', {
        mail_message_id: msg,
        delivery_info: { title: 'x', condition_id: 1, element_id: 4, delivery_date: START + 600, blacklist: true },
      })
      expect((await t.admin<Outbox>('GET', `outbox?delivery_id=${id}`)).body).toMatchObject({
        phase: 0,
        total: 0,
        mails: [],
      })
      const missing = await t.admin<{ error: string; message: string }>('GET', 'outbox')
      expect(missing.status).toBe(400)
      expect(missing.body.message).toContain('delivery_id')
      expect((await t.admin('GET', `outbox?delivery_id=${id}&limit=0`)).status).toBe(400)
      const unknown = await t.admin<{ error: string }>('GET', 'outbox?delivery_id=999')
      expect(unknown.status).toBe(404)
      expect(unknown.body.error).toBe('not_found')
    })

    it('takes the tenant from the bearer token', async () => {
      const created = await t.admin<{ tokens: Record<string, string> }>('POST', 'tenants', {
        members: 20,
        clock: { mode: 'manual', set: START },
      })
      const token = created.body.tokens['krs-all']!
      const { id } = await sendAll(t, token)
      expect((await t.admin<Outbox>('GET', `outbox?delivery_id=${id}`, undefined, token)).body.delivery_id).toBe(id)
      expect((await t.admin('GET', `outbox?delivery_id=${id}`)).status).toBe(404)
      expect((await t.admin('GET', `outbox?delivery_id=${id}`, undefined, 'nobody')).status).toBe(401)
    })
  },
  small,
)

runOnEveryDoor(
  'admin API: events',
  (t) => {
    it('a click, an open, a bounce and an unsubscribe are reflected in the results', async () => {
      const { id, valid } = await sendAll(t)
      const [a, b, c] = valid
      const click = await t.admin<{ ok: boolean; counted: boolean; redirect: string }>('POST', 'events', {
        type: 'click',
        delivery_id: id,
        member_id: a!.member_id,
        url: 'https://www.example.com/a/',
        ip_address: '203.0.113.9',
      })
      expect(click.status).toBe(200)
      expect(click.body).toEqual({ ok: true, type: 'click', counted: true, redirect: 'https://www.example.com/a/' })
      expect(
        (await t.admin('POST', 'events', { type: 'open', delivery_id: id, member_id: a!.member_id })).body,
      ).toMatchObject({ ok: true, counted: true })
      const counts = await ok<{ type: number; total_num: number; unique_num: number }[]>(
        t,
        'get_click_counts_for_delivery',
        { delivery_id: id },
      )
      expect(counts.map((x) => [x.type, x.total_num, x.unique_num])).toEqual([
        [0, 1, 1],
        [1, 1, 1],
      ])

      const before = await ok<{ count_info: { error: number } }>(t, 'get_delivery_result', { delivery_id: id })
      expect(
        (await t.admin('POST', 'events', { type: 'bounce', delivery_id: id, member_id: b!.member_id, code: '5.2.1' }))
          .body,
      ).toMatchObject({ ok: true, address: b!.address })
      const after = await ok<{ count_info: { error: number } }>(t, 'get_delivery_result', { delivery_id: id })
      expect(after.count_info.error).toBe(before.count_info.error + 1)
      const errors = await ok<{ member_id: number; error_code: string }[]>(t, 'get_addresses_for_delivery', {
        delivery_id: id,
        type: 'error',
        offset: 0,
      })
      expect(errors).toContainEqual(expect.objectContaining({ member_id: b!.member_id, error_code: '5.2.1' }))

      expect((await t.admin('POST', 'events', { type: 'unsubscribe', address: c!.address })).status).toBe(200)
      const next = await sendAll(t)
      expect(next.valid.map((v) => v.member_id)).not.toContain(c!.member_id)
      const unsub = await ok<{ member_id: number }[]>(t, 'get_addresses_for_delivery', {
        delivery_id: next.id,
        type: 'unsubscribed_address',
        offset: 0,
      })
      expect(unsub.map((u) => u.member_id)).toContain(c!.member_id)
    })

    it('refuses bad events: 400 for the body, 404 unknown, 409 not yet handed over', async () => {
      const bad = await t.admin<{ error: string; message: string }>('POST', 'events', {
        type: 'kiss',
        delivery_id: 1,
        member_id: 1,
      })
      expect(bad.status).toBe(400)
      expect(bad.body.message).toContain('/type')
      expect(
        (await t.admin<{ message: string }>('POST', 'events', { type: 'click', delivery_id: 1, member_id: 1 })).body
          .message,
      ).toContain('/url')
      expect(
        (
          await t.admin<{ message: string }>('POST', 'events', {
            type: 'bounce',
            delivery_id: 1,
            member_id: 1,
            code: '5.1.1',
            extra: 1,
          })
        ).body.message,
      ).toContain('/extra')
      expect(
        (await t.admin('POST', 'events', { type: 'bounce', delivery_id: 1, member_id: 1, code: '5.1.1' })).status,
      ).toBe(404)
      expect(
        (await t.admin<{ error: string }>('POST', 'events', { type: 'open', delivery_id: 42, member_id: 1 })).body
          .error,
      ).toBe('not_found')
      const msg = await ok<number>(t, 'add_mail_message', { member_table_id: 1, mail_info: mailInfo })
      const id = await ok<number>(t, 'add_delivery_schedule', {
        mail_message_id: msg,
        delivery_info: { title: 'x', condition_id: 1, element_id: 4, delivery_date: START + 600, blacklist: true },
      })
      const early = await t.admin<{ error: string }>('POST', 'events', { type: 'open', delivery_id: id, member_id: 1 })
      expect(early.status).toBe(409)
      expect(early.body.error).toBe('conflict')
      const bounceCode = await t.admin<{ message: string }>('POST', 'events', {
        type: 'bounce',
        delivery_id: id,
        member_id: 1,
        code: 'oops',
      })
      expect(bounceCode.status).toBe(400)
    })
  },
  small,
)

runOnEveryDoor(
  'admin API: tracking links',
  (t) => {
    it('click → 302 to the URL and counted; open → a GIF; unsubscribe (GET or one-click POST) → listed', async () => {
      const { id, valid, clickId, openId } = await sendAll(t)
      const m = valid[0]!.member_id
      const click = await t.fetch(`/__mock/click/${clickId}/${m}`, {
        redirect: 'manual',
        headers: { 'user-agent': 'test-mailer/1.0' },
      })
      expect(click.status).toBe(302)
      expect(click.headers.get('location')).toBe('https://www.example.com/a/')
      const asJson = await t.fetch(`/__mock/click/${clickId}/${m}`, {
        headers: { accept: 'application/json', 'user-agent': 'test-mailer/1.0' },
      })
      expect(asJson.status).toBe(200)
      expect(await asJson.json()).toEqual({ location: 'https://www.example.com/a/' })
      const open = await t.fetch(`/__mock/open/${openId}/${m}`)
      expect(open.status).toBe(200)
      expect(open.headers.get('content-type')).toBe('image/gif')
      expect(new TextDecoder().decode((await open.arrayBuffer()).slice(0, 6))).toBe('GIF89a')
      const logs = await ok<{ member_id: number; user_agent: string }[]>(t, 'get_click_count_result', {
        clickcount_id: clickId,
        offset: 0,
      })
      expect(logs).toEqual([
        expect.objectContaining({ member_id: m, user_agent: 'test-mailer/1.0' }),
        expect.objectContaining({ member_id: m }),
      ])

      const unsubGet = await t.fetch(`/__mock/unsubscribe/${id}/${valid[1]!.member_id}`)
      expect(unsubGet.status).toBe(200)
      expect(await unsubGet.text()).toBe('配信を停止しました。')
      const unsubPost = await t.fetch(`/__mock/unsubscribe/${id}/${valid[2]!.member_id}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'List-Unsubscribe=One-Click',
      })
      expect(unsubPost.status).toBe(200)
      const next = await sendAll(t)
      const unsub = await ok<{ member_id: number }[]>(t, 'get_addresses_for_delivery', {
        delivery_id: next.id,
        type: 'unsubscribed_address',
        offset: 0,
      })
      expect(unsub.map((u) => u.member_id)).toEqual(expect.arrayContaining([valid[1]!.member_id, valid[2]!.member_id]))
    })

    it('answers 404 for unknown links and clicks after the period with an empty outdated_url', async () => {
      const { clickId, valid } = await sendAll(t)
      expect((await t.fetch(`/__mock/click/999/${valid[0]!.member_id}`, { redirect: 'manual' })).status).toBe(404)
      expect((await t.fetch('/__mock/click/abc/1')).status).toBe(404)
      await t.admin('POST', 'clock', { advance_seconds: 8 * 86400 })
      expect((await t.fetch(`/__mock/click/${clickId}/${valid[0]!.member_id}`, { redirect: 'manual' })).status).toBe(
        404,
      )
      expect((await t.fetch(`/__mock/open/${clickId}/${valid[0]!.member_id}`, { method: 'DELETE' })).status).toBe(405)
    })
  },
  small,
)

runOnEveryDoor(
  'admin API: one-click login check',
  (t) => {
    it('GET /__mock/oneclick?url= tells whether a URL is valid at the engine time', async () => {
      const url = await ok<string>(t, 'get_oneclick_login_url', { member_form_id: 22, member_id: 3, limit: 2 })
      const check = await t.admin<{ valid: boolean; member_id: number; expires_at: number; reason?: string }>(
        'GET',
        `oneclick?url=${encodeURIComponent(url)}`,
      )
      expect(check.status).toBe(200)
      expect(check.body).toEqual({ valid: true, member_id: 3, expires_at: START + 2 * 3600 })
      await t.admin('POST', 'clock', { advance_seconds: 2 * 3600 })
      expect((await t.admin('GET', `oneclick?url=${encodeURIComponent(url)}`)).body).toEqual({
        valid: false,
        member_id: 3,
        expires_at: START + 2 * 3600,
        reason: 'expired',
      })
      const forged = url.replace(/.{4}$/, '0000')
      expect(
        (await t.admin<{ reason: string }>('GET', `oneclick?url=${encodeURIComponent(forged)}`)).body.reason,
      ).toMatch(/signature|expired/)
      expect((await t.admin('GET', 'oneclick?url=https%3A%2F%2Fexample.com%2F')).body).toEqual({
        valid: false,
        member_id: null,
        expires_at: null,
        reason: 'malformed',
      })
      expect((await t.admin('GET', 'oneclick')).status).toBe(400)
    })

    it('checks against the tenant of the bearer token', async () => {
      const created = await t.admin<{ tokens: Record<string, string> }>('POST', 'tenants', {
        members: 20,
        clock: { mode: 'manual', set: START },
      })
      const token = created.body.tokens['krs-all']!
      const url = await ok<string>(t, 'get_oneclick_login_url', { member_form_id: 22, member_id: 3, limit: 1 }, token)
      expect(
        (await t.admin<{ valid: boolean }>('GET', `oneclick?url=${encodeURIComponent(url)}`, undefined, token)).body
          .valid,
      ).toBe(true)
      expect((await t.admin<{ reason: string }>('GET', `oneclick?url=${encodeURIComponent(url)}`)).body.reason).toBe(
        'signature',
      )
    })
  },
  small,
)

runOnEveryDoor(
  'admin API: form outbox',
  (t) => {
    it('GET /__mock/forms/outbox lists what form actions sent; after_id pages; DELETE clears', async () => {
      expect((await t.admin('GET', 'forms/outbox')).body).toEqual({ entries: [] })
      await ok(t, 'do_member_form_action', { member_form_id: 50, member_id: 3, member_info: {} })
      await ok(t, 'do_member_form_action', { member_form_id: 50, member_id: 4, member_info: {} })
      const r = await t.admin<{
        entries: {
          id: number
          member_id: number
          form_id: number
          kind: string
          to: string[]
          subject: string
          body: string
          request_id: string
        }[]
      }>('GET', 'forms/outbox')
      expect(r.status).toBe(200)
      expect(r.body.entries.map((e) => [e.member_id, e.form_id, e.kind, e.subject])).toEqual([
        [3, 50, 'autoreply', 'パスワードを再発行しました'],
        [4, 50, 'autoreply', 'パスワードを再発行しました'],
      ])
      expect(r.body.entries[0]!.body).toMatch(/^新しいパスワード: \S+$/)
      expect(r.body.entries[0]!.request_id).toMatch(/^req_/)
      const after = await t.admin<{ entries: { member_id: number }[] }>(
        'GET',
        `forms/outbox?after_id=${r.body.entries[0]!.id}`,
      )
      expect(after.body.entries.map((e) => e.member_id)).toEqual([4])
      expect((await t.admin('GET', 'forms/outbox?after_id=x')).status).toBe(400)
      expect((await t.admin('DELETE', 'forms/outbox')).body).toEqual({ ok: true })
      expect((await t.admin('GET', 'forms/outbox')).body).toEqual({ entries: [] })
    })
  },
  small,
)
