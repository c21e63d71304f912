import { beforeEach, describe, expect, it } from 'vitest'
import { createEngine, type Engine } from '../../src/index.js'
import { advance, call, ok, state } from './rights-calls.js'
import { operations } from '../../src/generated/operations.js'
import type { OperationName } from '../../src/generated/operation-names.js'

// Every door of a member table applies the account's table access and encrypted-key
// permission as the member operations do. krs-table1 may access member table 1 only;
// krs-noencrypt has every right but the encryption key of table 1's encrypted text (e_15).

/**
 * Request properties that name a member table, directly or through something of it: a form,
 * a batch job, a saved condition, an element.
 */
const TABLE_NAMING = [
  'member_table_id',
  'form_id',
  'member_form_id',
  'batch_job_id',
  'condition_id',
  'element_id',
] as const

/** The operations whose request names a table, read from the contract. */
const tableOperations = (Object.keys(operations) as OperationName[])
  .filter((name) => {
    const props = (operations[name].requestSchema as { properties?: Record<string, unknown> }).properties ?? {}
    return TABLE_NAMING.some((k) => k in props)
  })
  .sort()

/** Objects the bodies refer to, made by krs-all before each case. */
interface Fixture {
  /** A finished export job of member table 1 / 2 (all items), started by krs-all. */
  job1: number
  job2: number
  /** A stored file not imported yet. */
  file: number
}

async function fixture(engine: Engine): Promise<Fixture> {
  const exportAll = { condition_id: 1, columnset_id: 1, is_csv: true }
  const job2 = await ok<number>(engine, 'export_members', { member_table_id: 2, ...exportAll })
  await advance(engine, 3600)
  const job1 = await ok<number>(engine, 'export_members', { member_table_id: 1, ...exportAll })
  await advance(engine, 3600)
  const file = await ok<number>(engine, 'upload_stored_files', {
    file_name: 'rights.csv',
    body: 'e_4,e_6\nrights-import@example.com,権限 太郎\n',
  })
  return { job1, job2, file }
}

/**
 * One body per table-naming operation: `table` is 1 or 2, every id in it belongs to that
 * table (table 2 has a registration form only, 60; its refusal comes before the form's type
 * is looked at). Table 1's bodies succeed for an account with access.
 */
