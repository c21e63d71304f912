import { expect, it } from 'vitest'
import { formOutbox } from '../../../src/domains/forms/forms-admin.js'
import { expectError, expectOk, runServicesSuite, stateOf } from '../../support/services-doors.js'
import { namesOf, register } from './forms-support.js'

const info = async (t: Parameters<typeof register>[0], id: number) =>
  expectOk(await t.call<Record<string, unknown>>('get_member_info', { member_table_id: 1, member_id: id }))

runServicesSuite(
  'forms: do_member_form_action',
  (t) => {
    it('registers through form element names; fixed values, full-width kana, dropped unknown options; sends are recorded', async () => {
      const n = await namesOf(t, 16)
      const before = stateOf(t).forms?.forms['16']?.countRecords ?? 0
      const id = expectOk(
        await t.call<number>('do_member_form_action', {
          member_form_id: 16,
          member_id: 0,
          member_info: {
            [n(4)]: 'new.member@example.com',
            [n(5)]: 'Secret123',
            [n(6)]: '新規 会員',
            [n(7)]: 'ｼﾝｷ ｶｲｲﾝ',
            [n(18)]: 99,
            [n(14)]: 4,
          },
        }),
      )
      const m = await info(t, id)
      expect(m).toMatchObject({
        e_4: 'new.member@example.com',
        e_6: '新規 会員',
        e_7: 'シンキ カイイン',
        e_18: 0,
        e_14: 1,
        e_5: '******',
      })
      expect(stateOf(t).forms!.forms['16']!.countRecords).toBe(before + 1)
      const sent = formOutbox(stateOf(t)).filter((e) => e.memberId === id)
      expect(sent.map((e) => e.kind)).toEqual(['autoreply', 'notice', 'webhook'])
      expect(sent[0]!.to).toEqual(['new.member@example.com'])
      expect(sent[0]!.body).toContain('新規 会員')
      expect(sent[2]!.url).toMatch(/^https:\/\//)
    })

    it('answers F0116 with messages per form element, F0117 for a duplicate key, F0004 for member_id ≠ 0', async () => {
      const n = await namesOf(t, 16)
      const r = await t.call<{ message: string }>('do_member_form_action', {
        member_form_id: 16,
        member_id: 0,
        member_info: { [n(4)]: 'bad@', [n(6)]: '' },
      })
      expectError(r, 'KR_API_F0116')
      expect(r.body.message).toContain(`${n(4)}:`)
      expect(r.body.message).toContain(`${n(6)}:`)
      await register(t, 'dup@example.com')
      expectError(
        await t.call('do_member_form_action', {
          member_form_id: 16,
          member_id: 0,
          member_info: { [n(4)]: 'DUP@example.com', [n(5)]: 'Passw0rd9', [n(6)]: 'x' },
        }),
        'KR_API_F0117',
      )
      expectError(
        await t.call('do_member_form_action', { member_form_id: 16, member_id: 5, member_info: {} }),
        'KR_API_F0004',
      )
      expectError(
        await t.call('do_member_form_action', {
          member_form_id: 16,
          member_id: 0,
          member_info: { e_4: 'x@example.com' },
        }),
        'KR_API_F0121',
      )
    })

    it('an override form updates the member with the same key instead of F0117; a full form is F0115', async () => {
      const id = await register(t, 'over@example.com')
      const n = await namesOf(t, 25)
      expect(
        expectOk(
          await t.call('do_member_form_action', {
            member_form_id: 25,
            member_id: 0,
            member_info: { [n(4)]: 'over@example.com', [n(5)]: 'Passw0rd9', [n(6)]: '上書き 太郎' },
          }),
        ),
      ).toBe(id)
      expect((await info(t, id)).e_6).toBe('上書き 太郎')
      expect(
        formOutbox(stateOf(t))
          .filter((e) => e.formId === 25 && e.kind === 'autoreply')
          .at(-1)!.subject,
      ).toContain('登録確認')
      const f = await namesOf(t, 24)
      expectError(
        await t.call('do_member_form_action', {
          member_form_id: 24,
          member_id: 0,
          member_info: { [f(4)]: 'full@example.com', [f(5)]: 'Passw0rd9', [f(6)]: 'x' },
        }),
        'KR_API_F0115',
      )
    })

    it('refuses accounts without the encryption-key permission on a table with encrypted text (F0228)', async () => {
      const n = await namesOf(t, 16)
      expectError(
        await t.call(
          'do_member_form_action',
          { member_form_id: 16, member_id: 0, member_info: { [n(4)]: 'enc@example.com', [n(6)]: 'x' } },
          'krs-noencrypt',
        ),
        'KR_API_F0228',
      )
    })

    it('works while another user locked the table through the API; refuses while a batch job runs on it (F0016)', async () => {
      expectOk(await t.call('lock_database', { member_table_id: 1 }, 'krs-noencrypt'))
      const n = await namesOf(t, 16)
      const body = {
        member_form_id: 16,
        member_id: 0,
        member_info: { [n(4)]: 'lock@example.com', [n(5)]: 'Secret123', [n(6)]: 'x' },
      }
      expect(expectOk(await t.call<number>('do_member_form_action', body))).toBeGreaterThan(0)
      expectOk(await t.call('unlock_database', { member_table_id: 1 }))
      body.member_info[n(4)] = 'lock2@example.com'
      expectOk(await t.call('export_members', { member_table_id: 1, condition_id: 1, columnset_id: 1 }))
      expectError(await t.call('do_member_form_action', body), 'KR_API_F0016')
    })

    it('update forms change only the values sent; F0118 for an unknown member', async () => {
      const id = await register(t, 'upd@example.com', 'Passw0rd1', { 19: 10 })
      const n = await namesOf(t, 22)
      expect(
        expectOk(
          await t.call('do_member_form_action', {
            member_form_id: 22,
            member_id: id,
            member_info: { [n(6)]: '更新 後' },
          }),
        ),
      ).toBe(id)
      expect(await info(t, id)).toMatchObject({ e_6: '更新 後', e_19: 10 })
      expectError(
        await t.call('do_member_form_action', { member_form_id: 22, member_id: 987654, member_info: {} }),
        'KR_API_F0118',
      )
    })

    it('get_member_info_for_update answers form element names with passwords masked; F0210, F0118', async () => {
      const id = await register(t, 'read@example.com')
      const n = await namesOf(t, 22)
      const r = expectOk(
        await t.call<Record<string, unknown>>('get_member_info_for_update', { member_form_id: 22, member_id: id }),
      )
      expect(r[n(4)]).toBe('read@example.com')
      expect(r[n(0)]).toBe('******')
      expect(Object.keys(r).every((k) => /^e_\d+$/.test(k))).toBe(true)
      expect(expectOk(await t.call('get_member_info_for_update', { member_form_id: 30, member_id: id }))).toBeTypeOf(
        'object',
      )
      expectError(await t.call('get_member_info_for_update', { member_form_id: 16, member_id: id }), 'KR_API_F0210')
      expectError(await t.call('get_member_info_for_update', { member_form_id: 22, member_id: 999999 }), 'KR_API_F0118')
    })

    it('delete forms take {} and record the deletion time; the list filters by after and pages by 100', async () => {
      const a = await register(t, 'del1@example.com')
      const b = await register(t, 'del2@example.com')
      expect(
        expectOk(await t.call('do_member_form_action', { member_form_id: 30, member_id: a, member_info: {} })),
      ).toBe(a)
      const cut = stateOf(t).forms!.deleted.at(-1)!.deletedAt
      await t.admin('POST', 'clock', { advance_seconds: 10 })
      expectOk(await t.call('do_member_form_action', { member_form_id: 30, member_id: b, member_info: {} }))
      expectError(await t.call('get_member_info', { member_table_id: 1, member_id: a }), 'KR_API_F0005')
      const all = expectOk(
        await t.call<[string, unknown][][]>('get_deleted_member_list', { member_form_id: 30, after: 0, offset: 0 }),
      )
      expect(all.map((r) => r[0])).toEqual([
        ['ID', a],
        ['ID', b],
      ])
      expect(all[0]![1]![0]).toBe('削除日時')
      expect(all[0]![1]![1]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/)
      const later = expectOk(
        await t.call<[string, unknown][][]>('get_deleted_member_list', { member_form_id: 30, after: cut, offset: 0 }),
      )
      expect(later.map((r) => r[0]![1])).toEqual([b])
      expect(expectOk(await t.call('get_deleted_member_list', { member_form_id: 30, after: 0, offset: 100 }))).toEqual(
        [],
      )
      expectError(await t.call('get_deleted_member_list', { member_form_id: 30, after: 0, offset: 50 }), 'KR_API_F0304')
      expectError(await t.call('get_deleted_member_list', { member_form_id: 22, after: 0, offset: 0 }), 'KR_API_F0217')
      expectError(
        await t.call('do_member_form_action', { member_form_id: 30, member_id: a, member_info: {} }),
        'KR_API_F0118',
      )
    })

    it('the deleted-member list answers at most 100 records per call', async () => {
      if (!stateOf(t).forms) expectOk(await t.call('get_member_forms', { member_table_id: 1 }))
      const forms = stateOf(t).forms!
      for (let i = 0; i < 150; i++)
        forms.deleted.push({ formId: 30, memberId: 10_000 + i, deletedAt: 1_700_000_000 + i, fields: [] })
      const first = expectOk(
        await t.call<[string, unknown][][]>('get_deleted_member_list', { member_form_id: 30, after: 0, offset: 0 }),
      )
      const second = expectOk(
        await t.call<[string, unknown][][]>('get_deleted_member_list', { member_form_id: 30, after: 0, offset: 100 }),
      )
      expect(first.length).toBe(100)
      expect(second.length).toBe(50)
      expect(second[0]![0]).toEqual(['ID', 10_100])
    })

    it('check_unique_member_confliction: false for a taken key, true for a free one or the member itself; F0123, F0118', async () => {
      const id = await register(t, 'taken@example.com')
      const r = await namesOf(t, 16)
      const u = await namesOf(t, 22)
      expect(
        expectOk(
          await t.call('check_unique_member_confliction', {
            form_id: 16,
            member_id: 0,
            member_info: { [r(4)]: 'taken@example.com' },
          }),
        ),
      ).toBe(false)
      expect(
        expectOk(
          await t.call('check_unique_member_confliction', {
            form_id: 16,
            member_id: 0,
            member_info: { [r(4)]: 'free@example.com' },
          }),
        ),
      ).toBe(true)
      expect(
        expectOk(
          await t.call('check_unique_member_confliction', {
            form_id: 22,
            member_id: id,
            member_info: { [u(4)]: 'taken@example.com' },
          }),
        ),
      ).toBe(true)
      expectError(
        await t.call('check_unique_member_confliction', { form_id: 30, member_id: 0, member_info: {} }),
        'KR_API_F0123',
      )
      expectError(
        await t.call('check_unique_member_confliction', { form_id: 22, member_id: 999999, member_info: {} }),
        'KR_API_F0118',
      )
    })
  },
  30,
)

runServicesSuite(
  'forms: authentication and passwords',
  (t) => {
    it('auth_member answers the member id, or 0 for no match or a wrong password', async () => {
      const id = await register(t, 'auth@example.com', 'Right123')
      const n = await namesOf(t, 22)
      const auth = (email: string, password?: string, form = 22) =>
        t.call<number>('auth_member', {
          member_form_id: form,
          member_info: { [n(4)]: email },
          ...(password === undefined ? {} : { password }),
        })
      expect(expectOk(await auth('auth@example.com', 'Right123'))).toBe(id)
      expect(expectOk(await auth('auth@example.com', 'Wrong123'))).toBe(0)
      expect(expectOk(await auth('nobody@example.com', 'Right123'))).toBe(0)
      expectError(await auth('not-an-email', 'Right123'), 'KR_API_F0004')
      expectError(await auth('auth@example.com'), 'KR_API_F0006')
      const r = await namesOf(t, 16)
      expectError(
        await t.call('auth_member', {
          member_form_id: 16,
          member_info: { [r(4)]: 'auth@example.com' },
          password: 'Right123',
        }),
        'KR_API_F0119',
      )
      const reissue = await namesOf(t, 50)
      expect(
        expectOk(
          await t.call('auth_member', { member_form_id: 50, member_info: { [reissue(4)]: 'auth@example.com' } }),
        ),
      ).toBe(id)
    })

    it('change_password checks the current password and sets new_pass; change_reset issues a new one', async () => {
      const id = await register(t, 'pw@example.com', 'First123')
      const n = await namesOf(t, 40)
      const u = await namesOf(t, 22)
      const wrong = await t.call<{ message: string }>('do_member_form_action', {
        member_form_id: 40,
        member_id: id,
        member_info: { [n(0)]: 'Nope1234', new_pass: 'Second123' },
      })
      expectError(wrong, 'KR_API_F0116')
      expectError(
        await t.call('do_member_form_action', {
          member_form_id: 40,
          member_id: id,
          member_info: { [n(0)]: 'First123', new_pass: 'x' },
        }),
        'KR_API_F0116',
      )
      expectOk(
        await t.call('do_member_form_action', {
          member_form_id: 40,
          member_id: id,
          member_info: { [n(0)]: 'First123', new_pass: 'Second123' },
        }),
      )
      const auth = (pw: string) =>
        t.call<number>('auth_member', { member_form_id: 22, member_info: { [u(4)]: 'pw@example.com' }, password: pw })
      expect(expectOk(await auth('Second123'))).toBe(id)
      expectOk(await t.call('do_member_form_action', { member_form_id: 50, member_id: id, member_info: {} }))
      expect(expectOk(await auth('Second123'))).toBe(0)
      const mail = formOutbox(stateOf(t))
        .filter((e) => e.formId === 50 && e.kind === 'autoreply')
        .at(-1)!
      const fresh = /新しいパスワード: (\S+)/.exec(mail.body!)![1]!
      expect(expectOk(await auth(fresh))).toBe(id)
    })
  },
  30,
)
