import { expect, it } from 'vitest'
import { runOnEveryDoor, type DoorTarget } from '../../support/run-on-every-door.js'
import { kit, mailDoorEngine, textMail } from './door-kit.js'
import { T0 } from './support.js'

const DONE = T0 + 10_000

const multipart = {
  type: 3,
  from: 'info@example.com',
  from_desc: '事務局',
  reply: 'support@example.com',
  subject: '{{e_3}}様へのお知らせ',
  text_part: '{{e_3}} 様 ({{e_5}})\n詳細 https://www.example.com/a/ と https://www.example.com/a/more\n',
  html_part: '<html><body><a href="https://www.example.com/a/">詳細</a></body></html>',
  clickcounts: [{ url: 'https://www.example.com/a/', days: 7, outdated_url: '' }],
  open_clickcount: true,
  list_unsubscribe: { pattern: 1 },
}

type Count = {
  id: number
  type: number
  url: string | null
  outdated_url: string | null
  collect_date: number
  total_num: number
  unique_num: number
  ratio: number
  result: boolean
}
type Log = { member_id: number; address: string; ip_address: string | null }
type Summary = {
  messages: Record<string, unknown>
  statuses: Record<string, unknown>
  results: Record<string, [number, string]>
  errors: Record<string, [string, number, string]>
  click_counts: { total_num: number; unique_num: number; ratio: number; details: unknown[] } | null
}

/** A delivery of `mail` to table 1 (all ten members) at T0 + 600, finished at DONE. */
async function delivered(t: DoorTarget, mail: Record<string, unknown> = {}, over: Record<string, unknown> = {}) {
  const k = kit(t)
  const msg = await k.ok<number>('add_mail_message', { member_table_id: 1, mail_info: textMail(mail) })
  const id = await k.ok<number>('add_delivery_schedule', {
    mail_message_id: msg,
    delivery_info: {
      title: '1月号',
      condition_id: 1,
      element_id: 2,
      delivery_date: T0 + 600,
      blacklist: true,
      ...over,
    },
  })
  await k.advance(DONE - T0)
  return { k, msg, id }
}

runOnEveryDoor(
  'results: addresses, counts and summary',
  (t) => {
    it('lists each type in member-id order; errors carry their code and description; F0304, F0005', async () => {
      const { k, id } = await delivered(t)
      const list = (type: string, offset = 0) =>
        k.ok<unknown[]>('get_addresses_for_delivery', { delivery_id: id, type, offset })
      expect(await k.ids(id, 'valid')).toEqual([1, 8, 10])
      expect(await list('no_address')).toEqual([{ member_id: 2, address: '', error_code: null, error_desc: null }])
      expect(((await list('stopped')) as { address: string }[]).map((a) => a.address)).toEqual(['stop@example.com'])
      expect(await k.ids(id, 'blacklist')).toEqual([4, 9])
      expect(await k.ids(id, 'unsubscribed_address')).toEqual([5])
      expect(await list('error')).toEqual([
        {
          member_id: 6,
          address: 'x@bounce.example.com',
          error_code: '5.1.1',
          error_desc: '宛先のメールボックスが存在しません',
        },
        { member_id: 7, address: 'full@full.example.jp', error_code: '4.2.2', error_desc: 'メールボックスの容量超過' },
      ])
      expect(await k.ids(id, 'valid', 2)).toEqual([10])
      await k.fails('get_addresses_for_delivery', { delivery_id: id, type: 'valid', offset: -1 }, 'KR_API_F0304')
      await k.fails('get_addresses_for_delivery', { delivery_id: 999, type: 'valid', offset: 0 }, 'KR_API_F0005')
    })

    it('summarises counts with rates, real and valid, and errors by code', async () => {
      const { k, id, msg } = await delivered(t)
      const s = await k.ok<Summary>('get_summary_for_delivery_status', { delivery_id: id })
      expect(s.messages).toEqual({
        title: '1月号',
        mail_message_id: msg,
        subject: 'お知らせ',
        from: 'info@example.com',
        mail_type: 1,
        condition_title: '全員',
      })
      expect(s.statuses).toEqual({
        phase: 3,
        description: '配信対象数 10 (100%完了)',
        delivery_date: T0 + 600,
        start_date: T0 + 631,
        end_date: T0 + 692,
      })
      expect(s.results).toEqual({
        all: [10, '100.0%'],
        stopped: [1, '10.0%'],
        no_address: [1, '10.0%'],
        blacklist: [2, '20.0%'],
        real: [5, '50.0%'],
        error: [2, '20.0%'],
        valid: [3, '30.0%'],
        ready: [0, '0.0%'],
        compose: [5, '50.0%'],
        unsubscribed_address: [1, '10.0%'],
      })
      expect(s.errors).toEqual({
        '5.1.1': ['宛先のメールボックスが存在しません', 1, '20.0%'],
        '4.2.2': ['メールボックスの容量超過', 1, '20.0%'],
      })
      expect(s.click_counts).toBeNull()
      await k.fails('get_summary_for_delivery_status', { delivery_id: 777 }, 'KR_API_F0005')
    })

    it('stops an address after the threshold of hard bounces (error_stop_threshold 2)', async () => {
      const { k } = await delivered(t)
      for (let i = 0; i < 2; i++) {
        const m = await k.ok<number>('add_mail_message', { member_table_id: 1, mail_info: textMail() })
        const id = await k.ok<number>('add_delivery_schedule', {
          mail_message_id: m,
          delivery_info: { title: `第${i}`, condition_id: 1, element_id: 2, delivery_date: (await k.now()) + 60 },
        })
        await k.advance(10_000)
        // the first delivery bounced once; the second one (this loop's first) makes two
        expect(await k.ids(id, 'stopped')).toEqual(i === 0 ? [3] : [3, 6])
      }
    })
  },
  { engine: mailDoorEngine() },
)

