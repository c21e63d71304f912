import { expect, it } from 'vitest'
import { runOnEveryDoor } from '../../support/run-on-every-door.js'
import { kit, mailDoorEngine, textMail } from './door-kit.js'
import { deliverySection, T0 } from './support.js'

const weekly = (day: number) => ({ type: 2, hour: 9, min: 0, day_of_week: day })
const program = (over: Record<string, unknown> = {}) => ({
  title: 'p',
  condition_id: 1,
  element_id: 2,
  delivery_time_info: weekly(1),
  ...over,
})

runOnEveryDoor(
  'mail messages',
  (t) => {
    const k = kit(t)
    const add = (mail: Record<string, unknown>) =>
      k.ok<number>('add_mail_message', { member_table_id: 1, mail_info: mail })

    it('creates a normal message and returns a new id each time', async () => {
      const a = await add(textMail())
      const b = await add(textMail())
      expect(a).toBeGreaterThan(0)
      expect(b).toBe(a + 1)
    })

    it('refuses an unknown database (F0005)', async () => {
      await k.fails('add_mail_message', { member_table_id: 99, mail_info: textMail() }, 'KR_API_F0005')
    })

    it.each([
      [1, { text_part: undefined }, 'text_part'],
      [2, { html_part: undefined }, 'html_part'],
      [3, { html_part: undefined, text_part: 'x' }, 'html_part'],
      [3, { text_part: undefined, html_part: '<p>x</p>' }, 'text_part'],
    ])('type %i needs its parts (F0006)', async (type, over, key) => {
      const detail = await k.fails(
        'add_mail_message',
        { member_table_id: 1, mail_info: textMail({ type, ...over }) },
        'KR_API_F0006',
      )
      expect(detail).toContain(key)
    })

    it('refuses half-width katakana unless allow_hankana is true (F0004)', async () => {
      for (const key of ['subject', 'from_desc', 'reply_desc', 'text_part']) {
        const detail = await k.fails(
          'add_mail_message',
          { member_table_id: 1, mail_info: textMail({ [key]: 'ｶﾀｶﾅ' }) },
          'KR_API_F0004',
        )
        expect(detail).toContain(key)
      }
      expect(await add(textMail({ subject: 'ｶﾀｶﾅ', allow_hankana: true }))).toBeGreaterThan(0)
    })

    it('refuses a body line over 998 bytes, counting UTF-8 bytes (F0004)', async () => {
      const fine = 'あ'.repeat(332) // 996 bytes
      expect(await add(textMail({ text_part: `${fine}\n${'a'.repeat(998)}` }))).toBeGreaterThan(0)
      const detail = await k.fails(
        'add_mail_message',
        { member_table_id: 1, mail_info: textMail({ text_part: `ok\n${'あ'.repeat(333)}` }) },
        'KR_API_F0004',
      )
      expect(detail).toContain('line 2')
      await k.fails(
        'add_mail_message',
        { member_table_id: 1, mail_info: { type: 2, from: 'a@example.com', subject: 's', html_part: 'b'.repeat(999) } },
        'KR_API_F0004',
      )
    })

    it('refuses the unsubscribe-URL placeholder in the body (F0232)', async () => {
      await k.fails(
        'add_mail_message',
        { member_table_id: 1, mail_info: textMail({ text_part: '停止は {{unsubscribe_url}} から' }) },
        'KR_API_F0232',
      )
      await k.fails(
        'add_mail_message_for_agent_program',
        {
          member_table_id: 1,
          mail_info: {
            type: 2,
            from: 'a@example.com',
            subject: 's',
            html_part: '<a href="{{ list_unsubscribe_url }}">x</a>',
          },
        },
        'KR_API_F0232',
      )
    })

    it('needs url for list_unsubscribe pattern 2 and email for pattern 3 (F0006)', async () => {
      await k.fails(
        'add_mail_message',
        { member_table_id: 1, mail_info: textMail({ list_unsubscribe: { pattern: 2 } }) },
        'KR_API_F0006',
      )
      await k.fails(
        'add_mail_message',
        { member_table_id: 1, mail_info: textMail({ list_unsubscribe: { pattern: 3, url: 'https://x.example/' } }) },
        'KR_API_F0006',
      )
      expect(await add(textMail({ list_unsubscribe: { pattern: 3, email: 'u@example.com' } }))).toBeGreaterThan(0)
      expect(await add(textMail({ list_unsubscribe: { pattern: 0 } }))).toBeGreaterThan(0)
    })

    it('fills click-count defaults: days 7, outdated_url = url, empty string kept (Not Found)', async () => {
      const mail = textMail({
        clickcounts: [{ url: 'https://a.example/' }, { url: 'https://b.example/', days: 30, outdated_url: '' }],
      })
      const id = await k.ok<number>('add_mail_message_for_agent_program', { member_table_id: 1, mail_info: mail })
      const pid = await k.ok<number>('add_agent_program', { mail_message_id: id, program_info: program() })
      const info = await k.ok<Record<string, unknown>>('get_mail_message_by_agent_program', { agent_program_id: pid })
      expect(info.clickcounts).toEqual([
        { url: 'https://a.example/', days: 7, outdated_url: 'https://a.example/' },
        { url: 'https://b.example/', days: 30, outdated_url: '' },
      ])
      expect(info).toMatchObject({
        mail_message_id: id,
        from_desc: '',
        reply: null,
        reply_desc: '',
        html_part: null,
        open_clickcount: false,
        allow_hankana: false,
        type: 1,
      })
      // it is an agent message: delete_mail_message refuses it
      await k.fails('delete_mail_message', { message_id: id }, 'KR_API_F0211')
    })

    it('refuses click-count days outside 1–30 (F0004)', async () => {
      for (const days of [0, 31]) {
        await k.fails(
          'add_mail_message',
          { member_table_id: 1, mail_info: textMail({ clickcounts: [{ url: 'https://a.example/', days }] }) },
          'KR_API_F0004',
        )
      }
    })

    it('reports one-click validity in hours and seconds (5400 s → 1 h)', async () => {
      const id = await k.ok<number>('add_mail_message_for_agent_program', {
        member_table_id: 1,
        mail_info: textMail({ text_part: 'ログイン {{oneclick_url:5400}}' }),
      })
      const pid = await k.ok<number>('add_agent_program', {
        mail_message_id: id,
        program_info: program({ delivery_time_info: { type: 3, hour: 9, min: 0, day: 99 } }),
      })
      expect(await k.ok('get_mail_message_by_agent_program', { agent_program_id: pid })).toMatchObject({
        oneclick_date: 1,
        oneclick_date_sec: 5400,
      })
    })

    it('deletes only normal, unreserved messages (F0211, F0102, F0005)', async () => {
      const normal = await add(textMail())
      const agent = await k.ok<number>('add_mail_message_for_agent_program', {
        member_table_id: 1,
        mail_info: textMail(),
      })
      await k.fails('delete_mail_message', { message_id: agent }, 'KR_API_F0211')
      await k.ok('add_delivery_schedule', {
        mail_message_id: normal,
        delivery_info: { title: 't', condition_id: 1, element_id: 2, delivery_date: T0 + 3600 },
      })
      await k.fails('delete_mail_message', { message_id: normal }, 'KR_API_F0102')
      const free = await add(textMail())
      expect(await k.ok('delete_mail_message', { message_id: free })).toBe(true)
      await k.fails('delete_mail_message', { message_id: free }, 'KR_API_F0005')
    })

    it('updates an agent message, resetting omitted optional fields (F0225, F0005)', async () => {
      const normal = await add(textMail())
      const agent = await k.ok<number>('add_mail_message_for_agent_program', {
        member_table_id: 1,
        mail_info: textMail({
          from_desc: '事務局',
          reply: 'r@example.com',
          reply_desc: '窓口',
          clickcounts: [{ url: 'https://www.example.com/a/' }],
          allow_hankana: true,
        }),
      })
      const pid = await k.ok<number>('add_agent_program', { mail_message_id: agent, program_info: program() })
      await k.fails(
        'update_mail_message_for_agent_program',
        { mail_message_id: normal, mail_info: textMail() },
        'KR_API_F0225',
      )
      expect(
        await k.ok('update_mail_message_for_agent_program', {
          mail_message_id: agent,
          mail_info: textMail({ subject: '新しい件名' }),
        }),
      ).toBe(true)
      expect(await k.ok('get_mail_message_by_agent_program', { agent_program_id: pid })).toMatchObject({
        subject: '新しい件名',
        from_desc: '',
        reply: null,
        reply_desc: '',
        clickcounts: [],
        allow_hankana: false,
      })
      await k.fails(
        'update_mail_message_for_agent_program',
        { mail_message_id: 999, mail_info: textMail() },
        'KR_API_F0005',
      )
    })

    it('deletes an agent message only when no program uses it (F0225, F0102)', async () => {
      const normal = await add(textMail())
      const agent = await k.ok<number>('add_mail_message_for_agent_program', {
        member_table_id: 1,
        mail_info: textMail(),
      })
      await k.fails('delete_mail_message_for_agent_program', { mail_message_id: normal }, 'KR_API_F0225')
      const pid = await k.ok<number>('add_agent_program', {
        mail_message_id: agent,
        program_info: program({ delivery_time_info: weekly(3) }),
      })
      await k.fails('delete_mail_message_for_agent_program', { mail_message_id: agent }, 'KR_API_F0102')
      await k.ok('delete_agent_program', { agent_program_id: pid })
      expect(await k.ok('delete_mail_message_for_agent_program', { mail_message_id: agent })).toBe(true)
    })
  },
  { engine: mailDoorEngine() },
)

runOnEveryDoor(
  'mail messages: decorated mail from the admin screen',
  (t) => {
    const k = kit(t)
    it('cannot be updated through the API (F0226), but a program can use it', async () => {
      await k.fails(
        'update_mail_message_for_agent_program',
        { mail_message_id: 1, mail_info: textMail() },
        'KR_API_F0226',
      )
      const pid = await k.ok<number>('add_agent_program', {
        mail_message_id: 1,
        program_info: program({ title: 'deco', delivery_time_info: weekly(5) }),
      })
      expect(await k.ok('get_mail_message_by_agent_program', { agent_program_id: pid })).toMatchObject({
        mail_message_id: 1,
        type: 4,
        html_part: '<p>deco</p>',
        text_part: null,
      })
      expect(await k.ok('add_mail_message', { member_table_id: 1, mail_info: textMail() })).toBe(2)
    })
  },
  {
    engine: mailDoorEngine({
      ...deliverySection,
      messages: [
        {
          member_table_id: 1,
          purpose: 'agent',
          type: 4,
          from: 'info@example.com',
          subject: 'デコメ',
          html_part: '<p>deco</p>',
        },
      ],
    }),
  },
)