const bodies: Record<string, (table: 1 | 2, f: Fixture) => Record<string, unknown>> = {
  get_member_table_elements: (t) => ({ member_table_id: t }),
  lock_database: (t) => ({ member_table_id: t }),
  unlock_database: (t) => ({ member_table_id: t }),
  lookup_member_id: (t) =>
    t === 1
      ? { member_table_id: 1, member_info: { e_4: 'yamamoto.14@example.jp' } }
      : { member_table_id: 2, member_info: { e_102: 'tanaka.1102@i.softbank.jp', e_103: 1 } },
  get_member_info: (t) => ({ member_table_id: t, member_id: 1 }),
  get_member_infos_by_oneshot_condition: (t) => ({
    member_table_id: t,
    condition_info: { grouping: true, conditions: {} },
    offset: 0,
    sort_key: 0,
    order: true,
  }),
  get_member_infos_by_condition: (t) => ({ member_table_id: t, condition_id: 1, offset: 0, sort_key: 0, order: true }),
  get_members_num_by_oneshot_condition: (t) => ({
    member_table_id: t,
    condition_info: { grouping: true, conditions: {} },
  }),
  get_members_num_by_condition: (t) => ({ member_table_id: t, condition_id: 1 }),
  add_member: (t) =>
    t === 1
      ? { member_table_id: 1, member_info: { e_4: 'rights-new@example.com', e_6: '権限 花子' } }
      : { member_table_id: 2, member_info: { e_102: 'rights-new@example.com', e_103: 1, e_104: '権限 花子' } },
  update_member: (t) => ({
    member_table_id: t,
    member_id: 1,
    member_info: { [t === 1 ? 'e_6' : 'e_104']: '更新 花子' },
  }),
  delete_member: (t) => ({ member_table_id: t, member_id: 1 }),
  add_condition: (t) => ({
    member_table_id: t,
    condition_info: { title: '権限の確認', grouping: true, conditions: {} },
  }),
  get_conditions: (t) => ({ member_table_id: t }),
  delete_condition: (t) => ({ condition_id: t === 1 ? 4 : 7 }),
  get_member_table_element_config: (t) => ({ element_id: t === 1 ? 4 : 102 }),
  add_mail_message: (t) => ({
    member_table_id: t,
    mail_info: { type: 1, from: 'info@example.com', subject: '権限の確認', text_part: '本文\n' },
  }),
  add_mail_message_for_agent_program: (t) => ({
    member_table_id: t,
    mail_info: { type: 1, from: 'info@example.com', subject: '権限の確認', text_part: '本文\n' },
  }),
  get_agent_programs: (t) => ({ member_table_id: t }),
  get_delivery_results_by_interval: (t) => ({ member_table_id: t, start_timestamp: 0, end_timestamp: null }),
  get_member_forms: (t) => ({ member_table_id: t }),
  get_member_form_elements: (t) => ({ form_id: t === 1 ? 22 : 60 }),
  validate_member_form_parameter: (t) => ({
    form_id: t === 1 ? 16 : 60,
    form_element_name: t === 1 ? 'e_91' : 'e_359',
    parameter: 'rights@example.com',
  }),
  validate_member_form_parameters: (t) => ({
    form_id: t === 1 ? 16 : 60,
    form_element_values: { [t === 1 ? 'e_91' : 'e_359']: 'rights@example.com' },
  }),
  check_unique_member_confliction: (t) => ({
    form_id: t === 1 ? 16 : 60,
    member_id: 0,
    member_info: { [t === 1 ? 'e_91' : 'e_359']: 'rights@example.com' },
  }),
  do_member_form_action: (t) =>
    t === 1
      ? {
          member_form_id: 16,
          member_id: 0,
          member_info: { e_91: 'rights-form@example.com', e_92: 'Passw0rd1', e_94: '権限 次郎' },
        }
      : {
          member_form_id: 60,
          member_id: 0,
          member_info: { e_359: 'rights-form@example.com', e_360: 1, e_361: '権限 次郎' },
        },
  auth_member: (t) =>
    t === 1
      ? { member_form_id: 22, member_info: { e_323: 'yamamoto.14@example.jp' }, password: 'not-the-password' }
      : { member_form_id: 60, member_info: { e_359: 'tanaka.1102@i.softbank.jp' }, password: 'not-the-password' },
  get_member_info_for_update: (t) => ({ member_form_id: t === 1 ? 22 : 60, member_id: 1 }),
  get_deleted_member_list: (t) => ({ member_form_id: t === 1 ? 30 : 60, after: 0, offset: 0 }),
  get_oneclick_login_url: (t) => ({ member_form_id: t === 1 ? 22 : 60, member_id: 1, limit: 24, unit: 'hour' }),
  get_posted_image_urls: (t) => ({ member_table_id: t, member_id: 1, album_ids: null }),
  get_posted_image_urls_by_oneshot_condition: (t) => ({
    member_table_id: t,
    condition_info: { grouping: true, conditions: {} },
    offset: 0,
    sort_key: 0,
    order: true,
    album_ids: null,
  }),
  get_posted_image_urls_by_condition: (t) => ({
    member_table_id: t,
    condition_id: 1,
    offset: 0,
    sort_key: 0,
    order: true,
    album_ids: null,
  }),
  export_members: (t) => ({ member_table_id: t, condition_id: 1, columnset_id: 1, is_csv: true }),
  import_members: (t, f) => ({ member_table_id: t, stored_file_id: f.file, is_update: 0 }),
  get_batch_job_status: (t, f) => ({ batch_job_id: t === 1 ? f.job1 : f.job2 }),
  get_batch_job_result: (t, f) => ({ batch_job_id: t === 1 ? f.job1 : f.job2 }),
  delete_members: (t) => ({
    member_table_id: t,
    password: 'table1-password',
    grouping: true,
    additional_condition: { [t === 1 ? 'e_4' : 'e_102']: [1, { value: 'nobody@example.com' }] },
  }),
  delete_members_by_condition: (t) => ({ member_table_id: t, password: 'table1-password', condition_id: 1 }),
}

let engine: Engine
let fx: Fixture
beforeEach(async () => {
  engine = createEngine({ clock: { mode: 'manual', now: 1_767_225_600 } })
  fx = await fixture(engine)
})

describe('the operations that name a table (from the contract)', () => {
  it('are the ones this file has a body for', () => {
    expect(tableOperations.length).toBeGreaterThan(30)
    expect(Object.keys(bodies).sort()).toEqual(tableOperations)
  })
})

describe('krs-table1 (member table 1 only) on every door of member table 2', () => {
  for (const op of tableOperations) {
    it(`${op}: 403 KR_API_F0014 and nothing changes`, async () => {
      const before = state(engine)
      const r = await call(engine, op, bodies[op]!(2, fx), 'krs-table1')
      expect((r.body as { error_code?: string }).error_code, r.text.slice(0, 300)).toBe('KR_API_F0014')
      expect(r.status).toBe(403)
      expect((r.body as { message: string }).message).toContain('member table 2')
      expect(state(engine)).toBe(before)
    })
  }
})

describe('krs-table1 on the same doors of member table 1', () => {
  for (const op of tableOperations) {
    it(`${op}: answered`, async () => {
      const r = await call(engine, op, bodies[op]!(1, fx), 'krs-table1')
      expect(r.status, r.text.slice(0, 300)).toBe(200)
    })
  }
})
