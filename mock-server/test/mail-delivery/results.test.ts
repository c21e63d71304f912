import { describe, expect, it } from 'vitest'
import { applyEvent, followTrackingLink, MailAdminError, outbox } from '../../src/domains/mail-delivery-admin.js'
import { T0, call, ctxFor, expectKrs, makeTenant, textMail } from './support.js'

const DONE = T0 + 10_000

function delivered(mail: Record<string, unknown> = {}, over: Record<string, unknown> = {}) {
  const tenant = makeTenant()
  const clock = { now: T0 }
  const ctx = ctxFor(tenant, clock)
  const msg = call(ctx, 'add_mail_message', { member_table_id: 1, mail_info: textMail(mail) })
  const id = call(ctx, 'add_delivery_schedule', { mail_message_id: msg, delivery_info: { title: '1月号', condition_id: 1, element_id: 2, delivery_date: T0 + 600, blacklist: true, ...over } })
  clock.now = DONE
  return { tenant, clock, ctx, msg, id }
}

const multipart = {
  type: 3, from: 'info@example.com', from_desc: '事務局', reply: 'support@example.com', subject: '{{e_3}}様へのお知らせ',
  text_part: '{{e_3}} 様 ({{e_5}})\n詳細 https://www.example.com/a/ と https://www.example.com/a/more\n',
  html_part: '<html><body><a href="https://www.example.com/a/">詳細</a></body></html>',
  clickcounts: [{ url: 'https://www.example.com/a/', days: 7, outdated_url: '' }],
  open_clickcount: true,
  list_unsubscribe: { pattern: 1 },
}

describe('addresses, counts and summary', () => {
  it('lists each type in member-id order; errors carry their code and description', () => {
    const { ctx, id } = delivered()
    const list = (type: string) => call(ctx, 'get_addresses_for_delivery', { delivery_id: id, type, offset: 0 })
    expect(list('valid').map((a) => a.member_id)).toEqual([1, 8, 10])
    expect(list('no_address')).toEqual([{ member_id: 2, address: '', error_code: null, error_desc: null }])
    expect(list('stopped').map((a) => a.address)).toEqual(['stop@example.com'])
    expect(list('blacklist').map((a) => a.member_id)).toEqual([4, 9])
    expect(list('unsubscribed_address').map((a) => a.member_id)).toEqual([5])
    expect(list('error')).toEqual([
      { member_id: 6, address: 'x@bounce.example.com', error_code: '5.1.1', error_desc: '宛先のメールボックスが存在しません' },
      { member_id: 7, address: 'full@full.example.jp', error_code: '4.2.2', error_desc: 'メールボックスの容量超過' },
    ])
    expect(call(ctx, 'get_addresses_for_delivery', { delivery_id: id, type: 'valid', offset: 2 }).map((a) => a.member_id)).toEqual([10])
    expectKrs(() => call(ctx, 'get_addresses_for_delivery', { delivery_id: id, type: 'valid', offset: -1 }), 'KR_API_F0304')
    expectKrs(() => call(ctx, 'get_addresses_for_delivery', { delivery_id: 999, type: 'valid', offset: 0 }), 'KR_API_F0005')
  })

  it('summarises counts with rates, real and valid, and errors by code', () => {
    const { ctx, id, msg } = delivered()
    const s = call(ctx, 'get_summary_for_delivery_status', { delivery_id: id })
    expect(s.messages).toEqual({ title: '1月号', mail_message_id: msg, subject: 'お知らせ', from: 'info@example.com', mail_type: 1, condition_title: '全員' })
    expect(s.statuses).toEqual({ phase: 3, description: '配信対象数 10 (100%完了)', delivery_date: T0 + 600, start_date: T0 + 631, end_date: T0 + 692 })
    expect(s.results).toEqual({
      all: [10, '100.0%'], stopped: [1, '10.0%'], no_address: [1, '10.0%'], blacklist: [2, '20.0%'],
      real: [5, '50.0%'], error: [2, '20.0%'], valid: [3, '30.0%'], ready: [0, '0.0%'], compose: [5, '50.0%'],
      unsubscribed_address: [1, '10.0%'],
    })
    expect(s.errors).toEqual({ '5.1.1': ['宛先のメールボックスが存在しません', 1, '20.0%'], '4.2.2': ['メールボックスの容量超過', 1, '20.0%'] })
    expect(s.click_counts).toBeNull()
  })

  it('stops an address after the threshold of hard bounces (error_stop_threshold 2)', () => {
    const { ctx, clock } = delivered()
    for (let i = 0; i < 2; i++) {
      const m = call(ctx, 'add_mail_message', { member_table_id: 1, mail_info: textMail() })
      const id = call(ctx, 'add_delivery_schedule', { mail_message_id: m, delivery_info: { title: `第${i}`, condition_id: 1, element_id: 2, delivery_date: clock.now + 60 } })
      clock.now += 10_000
      const stopped = call(ctx, 'get_addresses_for_delivery', { delivery_id: id, type: 'stopped', offset: 0 }).map((a) => a.member_id)
      // the first delivery bounced once; the second one (this loop's first) makes two
      expect(stopped).toEqual(i === 0 ? [3] : [3, 6])
    }
  })
})

