import { beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createEngine, type Engine } from '../../../src/index.js'
import { advance, call, ok, state } from './rights-calls.js'
import { operations } from '@krs-kit/contract/operations'
import type { OperationName } from '@krs-kit/contract/operation-names'

// Every door of a member table applies the account's table access and encrypted-key
// permission as the member operations do. krs-table1 may access member table 1 only;
// krs-noencrypt has every right but the encryption key of table 1's encrypted text (e_15).

/**
 * Request ids that name nothing of a member table: a stored file (imported into any table),
 * a column set (shared by the tables) and album ids (a filter over one table's images). Every
 * other id of a request (`member_table_id`, a form, a batch job, a saved condition, an element,
 * a mail message, a delivery, an agent program, a click count, …) reaches one table.
 */
const NOT_OF_A_TABLE = new Set(['stored_file_id', 'columnset_id', 'album_ids'])

/** The operations whose request names a table through one of its ids, read from the contract. */
const tableOperations = (Object.keys(operations) as OperationName[])
  .filter((name) => {
    const props = (operations[name].requestSchema as { properties?: Record<string, unknown> }).properties ?? {}
    return Object.keys(props).some((k) => /_ids?$/.test(k) && !NOT_OF_A_TABLE.has(k))
  })
  .sort()

/** Every id of a request (dotted path), at any depth, read from the contract. */
function idPaths(schema: unknown, path: string[] = []): string[] {
  const s = schema as { properties?: Record<string, unknown>; oneOf?: unknown[]; anyOf?: unknown[]; allOf?: unknown[] }
  const found: string[] = []
  for (const [k, v] of Object.entries(s.properties ?? {})) {
    if (/_ids?$/.test(k) && !NOT_OF_A_TABLE.has(k)) found.push([...path, k].join('.'))
    found.push(...idPaths(v, [...path, k]))
  }
  for (const alt of [...(s.oneOf ?? []), ...(s.anyOf ?? []), ...(s.allOf ?? [])]) found.push(...idPaths(alt, path))
  return [...new Set(found)]
}

/**
 * What a request with several ids is about (its table, form or mail message), and member ids,
 * which count within that table; any other id of such a request is a second way into a table.
 */
const REQUEST_SUBJECT = new Set(['member_table_id', 'form_id', 'member_form_id', 'mail_message_id', 'member_id'])

/** `operation path` for every second id of a request about one table (a condition, an element). */
const secondIds = (Object.keys(operations) as OperationName[])
  .flatMap((name) => {
    const paths = idPaths(operations[name].requestSchema)
    if (paths.length < 2) return []
    return paths.filter((p) => !REQUEST_SUBJECT.has(p.split('.').at(-1)!)).map((p) => `${name} ${p}`)
  })
  .sort()

/** Mail objects of one member table, made by krs-all. */
interface MailObjects {
  /** A normal message no delivery uses. */
  message: number
  /** An agent message no program uses. */
  agentMessage: number
  /** An agent program (weekly, disabled). */
  program: number
  /** A finished delivery with a click count. */
  delivered: number
  clickcount: number
  /** A delivery reserved a month ahead (cancellable). */
  reserved: number
}

/** Objects the bodies refer to, made by krs-all before each case. */
interface Fixture {
  /** A finished export job of member table 1 / 2 (all items), started by krs-all. */
  job1: number
  job2: number
  /** A stored file not imported yet. */
  file: number
  /** Mail objects of member table 1 / 2. */
  mail: Record<1 | 2, MailObjects>
}

/** The e-mail element and a condition of each table (condition 7 is table 2's own). */
const MAIL_TARGET = { 1: { element_id: 4, condition_id: 3 }, 2: { element_id: 102, condition_id: 7 } } as const
const NOW = 1_767_225_600