runOnEveryDoor(
  'results: history',
  (t) => {
    type Item = Record<string, unknown> & { title: string }
    it('returns normal and agent deliveries of the period, without tests; F0004, F0005', async () => {
      const { k, id } = await delivered(t)
      const m2 = await k.ok<number>('add_mail_message', {
        member_table_id: 1,
        mail_info: textMail({ subject: '2月号' }),
      })
      const id2 = await k.ok<number>('add_delivery_schedule', {
        mail_message_id: m2,
        delivery_info: { title: '2月号', condition_id: 2, element_id: 2, delivery_date: DONE + 86400 },
      })
      await k.ok('add_test_delivery_schedule', {
        mail_message_id: m2,
        delivery_info: { emails: ['taro@example.com'], element_id: 2 },
      })
      const h = await k.ok<Record<string, Item>>('get_delivery_results_by_interval', {
        member_table_id: 1,
        start_timestamp: T0,
        end_timestamp: DONE + 86400,
      })
      expect(h).toEqual({
        [String(id)]: {
          title: '1月号',
          subject: 'お知らせ',
          condition_title: '全員',
          mail_type: 1,
          delivery_date: T0 + 600,
          status: 3,
          nums: 5,
        },
        [String(id2)]: {
          title: '2月号',
          subject: '2月号',
          condition_title: '男性',
          mail_type: 1,
          delivery_date: DONE + 86400,
          status: 0,
          nums: 0,
        },
      })
      // end omitted: up to now
      expect(
        Object.keys(
          (await k.ok('get_delivery_results_by_interval', { member_table_id: 1, start_timestamp: T0 })) as object,
        ),
      ).toEqual([String(id)])
      await k.fails(
        'get_delivery_results_by_interval',
        { member_table_id: 1, start_timestamp: T0, end_timestamp: T0 - 1 },
        'KR_API_F0004',
      )
      await k.fails('get_delivery_results_by_interval', { member_table_id: 8, start_timestamp: T0 }, 'KR_API_F0005')
      await k.fails(
        'get_delivery_results_by_agent_program',
        { agent_program_id: 9, start_timestamp: 0, end_timestamp: T0 },
        'KR_API_F0005',
      )
    })

    it('keeps only the latest 100', async () => {
      const { k } = await delivered(t)
      for (let i = 0; i < 105; i++) {
        const m = await k.ok<number>('add_mail_message', { member_table_id: 1, mail_info: textMail() })
        await k.ok('add_delivery_schedule', {
          mail_message_id: m,
          delivery_info: { title: `#${i}`, condition_id: 1, element_id: 2, delivery_date: DONE + 3600 + i },
        })
      }
      const h = await k.ok<Record<string, Item>>('get_delivery_results_by_interval', {
        member_table_id: 1,
        start_timestamp: 0,
        end_timestamp: DONE + 7200,
      })
      const titles = Object.values(h).map((x) => x.title)
      expect(titles).toHaveLength(100)
      expect(titles).toContain('#104')
      expect(titles).not.toContain('1月号')
    })
  },
  { engine: mailDoorEngine() },
)