describe('history', () => {
  it('returns normal and agent deliveries of the period, newest first, without tests; F0004 for a reversed period', () => {
    const { ctx, clock, id } = delivered()
    const m2 = call(ctx, 'add_mail_message', { member_table_id: 1, mail_info: textMail({ subject: '2月号' }) })
    const id2 = call(ctx, 'add_delivery_schedule', { mail_message_id: m2, delivery_info: { title: '2月号', condition_id: 2, element_id: 2, delivery_date: clock.now + 86400 } })
    call(ctx, 'add_test_delivery_schedule', { mail_message_id: m2, delivery_info: { emails: ['taro@example.com'], element_id: 2 } })
    const h = call(ctx, 'get_delivery_results_by_interval', { member_table_id: 1, start_timestamp: T0, end_timestamp: clock.now + 86400 })
    expect(h).toEqual({
      [String(id)]: { title: '1月号', subject: 'お知らせ', condition_title: '全員', mail_type: 1, delivery_date: T0 + 600, status: 3, nums: 5 },
      [String(id2)]: { title: '2月号', subject: '2月号', condition_title: '男性', mail_type: 1, delivery_date: clock.now + 86400, status: 0, nums: 0 },
    })
    // end omitted: up to now
    expect(Object.keys(call(ctx, 'get_delivery_results_by_interval', { member_table_id: 1, start_timestamp: T0 }))).toEqual([String(id)])
    expectKrs(() => call(ctx, 'get_delivery_results_by_interval', { member_table_id: 1, start_timestamp: T0, end_timestamp: T0 - 1 }), 'KR_API_F0004')
    expectKrs(() => call(ctx, 'get_delivery_results_by_interval', { member_table_id: 8, start_timestamp: T0 }), 'KR_API_F0005')
  })

  it('keeps only the latest 100', () => {
    const { ctx, clock } = delivered()
    for (let i = 0; i < 105; i++) {
      const m = call(ctx, 'add_mail_message', { member_table_id: 1, mail_info: textMail() })
      call(ctx, 'add_delivery_schedule', { mail_message_id: m, delivery_info: { title: `#${i}`, condition_id: 1, element_id: 2, delivery_date: clock.now + 3600 + i } })
    }
    const h = call(ctx, 'get_delivery_results_by_interval', { member_table_id: 1, start_timestamp: 0, end_timestamp: clock.now + 7200 })
    const titles = Object.values(h).map((x) => x.title)
    expect(titles).toHaveLength(100)
    expect(titles).toContain('#104')
    expect(titles).not.toContain('1月号')
  })
})