async function mailObjects(engine: Engine, t: 1 | 2): Promise<MailObjects> {
  const text = { type: 1, from: 'info@example.com', subject: '権限の確認', text_part: '本文\n' }
  const message = await ok<number>(engine, 'add_mail_message', { member_table_id: t, mail_info: text })
  const agentMessage = await ok<number>(engine, 'add_mail_message_for_agent_program', {
    member_table_id: t,
    mail_info: text,
  })
  const programMessage = await ok<number>(engine, 'add_mail_message_for_agent_program', {
    member_table_id: t,
    mail_info: text,
  })
  const program = await ok<number>(engine, 'add_agent_program', {
    mail_message_id: programMessage,
    program_info: {
      title: '権限の確認',
      ...MAIL_TARGET[t],
      delivery_time_info: { type: 2, hour: 10, min: 0, day_of_week: 1 },
    },
  })
  const clicked = await ok<number>(engine, 'add_mail_message', {
    member_table_id: t,
    mail_info: {
      ...text,
      text_part: 'https://www.example.com/a/\n',
      clickcounts: [{ url: 'https://www.example.com/a/' }],
    },
  })
  const now = await clock(engine)
  const delivered = await ok<number>(engine, 'add_delivery_schedule', {
    mail_message_id: clicked,
    delivery_info: { title: '権限の確認', ...MAIL_TARGET[t], delivery_date: now + 60 },
  })
  await advance(engine, 3600)
  const counts = await ok<{ id: number }[]>(engine, 'get_click_counts_for_delivery', { delivery_id: delivered })
  const later = await ok<number>(engine, 'add_mail_message', { member_table_id: t, mail_info: text })
  const reserved = await ok<number>(engine, 'add_delivery_schedule', {
    mail_message_id: later,
    delivery_info: { title: '権限の確認', ...MAIL_TARGET[t], delivery_date: now + 30 * 86400 },
  })
  return { message, agentMessage, program, delivered, clickcount: counts[0]!.id, reserved }
}

async function clock(engine: Engine): Promise<number> {
  const res = await engine.handle(new Request('http://krs.test/__mock/clock'))
  return ((await res.json()) as { now: number }).now
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
  const mail = { 1: await mailObjects(engine, 1), 2: await mailObjects(engine, 2) }
  return { job1, job2, file, mail }
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
  delete_mail_message: (t, f) => ({ message_id: f.mail[t].message }),
  add_delivery_schedule: (t, f) => ({
    mail_message_id: f.mail[t].message,
    delivery_info: { title: '権限の確認', ...MAIL_TARGET[t], delivery_date: NOW + 60 * 86400 },
  }),
  add_test_delivery_schedule: (t, f) => ({
    mail_message_id: f.mail[t].message,
    delivery_info: {
      emails: [t === 1 ? 'yamamoto.14@example.jp' : 'tanaka.1102@i.softbank.jp'],
      prefix: null,
      element_id: MAIL_TARGET[t].element_id,
      delivery_date: null,
    },
  }),
  cancel_delivery_schedule: (t, f) => ({ delivery_id: f.mail[t].reserved }),
  get_delivery_status: (t, f) => ({ delivery_id: f.mail[t].delivered }),
  get_delivery_result: (t, f) => ({ delivery_id: f.mail[t].delivered }),
  get_summary_for_delivery_status: (t, f) => ({ delivery_id: f.mail[t].delivered }),
  get_addresses_for_delivery: (t, f) => ({ delivery_id: f.mail[t].delivered, type: 'valid', offset: 0 }),
  get_click_counts_for_delivery: (t, f) => ({ delivery_id: f.mail[t].delivered }),
  get_click_count_result: (t, f) => ({ clickcount_id: f.mail[t].clickcount, offset: 0 }),
  update_mail_message_for_agent_program: (t, f) => ({
    mail_message_id: f.mail[t].agentMessage,
    mail_info: { type: 1, from: 'info@example.com', subject: '更新', text_part: '本文\n' },
  }),
  delete_mail_message_for_agent_program: (t, f) => ({ mail_message_id: f.mail[t].agentMessage }),
  add_agent_program: (t, f) => ({
    mail_message_id: f.mail[t].agentMessage,
    program_info: {
      title: '権限の確認',
      ...MAIL_TARGET[t],
      delivery_time_info: { type: 2, hour: 10, min: 0, day_of_week: 1 },
    },
  }),
  enable_agent_program: (t, f) => ({ agent_program_id: f.mail[t].program, enable: true }),
  delete_agent_program: (t, f) => ({ agent_program_id: f.mail[t].program }),
  get_mail_message_by_agent_program: (t, f) => ({ agent_program_id: f.mail[t].program }),
  get_delivery_results_by_agent_program: (t, f) => ({
    agent_program_id: f.mail[t].program,
    start_timestamp: 0,
    end_timestamp: NOW + 365 * 86400,
  }),
}

/** Sets `path` (dotted) of a copy of `body` to `value`. */
function withPath(body: Record<string, unknown>, path: string, value: unknown): Record<string, unknown> {
  const copy = structuredClone(body)
  const keys = path.split('.')
  let at = copy
  for (const k of keys.slice(0, -1)) at = at[k] as Record<string, unknown>
  at[keys.at(-1)!] = value
  return copy
}