runOnEveryDoor(
  'results: click counts, events and outbox',
  (t) => {
    it('creates one count per URL and an open-rate count; clicks and opens sent as events are logged and counted', async () => {
      const { k, id } = await delivered(t, multipart)
      const counts = await k.ok<Count[]>('get_click_counts_for_delivery', { delivery_id: id })
      expect(counts.map((c) => [c.type, c.url, c.outdated_url, c.collect_date])).toEqual([
        [0, 'https://www.example.com/a/', '', T0 + 600 + 7 * 86400],
        [1, null, null, T0 + 600 + 7 * 86400],
      ])
      const click = counts[0]!.id
      const first = await k.event({
        type: 'click',
        delivery_id: id,
        member_id: 1,
        url: 'https://www.example.com/a/',
        ip_address: '203.0.113.1',
      })
      expect(first.status).toBe(200)
      expect(first.body).toEqual({ ok: true, type: 'click', counted: true, redirect: 'https://www.example.com/a/' })
      await k.advance(5)
      expect((await k.event({ type: 'click', delivery_id: id, member_id: 1, clickcount_id: click })).status).toBe(200)
      await k.advance(4)
      expect(
        (await k.event({ type: 'click', delivery_id: id, member_id: 8, url: 'https://www.example.com/a/' })).status,
      ).toBe(200)
      expect((await k.event({ type: 'open', delivery_id: id, member_id: 10 })).body).toEqual({
        ok: true,
        type: 'open',
        counted: true,
      })
      // a bounced mail cannot be clicked (409); a member who was not sent the mail is unknown (404)
      expect(
        (await k.event({ type: 'click', delivery_id: id, member_id: 6, url: 'https://www.example.com/a/' })).status,
      ).toBe(409)
      const notSent = await k.event({ type: 'click', delivery_id: id, member_id: 4, url: 'https://www.example.com/a/' })
      expect(notSent.status).toBe(404)
      expect(String(notSent.body.message)).toMatch(/has not been sent/)
      expect(
        (await k.event({ type: 'click', delivery_id: 999, member_id: 1, url: 'https://www.example.com/a/' })).status,
      ).toBe(404)
      expect((await k.event({ type: 'click', delivery_id: id, member_id: 1 })).status).toBe(400)
      await k.advance(1)
      const after = await k.ok<Count[]>('get_click_counts_for_delivery', { delivery_id: id })
      expect(after[0]).toMatchObject({ total_num: 3, unique_num: 2, ratio: 66.67, result: true })
      expect(after[1]).toMatchObject({ total_num: 1, unique_num: 1, ratio: 33.33 })
      const logs = await k.ok<Log[]>('get_click_count_result', { clickcount_id: click, offset: 0 })
      expect(logs.map((l) => [l.member_id, l.address])).toEqual([
        [1, 'taro@example.com'],
        [1, 'taro@example.com'],
        [8, 'hanako@example.jp'],
      ])
      expect(logs[0]!.ip_address).toBe('203.0.113.1')
      expect(await k.ok('get_click_count_result', { clickcount_id: click, offset: 2 })).toHaveLength(1)
      await k.fails('get_click_count_result', { clickcount_id: click, offset: -5 }, 'KR_API_F0304')
      await k.fails('get_click_count_result', { clickcount_id: 999, offset: 0 }, 'KR_API_F0005')
      const summary = await k.ok<Summary>('get_summary_for_delivery_status', { delivery_id: id })
      expect(summary.click_counts).toMatchObject({ total_num: 3, unique_num: 2, ratio: 66.67 })
      expect(summary.click_counts!.details).toHaveLength(2)
      // after the period a click is not counted and redirects to outdated_url ('' = Not Found)
      await k.setClock(T0 + 600 + 8 * 86400)
      expect(
        (await k.event({ type: 'click', delivery_id: id, member_id: 10, url: 'https://www.example.com/a/' })).body,
      ).toEqual({ ok: true, type: 'click', counted: false, redirect: null })
      // after the retention period the log is empty
      await k.setClock(T0 + 600 + 7 * 86400 + 91 * 86400)
      expect(await k.ok('get_click_count_result', { clickcount_id: click, offset: 0 })).toEqual([])
      expect((await k.ok<Count[]>('get_click_counts_for_delivery', { delivery_id: id }))[0]!.result).toBe(false)
    })

    it('reflects a bounce event with its code, and an unsubscribe in the next delivery', async () => {
      const { k, id } = await delivered(t)
      expect((await k.event({ type: 'bounce', delivery_id: id, member_id: 8, code: '5.7.1' })).body).toEqual({
        ok: true,
        type: 'bounce',
        address: 'hanako@example.jp',
      })
      expect(
        (await k.ok<{ count_info: { error: number } }>('get_delivery_result', { delivery_id: id })).count_info.error,
      ).toBe(3)
      expect((await k.ok<Summary>('get_summary_for_delivery_status', { delivery_id: id })).errors['5.7.1']).toEqual([
        '受信を拒否されました',
        1,
        '20.0%',
      ])
      expect((await k.event({ type: 'bounce', delivery_id: id, member_id: 8, code: 'oops' })).status).toBe(400)
      expect((await k.event({ type: 'unsubscribe', delivery_id: id, member_id: 10 })).body).toEqual({
        ok: true,
        type: 'unsubscribe',
        address: 'jiro@example.com',
      })
      const m = await k.ok<number>('add_mail_message', { member_table_id: 1, mail_info: textMail() })
      const next = await k.ok<number>('add_delivery_schedule', {
        mail_message_id: m,
        delivery_info: { title: 'next', condition_id: 1, element_id: 2, delivery_date: DONE + 60 },
      })
      await k.advance(10_000)
      expect(await k.ids(next, 'unsubscribed_address')).toEqual([5, 10])
    })

    it('renders each recipient in GET /__mock/outbox: headers, fields substituted, exact click URLs rewritten, open image', async () => {
      const { k, id } = await delivered(t, multipart)
      type Mail = {
        member_id: number
        error_code: string | null
        headers: Record<string, string>
        text: string
        html: string
      }
      const box = await k.outbox<{ total: number; mails: Mail[] }>(`delivery_id=${id}`)
      expect(box.total).toBe(5)
      expect(box.mails.map((m) => [m.member_id, m.error_code])).toEqual([
        [1, null],
        [6, '5.1.1'],
        [7, '4.2.2'],
        [8, null],
        [10, null],
      ])
      const taro = box.mails[0]!
      const [click, open] = (await k.ok<Count[]>('get_click_counts_for_delivery', { delivery_id: id })).map((c) => c.id)
      expect(taro.headers).toEqual({
        From: '事務局 <info@example.com>',
        To: 'taro@example.com',
        Subject: '山田太郎様へのお知らせ',
        'Reply-To': 'support@example.com',
        'List-Unsubscribe': `<http://mock.test/__mock/unsubscribe/${id}/1>`,
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      })
      expect(taro.text).toBe(
        `山田太郎 様 (男性)\n詳細 http://mock.test/__mock/click/${click}/1 と https://www.example.com/a/more\n`,
      )
      expect(taro.html).toBe(
        `<html><body><a href="http://mock.test/__mock/click/${click}/1">詳細</a><img src="http://mock.test/__mock/open/${open}/1" width="1" height="1" alt=""></body></html>`,
      )
      expect(
        (await k.outbox<{ mails: Mail[] }>(`delivery_id=${id}&offset=3&limit=1`)).mails.map((m) => m.member_id),
      ).toEqual([8])
      expect((await t.admin('GET', 'outbox?delivery_id=999')).status).toBe(404)
    })

    it('writes the List-Unsubscribe header of each pattern: 0 none, 1 one-click, 2 the URL, 3 mailto', async () => {
      const k = kit(t)
      type Mail = { member_id: number; headers: Record<string, string> }
      const headersOf = async (list_unsubscribe: Record<string, unknown>) => {
        const m = await k.ok<number>('add_mail_message', {
          member_table_id: 1,
          mail_info: textMail({ list_unsubscribe }),
        })
        const id = await k.ok<number>('add_delivery_schedule', {
          mail_message_id: m,
          delivery_info: { title: 'lu', condition_id: 1, element_id: 2, delivery_date: (await k.now()) + 60 },
        })
        await k.advance(10_000)
        const mail = (await k.outbox<{ mails: Mail[] }>(`delivery_id=${id}`)).mails.find((x) => x.member_id === 1)!
        return { id, headers: mail.headers }
      }
      const none = await headersOf({ pattern: 0 })
      expect(Object.keys(none.headers).filter((h) => h.startsWith('List-Unsubscribe'))).toEqual([])
      const one = await headersOf({ pattern: 1 })
      expect(one.headers).toMatchObject({
        'List-Unsubscribe': `<http://mock.test/__mock/unsubscribe/${one.id}/1>`,
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      })
      const url = await headersOf({ pattern: 2, url: 'https://www.example.com/stop' })
      expect(url.headers['List-Unsubscribe']).toBe('<https://www.example.com/stop>')
      expect(url.headers['List-Unsubscribe-Post']).toBeUndefined()
      expect((await headersOf({ pattern: 3, email: 'stop@example.com' })).headers['List-Unsubscribe']).toBe(
        '<mailto:stop@example.com>',
      )
    })

    it('follows the rewritten links: click redirects and counts, open answers a GIF, unsubscribe lists the address', async () => {
      const { k, id } = await delivered(t, multipart)
      const [click, open] = (await k.ok<Count[]>('get_click_counts_for_delivery', { delivery_id: id })).map((c) => c.id)
      const get = (path: string, headers: Record<string, string> = {}) =>
        t.fetch(`/__mock/${path}`, { headers, redirect: 'manual' })
      const json = await get(`click/${click}/8`, { accept: 'application/json', 'x-forwarded-for': '198.51.100.7' })
      expect(json.status).toBe(200)
      expect(await json.json()).toEqual({ location: 'https://www.example.com/a/' })
      const redirect = await get(`click/${click}/1`)
      expect(redirect.status).toBe(302)
      expect(redirect.headers.get('location')).toBe('https://www.example.com/a/')
      const gif = await get(`open/${open}/8`)
      expect(gif.status).toBe(200)
      expect(gif.headers.get('content-type')).toBe('image/gif')
      expect((await get(`click/${click}/4`)).status).toBe(404) // member 4 was not sent the mail
      expect((await get('click/999/1')).status).toBe(404)
      expect((await t.fetch(`/__mock/unsubscribe/${id}/10`, { method: 'POST' })).status).toBe(200)
      const counts = await k.ok<Count[]>('get_click_counts_for_delivery', { delivery_id: id })
      expect(counts.map((c) => c.total_num)).toEqual([2, 1])
      expect((await k.ok<Log[]>('get_click_count_result', { clickcount_id: click!, offset: 0 }))[0]!.ip_address).toBe(
        '198.51.100.7',
      )
      await k.setClock(T0 + 600 + 8 * 86400)
      expect((await get(`click/${click}/8`)).status).toBe(404) // outdated_url '' = Not Found
      // the unsubscribed address is left out of the next delivery
      const m = await k.ok<number>('add_mail_message', { member_table_id: 1, mail_info: textMail() })
      const next = await k.ok<number>('add_delivery_schedule', {
        mail_message_id: m,
        delivery_info: { title: 'next', condition_id: 1, element_id: 2, delivery_date: T0 + 600 + 8 * 86400 + 60 },
      })
      await k.advance(10_000)
      expect(await k.ids(next, 'unsubscribed_address')).toEqual([5, 10])
    })

    it('has no mails and no click counts before the list is built', async () => {
      const k = kit(t)
      const msg = await k.ok<number>('add_mail_message', { member_table_id: 1, mail_info: textMail() })
      const id = await k.ok<number>('add_delivery_schedule', {
        mail_message_id: msg,
        delivery_info: { title: 't', condition_id: 1, element_id: 2, delivery_date: T0 + 600 },
      })
      expect((await k.outbox<{ mails: unknown[] }>(`delivery_id=${id}`)).mails).toEqual([])
      expect(await k.ok('get_click_counts_for_delivery', { delivery_id: id })).toEqual([])
      await k.advance(600) // phase 1: still no mails
      expect(await k.outbox<{ phase: number; mails: unknown[] }>(`delivery_id=${id}`)).toMatchObject({
        phase: 1,
        mails: [],
      })
      expect((await k.event({ type: 'open', delivery_id: id, member_id: 1 })).status).toBe(409)
    })
  },
  { engine: mailDoorEngine() },
)