describe('click counts, events and outbox', () => {
  it('creates one count per URL and an open-rate count; clicks and opens are logged and counted', () => {
    const { ctx, tenant, id, clock } = delivered(multipart)
    const counts = call(ctx, 'get_click_counts_for_delivery', { delivery_id: id })
    expect(counts.map((c) => [c.type, c.url, c.outdated_url, c.collect_date])).toEqual([
      [0, 'https://www.example.com/a/', '', T0 + 600 + 7 * 86400],
      [1, null, null, T0 + 600 + 7 * 86400],
    ])
    const click = counts[0]!.id
    expect(applyEvent(tenant, { type: 'click', delivery_id: id, member_id: 1, url: 'https://www.example.com/a/', ip_address: '203.0.113.1' }, clock.now)).toMatchObject({ counted: true, redirect: 'https://www.example.com/a/' })
    applyEvent(tenant, { type: 'click', delivery_id: id, member_id: 1, clickcount_id: click }, clock.now + 5)
    applyEvent(tenant, { type: 'click', delivery_id: id, member_id: 8, url: 'https://www.example.com/a/' }, clock.now + 9)
    applyEvent(tenant, { type: 'open', delivery_id: id, member_id: 10 }, clock.now)
    expect(() => applyEvent(tenant, { type: 'click', delivery_id: id, member_id: 6, url: 'https://www.example.com/a/' }, clock.now)).toThrow(MailAdminError)
    expect(() => applyEvent(tenant, { type: 'click', delivery_id: id, member_id: 4, url: 'https://www.example.com/a/' }, clock.now)).toThrow(/has not been sent/)
    clock.now += 10
    const after = call(ctx, 'get_click_counts_for_delivery', { delivery_id: id })
    expect(after[0]).toMatchObject({ total_num: 3, unique_num: 2, ratio: 66.67, result: true })
    expect(after[1]).toMatchObject({ total_num: 1, unique_num: 1, ratio: 33.33 })
    const logs = call(ctx, 'get_click_count_result', { clickcount_id: click, offset: 0 })
    expect(logs.map((l) => [l.member_id, l.address])).toEqual([[1, 'taro@example.com'], [1, 'taro@example.com'], [8, 'hanako@example.jp']])
    expect(logs[0]!.ip_address).toBe('203.0.113.1')
    expect(call(ctx, 'get_click_count_result', { clickcount_id: click, offset: 2 })).toHaveLength(1)
    expectKrs(() => call(ctx, 'get_click_count_result', { clickcount_id: click, offset: -5 }), 'KR_API_F0304')
    expectKrs(() => call(ctx, 'get_click_count_result', { clickcount_id: 999, offset: 0 }), 'KR_API_F0005')
    const summary = call(ctx, 'get_summary_for_delivery_status', { delivery_id: id })
    expect(summary.click_counts).toMatchObject({ total_num: 3, unique_num: 2, ratio: 66.67 })
    expect(summary.click_counts!.details).toHaveLength(2)
    // after the period a click is not counted and redirects to outdated_url ('' = Not Found)
    expect(applyEvent(tenant, { type: 'click', delivery_id: id, member_id: 10, url: 'https://www.example.com/a/' }, T0 + 600 + 8 * 86400)).toMatchObject({ counted: false, redirect: null })
    // after the retention period the log is empty
    clock.now = T0 + 600 + 7 * 86400 + 91 * 86400
    expect(call(ctx, 'get_click_count_result', { clickcount_id: click, offset: 0 })).toEqual([])
    expect(call(ctx, 'get_click_counts_for_delivery', { delivery_id: id })[0]!.result).toBe(false)
  })

  it('reflects a bounce event with its code, and an unsubscribe in the next delivery', () => {
    const { ctx, tenant, id, clock } = delivered()
    applyEvent(tenant, { type: 'bounce', delivery_id: id, member_id: 8, code: '5.7.1' }, clock.now)
    const r = call(ctx, 'get_delivery_result', { delivery_id: id }).count_info
    expect(r.error).toBe(3)
    expect(call(ctx, 'get_summary_for_delivery_status', { delivery_id: id }).errors['5.7.1']).toEqual(['受信を拒否されました', 1, '20.0%'])
    expect(() => applyEvent(tenant, { type: 'bounce', delivery_id: id, member_id: 8, code: 'oops' }, clock.now)).toThrow(MailAdminError)
    applyEvent(tenant, { type: 'unsubscribe', delivery_id: id, member_id: 10 }, clock.now)
    const m = call(ctx, 'add_mail_message', { member_table_id: 1, mail_info: textMail() })
    const next = call(ctx, 'add_delivery_schedule', { mail_message_id: m, delivery_info: { title: 'next', condition_id: 1, element_id: 2, delivery_date: clock.now + 60 } })
    clock.now += 10_000
    expect(call(ctx, 'get_addresses_for_delivery', { delivery_id: next, type: 'unsubscribed_address', offset: 0 }).map((a) => a.member_id)).toEqual([5, 10])
  })

  it('renders each recipient: headers, fields substituted, exact click URLs rewritten, open image', () => {
    const { tenant, id, clock } = delivered(multipart)
    const box = outbox(tenant, id, clock.now)
    expect(box.total).toBe(5)
    expect(box.mails.map((m) => [m.member_id, m.error_code])).toEqual([[1, null], [6, '5.1.1'], [7, '4.2.2'], [8, null], [10, null]])
    const taro = box.mails[0]!
    const click = tenant.mailDelivery!.deliveries.get(id)!.clickcountIds
    expect(taro.headers).toEqual({
      From: '事務局 <info@example.com>', To: 'taro@example.com', Subject: '山田太郎様へのお知らせ', 'Reply-To': 'support@example.com',
      'List-Unsubscribe': `<http://mock.test/__mock/unsubscribe/${id}/1>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    })
    expect(taro.text).toBe(`山田太郎 様 (男性)\n詳細 http://mock.test/__mock/click/${click[0]}/1 と https://www.example.com/a/more\n`)
    expect(taro.html).toBe(`<html><body><a href="http://mock.test/__mock/click/${click[0]}/1">詳細</a><img src="http://mock.test/__mock/open/${click[1]}/1" width="1" height="1" alt=""></body></html>`)
    expect(outbox(tenant, id, clock.now, { offset: 3, limit: 1 }).mails.map((m) => m.member_id)).toEqual([8])
  })

  it('follows the rewritten links: click redirects and counts, open answers a GIF, unsubscribe lists the address', () => {
    const { ctx, tenant, id, clock } = delivered(multipart)
    const [click, open] = call(ctx, 'get_click_counts_for_delivery', { delivery_id: id }).map((c) => c.id)
    const r = followTrackingLink(tenant, `click/${click}/8`, clock.now, { ip_address: '198.51.100.7' })
    expect(r).toMatchObject({ status: 302, location: 'https://www.example.com/a/' })
    expect(followTrackingLink(tenant, `open/${open}/8`, clock.now)).toMatchObject({ status: 200, contentType: 'image/gif' })
    expect(followTrackingLink(tenant, `click/${click}/4`, clock.now).status).toBe(404) // member 4 was not sent the mail
    expect(followTrackingLink(tenant, 'click/999/1', clock.now).status).toBe(404)
    expect(followTrackingLink(tenant, `click/${click}/8`, T0 + 600 + 8 * 86400).status).toBe(404) // outdated_url '' = Not Found
    expect(followTrackingLink(tenant, `unsubscribe/${id}/10`, clock.now).status).toBe(200)
    expect(tenant.mailDelivery!.unsubscribed.has('jiro@example.com')).toBe(true)
    const counts = call(ctx, 'get_click_counts_for_delivery', { delivery_id: id })
    expect(counts.map((c) => c.total_num)).toEqual([1, 1])
    expect(call(ctx, 'get_click_count_result', { clickcount_id: click!, offset: 0 })[0]!.ip_address).toBe('198.51.100.7')
  })

  it('has no mails before the list is built', () => {
    const tenant = makeTenant()
    const clock = { now: T0 }
    const ctx = ctxFor(tenant, clock)
    const msg = call(ctx, 'add_mail_message', { member_table_id: 1, mail_info: textMail() })
    const id = call(ctx, 'add_delivery_schedule', { mail_message_id: msg, delivery_info: { title: 't', condition_id: 1, element_id: 2, delivery_date: T0 + 600 } })
    expect(outbox(tenant, id, T0).mails).toEqual([])
    expect(call(ctx, 'get_click_counts_for_delivery', { delivery_id: id })).toEqual([])
    expect(() => outbox(tenant, 999, T0)).toThrow(MailAdminError)
  })
})
