import { expect, it } from 'vitest'
import type { ScenarioSections } from '../../../src/kernel/tenant-state.js'
import { advance, expectError, expectOk, runServicesSuite } from '../../support/services-doors.js'

const scenario: ScenarioSections = {
  forms: [
    {
      id: 70,
      member_table_id: 3,
      form_type: 'api',
      type: 'regist',
      title: '資料請求フォーム',
      carriers: ['other', 'iphone'],
      start_date: '2025-01-01 00:00:00',
      end_date: null,
      max_record_type: 1,
      max_records: 2,
      count_records: 1,
      elements: [
        { id: 700, element_id: 202, title: 'メール', requirement: 1 },
        { id: 701, element_id: 203, title: 'ご要望', requirement: 2 },
      ],
      webhook: { url: 'https://hooks.example.com/x' },
    },
  ],
  columnSets: [{ id: 9, member_table_id: 3, title: 'メールだけ', columns: ['id', 'e_202'], download: true }],
  postedImages: {
    url_expire_seconds: 600,
    albums: [{ id: 5, member_table_id: 3, title: '添付' }],
    images: [
      {
        id: 1,
        member_table_id: 3,
        member_id: 2,
        album_id: 5,
        file_name: 'a.png',
        mime_type: 'image/png',
        size: 10,
        date: '2025-12-31 10:00:00',
      },
    ],
  },
  extensions: {
    services: { account_passwords: { '1': 'secret-pass' }, batch: { base_seconds: 100, seconds_per_1000_rows: 0 } },
  },
}

runServicesSuite(
  'scenario sections of forms, column sets, posted images and services',
  (t) => {
    it('reads forms, column sets, posted images, passwords and batch timing from the scenario', async () => {
      expectOk(await t.admin('POST', 'reset', { scenario: { extends: 'default', ...scenario } }))
      const forms = expectOk(
        await t.call<{ id: number; carriers: string; start_date: string; count_records: number }[]>(
          'get_member_forms',
          { member_table_id: 3 },
        ),
      )
      expect(forms).toEqual([
        expect.objectContaining({
          id: 70,
          carriers: 'other iphone',
          start_date: '2025-01-01 00:00:00',
          count_records: 1,
        }),
      ])
      expect(
        expectOk(
          await t.call<number>('do_member_form_action', {
            member_form_id: 70,
            member_id: 0,
            member_info: { e_700: 'req@example.com' },
          }),
        ),
      ).toBeGreaterThan(0)
      expectError(
        await t.call('do_member_form_action', {
          member_form_id: 70,
          member_id: 0,
          member_info: { e_700: 'req2@example.com' },
        }),
        'KR_API_F0115',
      )
      const img = expectOk(
        await t.call<Record<string, Record<string, { expire: string }[]>>>('get_posted_image_urls', {
          member_table_id: 3,
          member_id: 2,
        }),
      )
      expect(Object.keys(img['2']!)).toEqual(['5'])
      expectError(
        await t.call('delete_members', {
          member_table_id: 3,
          password: 'admin-password',
          grouping: true,
          additional_condition: {},
        }),
        'KR_API_F0004',
      )
      const id = expectOk(
        await t.call<number>('export_members', { member_table_id: 3, condition_id: 1, columnset_id: 9 }),
      )
      await advance(t, 99)
      expectError(await t.call('get_batch_job_result', { batch_job_id: id }), 'KR_API_F0305')
      await advance(t, 1)
      const text = expectOk(await t.call<string>('get_batch_job_result', { batch_job_id: id }))
      expect(text.split('\n')[0]).toBe('id,e_202')
      expect(
        expectOk(
          await t.call<number>('delete_members', {
            member_table_id: 3,
            password: 'secret-pass',
            grouping: true,
            additional_condition: {},
          }),
        ),
      ).toBe(21)
    })
  },
  20,
)
