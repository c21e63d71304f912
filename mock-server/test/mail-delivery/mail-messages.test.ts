import { describe, expect, it } from 'vitest'
import { T0, call, ctxFor, expectKrs, makeTenant, textMail } from './support.js'

function setup() {
  const tenant = makeTenant()
  const clock = { now: T0 }
  return { tenant, clock, ctx: ctxFor(tenant, clock) }
}

describe('mail messages', () => {
  it('creates a normal message and returns a new id each time', () => {
    const { ctx } = setup()
    const a = call(ctx, 'add_mail_message', { member_table_id: 1, mail_info: textMail() })
    const b = call(ctx, 'add_mail_message', { member_table_id: 1, mail_info: textMail() })
    expect(a).toBeGreaterThan(0)
    expect(b).toBe(a + 1)
  })

  it('refuses an unknown database (F0005)', () => {
    const { ctx } = setup()
    expectKrs(() => call(ctx, 'add_mail_message', { member_table_id: 99, mail_info: textMail() }), 'KR_API_F0005')
  })

  it.each([
    [1, { text_part: undefined }, 'text_part'],
    [2, { html_part: undefined }, 'html_part'],
    [3, { html_part: undefined, text_part: 'x' }, 'html_part'],
    [3, { text_part: undefined, html_part: '<p>x</p>' }, 'text_part'],
  ])('type %i needs its parts (F0006)', (type, over, key) => {
    const { ctx } = setup()
    const detail = expectKrs(() => call(ctx, 'add_mail_message', { member_table_id: 1, mail_info: textMail({ type, ...over }) as never }), 'KR_API_F0006')
    expect(detail).toContain(key)
  })

  it('refuses half-width katakana unless allow_hankana is true (F0004)', () => {
    const { ctx } = setup()
    for (const key of ['subject', 'from_desc', 'reply_desc', 'text_part']) {
      const detail = expectKrs(() => call(ctx, 'add_mail_message', { member_table_id: 1, mail_info: textMail({ [key]: 'ｶﾀｶﾅ' }) }), 'KR_API_F0004')
      expect(detail).toContain(key)
    }
    expect(call(ctx, 'add_mail_message', { member_table_id: 1, mail_info: textMail({ subject: 'ｶﾀｶﾅ', allow_hankana: true }) })).toBeGreaterThan(0)
  })

  it('refuses a body line over 998 bytes, counting UTF-8 bytes (F0004)', () => {
    const { ctx } = setup()
    const ok = 'あ'.repeat(332) // 996 bytes
    expect(call(ctx, 'add_mail_message', { member_table_id: 1, mail_info: textMail({ text_part: `${ok}\n${'a'.repeat(998)}` }) })).toBeGreaterThan(0)
    const detail = expectKrs(() => call(ctx, 'add_mail_message', { member_table_id: 1, mail_info: textMail({ text_part: `ok\n${'あ'.repeat(333)}` }) }), 'KR_API_F0004')
    expect(detail).toContain('line 2')
    expectKrs(() => call(ctx, 'add_mail_message', { member_table_id: 1, mail_info: { type: 2, from: 'a@example.com', subject: 's', html_part: 'b'.repeat(999) } }), 'KR_API_F0004')
  })

  it('refuses the unsubscribe-URL placeholder in the body (F0232)', () => {
    const { ctx } = setup()
    expectKrs(() => call(ctx, 'add_mail_message', { member_table_id: 1, mail_info: textMail({ text_part: '停止は {{unsubscribe_url}} から' }) }), 'KR_API_F0232')
    expectKrs(() => call(ctx, 'add_mail_message_for_agent_program', { member_table_id: 1, mail_info: { type: 2, from: 'a@example.com', subject: 's', html_part: '<a href="{{ list_unsubscribe_url }}">x</a>' } }), 'KR_API_F0232')
  })

  it('needs url for list_unsubscribe pattern 2 and email for pattern 3', () => {
    const { ctx } = setup()
    expectKrs(() => call(ctx, 'add_mail_message', { member_table_id: 1, mail_info: textMail({ list_unsubscribe: { pattern: 2 } }) }), 'KR_API_F0006')
    expectKrs(() => call(ctx, 'add_mail_message', { member_table_id: 1, mail_info: textMail({ list_unsubscribe: { pattern: 3, url: 'https://x.example/' } }) }), 'KR_API_F0006')
    expect(call(ctx, 'add_mail_message', { member_table_id: 1, mail_info: textMail({ list_unsubscribe: { pattern: 3, email: 'u@example.com' } }) })).toBeGreaterThan(0)
  })

  it('fills click-count defaults: days 7, outdated_url = url, empty string kept (Not Found)', () => {
    const { ctx, tenant } = setup()
    const mail = textMail({ clickcounts: [{ url: 'https://a.example/' }, { url: 'https://b.example/', days: 30, outdated_url: '' }] })
    const id = call(ctx, 'add_mail_message_for_agent_program', { member_table_id: 1, mail_info: mail })
    const pid = call(ctx, 'add_agent_program', {
      mail_message_id: id,
      program_info: { title: 'p', condition_id: 1, element_id: 2, delivery_time_info: { type: 2, hour: 9, min: 0, day_of_week: 1 } },
    })
    const info = call(ctx, 'get_mail_message_by_agent_program', { agent_program_id: pid })
    expect(info.clickcounts).toEqual([
      { url: 'https://a.example/', days: 7, outdated_url: 'https://a.example/' },
      { url: 'https://b.example/', days: 30, outdated_url: '' },
    ])
    expect(info).toMatchObject({ from_desc: '', reply: null, reply_desc: '', html_part: null, open_clickcount: false, allow_hankana: false, type: 1 })
    expect(tenant.mailDelivery!.messages.get(id)!.purpose).toBe('agent')
  })

  it('reports one-click validity in hours and seconds (5400 s → 1 h)', () => {
    const { ctx } = setup()
    const id = call(ctx, 'add_mail_message_for_agent_program', { member_table_id: 1, mail_info: textMail({ text_part: 'ログイン {{oneclick_url:5400}}' }) })
    const pid = call(ctx, 'add_agent_program', { mail_message_id: id, program_info: { title: 'p', condition_id: 1, element_id: 2, delivery_time_info: { type: 3, hour: 9, min: 0, day: 99 } } })
    expect(call(ctx, 'get_mail_message_by_agent_program', { agent_program_id: pid })).toMatchObject({ oneclick_date: 1, oneclick_date_sec: 5400 })
  })

  it('deletes only normal, unreserved messages (F0211, F0102, F0005)', () => {
    const { ctx } = setup()
    const normal = call(ctx, 'add_mail_message', { member_table_id: 1, mail_info: textMail() })
    const agent = call(ctx, 'add_mail_message_for_agent_program', { member_table_id: 1, mail_info: textMail() })
    expectKrs(() => call(ctx, 'delete_mail_message', { message_id: agent }), 'KR_API_F0211')
    call(ctx, 'add_delivery_schedule', { mail_message_id: normal, delivery_info: { title: 't', condition_id: 1, element_id: 2, delivery_date: T0 + 3600 } })
    expectKrs(() => call(ctx, 'delete_mail_message', { message_id: normal }), 'KR_API_F0102')
    const free = call(ctx, 'add_mail_message', { member_table_id: 1, mail_info: textMail() })
    expect(call(ctx, 'delete_mail_message', { message_id: free })).toBe(true)
    expectKrs(() => call(ctx, 'delete_mail_message', { message_id: free }), 'KR_API_F0005')
  })

  it('updates an agent message, resetting omitted optional fields (F0225, F0226)', () => {
    const { ctx, tenant } = setup()
    const normal = call(ctx, 'add_mail_message', { member_table_id: 1, mail_info: textMail() })
    const agent = call(ctx, 'add_mail_message_for_agent_program', {
      member_table_id: 1,
      mail_info: textMail({ from_desc: '事務局', reply: 'r@example.com', reply_desc: '窓口', clickcounts: [{ url: 'https://www.example.com/a/' }], allow_hankana: true }),
    })
    expectKrs(() => call(ctx, 'update_mail_message_for_agent_program', { mail_message_id: normal, mail_info: textMail() }), 'KR_API_F0225')
    expect(call(ctx, 'update_mail_message_for_agent_program', { mail_message_id: agent, mail_info: textMail({ subject: '新しい件名' }) })).toBe(true)
    const m = tenant.mailDelivery!.messages.get(agent)!
    expect(m).toMatchObject({ subject: '新しい件名', fromDesc: '', reply: null, replyDesc: '', clickcounts: [], allowHankana: false })
    m.type = 4 // a decorated mail made in the admin screen
    expectKrs(() => call(ctx, 'update_mail_message_for_agent_program', { mail_message_id: agent, mail_info: textMail() }), 'KR_API_F0226')
    expectKrs(() => call(ctx, 'update_mail_message_for_agent_program', { mail_message_id: 999, mail_info: textMail() }), 'KR_API_F0005')
  })

  it('deletes an agent message only when no program uses it (F0225, F0102)', () => {
    const { ctx } = setup()
    const normal = call(ctx, 'add_mail_message', { member_table_id: 1, mail_info: textMail() })
    const agent = call(ctx, 'add_mail_message_for_agent_program', { member_table_id: 1, mail_info: textMail() })
    expectKrs(() => call(ctx, 'delete_mail_message_for_agent_program', { mail_message_id: normal }), 'KR_API_F0225')
    const pid = call(ctx, 'add_agent_program', { mail_message_id: agent, program_info: { title: 'p', condition_id: 1, element_id: 2, delivery_time_info: { type: 2, hour: 9, min: 0, day_of_week: 3 } } })
    expectKrs(() => call(ctx, 'delete_mail_message_for_agent_program', { mail_message_id: agent }), 'KR_API_F0102')
    call(ctx, 'delete_agent_program', { agent_program_id: pid })
    expect(call(ctx, 'delete_mail_message_for_agent_program', { mail_message_id: agent })).toBe(true)
  })
})