/** An object of table 2 for each kind of nested id (102 is table 2's e-mail element). */
const TABLE2_OBJECT: Record<string, number> = { condition_id: 7, element_id: 102 }

/**
 * A table-1 body whose nested id is the one to replace with table 2's object; the agent
 * program's date condition is only read for daily programs (delivery_time_info type 1).
 */
function crossBody(op: OperationName, path: string, f: Fixture): Record<string, unknown> {
  let body = bodies[op]!(1, f)
  if (path === 'program_info.delivery_condition_info.element_id') {
    body = withPath(body, 'program_info.delivery_time_info', { type: 1, hour: 9, min: 0 })
    body = withPath(body, 'program_info.delivery_condition_info', {
      pattern: 2,
      element_id: 8,
      offset: 3,
      direction: 4,
      interval_days: 30,
      max_num: 5,
    })
  }
  return withPath(body, path, TABLE2_OBJECT[path.split('.').at(-1)!])
}

let engine: Engine
let fx: Fixture
/**
 * The default tenant's state after the fixture, the same for every case (one seed, a manual
 * clock): read once, as each read of the whole state costs tens of milliseconds.
 */
let before: string | undefined
/** A new engine with the fixture (its export jobs, stored file and mail objects). */
async function freshEngine(): Promise<void> {
  engine = createEngine({ clock: { mode: 'manual', now: NOW } })
  fx = await fixture(engine)
  before ??= state(engine)
}

describe('the operations that name a table (from the contract)', () => {
  it('are the ones this file has a body for', () => {
    expect(tableOperations.length).toBeGreaterThan(30)
    expect(Object.keys(bodies).sort()).toEqual(tableOperations)
  })
})

describe('krs-table1 (member table 1 only) on every door of member table 2', () => {
  // Each case checks that its refused call left the whole state as it was, so the cases share
  // one engine: a refusal that changed anything fails there (and the cases after it).
  beforeAll(freshEngine)
  for (const op of tableOperations) {
    it(`${op}: 403 KR_API_F0014 and nothing changes`, async () => {
      const r = await call(engine, op, bodies[op]!(2, fx), 'krs-table1')
      expect((r.body as { error_code?: string }).error_code, r.text.slice(0, 300)).toBe('KR_API_F0014')
      expect(r.status).toBe(403)
      expect((r.body as { message: string }).message).toContain('member table 2')
      expect(state(engine)).toBe(before)
    })
  }
  it("a call that names the table by its id says so in its message (the check's default way in)", async () => {
    const r = await call(engine, 'get_member_info', { member_table_id: 2, member_id: 1 }, 'krs-table1')
    expect((r.body as { message: string }).message).toBe(
      'member_table_id 2: the account has no access to member table 2',
    )
  })
})

describe('krs-table1 naming a condition or an element of member table 2 in a request about table 1', () => {
  // refused calls that change nothing, as above: one engine
  beforeAll(freshEngine)
  it('the second ids are read from the contract, and each is of a kind with an object of table 2 here', () => {
    for (const door of secondIds)
      expect(Object.keys(TABLE2_OBJECT), door).toContain(door.split('.').at(-1)!.split(' ').at(-1))
    expect(secondIds).toContain('get_member_infos_by_condition condition_id')
    expect(secondIds).toContain('add_delivery_schedule delivery_info.condition_id')
    expect(secondIds).toContain('add_agent_program program_info.delivery_condition_info.element_id')
  })
  for (const door of secondIds) {
    const [op, path] = door.split(' ') as [OperationName, string]
    it(`${door}: 403 KR_API_F0014 and nothing changes`, async () => {
      const r = await call(engine, op, crossBody(op, path, fx), 'krs-table1')
      expect((r.body as { error_code?: string }).error_code, r.text.slice(0, 300)).toBe('KR_API_F0014')
      expect(r.status).toBe(403)
      expect((r.body as { message: string }).message).toContain('member table 2')
      expect(state(engine)).toBe(before)
    })
  }
})

describe('krs-table1 on the same doors of member table 1', () => {
  // answered calls change the state: an engine each
  beforeEach(freshEngine)
  for (const op of tableOperations) {
    it(`${op}: answered`, async () => {
      const r = await call(engine, op, bodies[op]!(1, fx), 'krs-table1')
      expect(r.status, r.text.slice(0, 300)).toBe(200)
    })
  }
})
