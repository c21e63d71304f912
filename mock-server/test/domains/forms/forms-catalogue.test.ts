import { expect, it } from 'vitest'
import { expectError, expectOk, runServicesSuite } from '../../support/services-doors.js'
import type { FormEl } from './forms-support.js'

interface FormInfo {
  id: number
  form_type: string
  type: string
  enable: boolean
  count_records?: number
  max_records?: number | null
}

runServicesSuite(
  'forms: catalogue and availability',
  (t) => {
    it('lists forms of every type and form type; registration forms carry the record counters', async () => {
      const forms = expectOk(await t.call<FormInfo[]>('get_member_forms', { member_table_id: 1 }))
      expect(new Set(forms.map((f) => f.type))).toEqual(
        new Set(['regist', 'update', 'delete', 'change_password', 'change_reset']),
      )
      expect(new Set(forms.map((f) => f.form_type))).toEqual(new Set(['auto', 'design', 'api']))
      for (const f of forms) expect('count_records' in f).toBe(f.type === 'regist')
      expectError(await t.call('get_member_forms', { member_table_id: 99 }), 'KR_API_F0005')
    })

    it('form element ids differ from database element ids; the authentication password has element_id 0', async () => {
      const els = expectOk(await t.call<FormEl[]>('get_member_form_elements', { form_id: 22 }))
      expect(els.every((e) => e.id !== e.element_id)).toBe(true)
      expect(els.find((e) => e.element_id === 0)).toMatchObject({ type: 'password', requirement: 1 })
      const regist = expectOk(await t.call<FormEl[]>('get_member_form_elements', { form_id: 16 }))
      expect(regist.every((e) => e.requirement >= 0 && e.requirement <= 7)).toBe(true)
      expect(regist.some((e) => e.requirement === 4) && regist.some((e) => e.requirement === 6)).toBe(true)
      expectError(await t.call('get_member_form_elements', { form_id: 999 }), 'KR_API_F0005')
    })

    it('answers the availability errors F0110-F0114 in order', async () => {
      const v = (form_id: number) =>
        t.call('validate_member_form_parameter', { form_id, form_element_name: 'e_1', parameter: 'x' })
      expectError(await v(17), 'KR_API_F0110')
      expectError(await v(23), 'KR_API_F0110')
      expectError(await v(19), 'KR_API_F0111')
      expectError(await v(18), 'KR_API_F0112')
      expectError(await v(20), 'KR_API_F0113')
      expectError(await v(21), 'KR_API_F0114')
      expectError(await v(999), 'KR_API_F0005')
    })

    it('validate_member_form_parameter: [] when valid, messages otherwise, F0121 for unknown names', async () => {
      const els = expectOk(await t.call<FormEl[]>('get_member_form_elements', { form_id: 16 }))
      const email = `e_${els.find((e) => e.element_id === 4)!.id}`
      expect(
        expectOk(
          await t.call('validate_member_form_parameter', {
            form_id: 16,
            form_element_name: email,
            parameter: 'ok@example.com',
          }),
        ),
      ).toEqual([])
      const bad = expectOk(
        await t.call<string[]>('validate_member_form_parameter', {
          form_id: 16,
          form_element_name: email,
          parameter: 'foo@',
        }),
      )
      expect(bad.length).toBeGreaterThan(0)
      expect(bad[0]).toMatch(/メールアドレス/)
      const required = expectOk(
        await t.call<string[]>('validate_member_form_parameter', {
          form_id: 16,
          form_element_name: email,
          parameter: null,
        }),
      )
      expect(required[0]).toContain('必須')
      expectError(
        await t.call('validate_member_form_parameter', { form_id: 16, form_element_name: 'e_4', parameter: 'x' }),
        'KR_API_F0121',
      )
      expectError(
        await t.call('validate_member_form_parameter', { form_id: 16, form_element_name: 'new_pass', parameter: 'x' }),
        'KR_API_F0121',
      )
    })

    it('validate_member_form_parameters: a map with a key per value sent; F0121 and F0122', async () => {
      const els = expectOk(await t.call<FormEl[]>('get_member_form_elements', { form_id: 16 }))
      const name = (id: number) => `e_${els.find((e) => e.element_id === id)!.id}`
      const r = expectOk(
        await t.call<Record<string, string[]>>('validate_member_form_parameters', {
          form_id: 16,
          form_element_values: { [name(4)]: 'ok@example.com', [name(19)]: 5_000_000, [name(8)]: '2001-02-30' },
        }),
      )
      expect(r[name(4)]).toEqual([])
      expect(r[name(19)]!.length).toBeGreaterThan(0)
      expect(r[name(8)]!.length).toBeGreaterThan(0)
      expectError(
        await t.call('validate_member_form_parameters', { form_id: 16, form_element_values: {} }),
        'KR_API_F0122',
      )
      expectError(
        await t.call('validate_member_form_parameters', {
          form_id: 16,
          form_element_values: { [name(4)]: 'a@b.jp', e_9999: 1 },
        }),
        'KR_API_F0121',
      )
    })

    it('device-dependent characters pass only elements that allow them', async () => {
      const els = expectOk(await t.call<FormEl[]>('get_member_form_elements', { form_id: 16 }))
      const name = (id: number) => `e_${els.find((e) => e.element_id === id)!.id}`
      expect(
        expectOk(
          await t.call('validate_member_form_parameter', {
            form_id: 16,
            form_element_name: name(30),
            parameter: '①㈱',
          }),
        ),
      ).toEqual([])
      expect(
        expectOk(
          await t.call<string[]>('validate_member_form_parameter', {
            form_id: 16,
            form_element_name: name(31),
            parameter: '①㈱',
          }),
        ).length,
      ).toBeGreaterThan(0)
    })

    it('new_pass is a valid name on the password-change form and is checked against the password rules', async () => {
      const weak = expectOk(
        await t.call<string[]>('validate_member_form_parameter', {
          form_id: 40,
          form_element_name: 'new_pass',
          parameter: 'abc',
        }),
      )
      expect(weak.length).toBeGreaterThan(0)
      expect(
        expectOk(
          await t.call('validate_member_form_parameter', {
            form_id: 40,
            form_element_name: 'new_pass',
            parameter: 'GoodPass123',
          }),
        ),
      ).toEqual([])
    })
  },
  30,
)
