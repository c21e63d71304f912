import { parse } from 'csv-parse/sync'
import { beforeEach, describe, expect, it } from 'vitest'
import { createEngine, type Engine } from '../../../src/index.js'
import { advance, call, ok, state } from './rights-calls.js'
import { ENCRYPTED_PLACEHOLDER } from '../../../src/domains/member-db/members/member-view.js'

// krs-noencrypt has every right but the encryption key, and member table 1 has an encrypted
// text element (e_15). That account reads the placeholder and writes nothing to the table,
// through whichever door: members, forms, import, and batch result files.

async function refused(engine: Engine, op: string, body: unknown, token: string, code: string): Promise<string> {
  const before = state(engine)
  const r = await call(engine, op, body, token)
  expect((r.body as { error_code?: string }).error_code, r.text.slice(0, 300)).toBe(code)
  expect(r.status).toBe(403)
  expect(state(engine)).toBe(before)
  return (r.body as { message: string }).message
}

async function finishedExport(engine: Engine, columnsetId: number, token: string): Promise<number> {
  const job = await ok<number>(
    engine,
    'export_members',
    { member_table_id: 1, condition_id: 1, columnset_id: columnsetId, is_csv: true },
    token,
  )
  await advance(engine, 3600)
  return job
}

/** The cells of column `name` of a CSV export, one per member. */
function column(csv: string, name: string): string[] {
  const rows = parse(csv, { columns: true }) as Record<string, string>[]
  expect(rows.length).toBeGreaterThan(0)
  expect(Object.keys(rows[0]!)).toContain(name)
  return rows.map((r) => r[name]!)
}

const SECRET = '暗号化された連絡メモ'

let engine: Engine
let member: number
beforeEach(async () => {
  engine = createEngine({ clock: { mode: 'manual', now: 1_767_225_600 } })
  member = await ok<number>(engine, 'add_member', {
    member_table_id: 1,
    member_info: { e_4: 'secret-holder@example.com', e_6: '秘密 太郎', e_15: SECRET },
  })
})

describe('result files are refused to an account without the key when they hold encrypted text in the clear', () => {
  it("krs-all's export of every item: krs-all reads the value, krs-noencrypt gets KR_API_F0228", async () => {
    const job = await finishedExport(engine, 1, 'krs-all')
    const file = await ok<string>(engine, 'get_batch_job_result', { batch_job_id: job })
    expect(column(file, 'e_15')).toContain(SECRET)
    const message = await refused(
      engine,
      'get_batch_job_result',
      { batch_job_id: job },
      'krs-noencrypt',
      'KR_API_F0228',
    )
    expect(message).toContain(`batch job ${job}`)
  })

  it('a saved tenant from before the result files recorded it is judged the same', async () => {
    const job = await finishedExport(engine, 1, 'krs-all')
    const snapshot = engine.exportTenant(engine.defaultTenant) as unknown as {
      state: { extra: { batch: { jobs: Record<string, { encryptedInClear?: boolean }> } } }
    }
    const saved = snapshot.state.extra.batch.jobs[String(job)]!
    expect(saved.encryptedInClear).toBe(true)
    delete saved.encryptedInClear
    engine.importTenant(engine.defaultTenant, snapshot)
    await refused(engine, 'get_batch_job_result', { batch_job_id: job }, 'krs-noencrypt', 'KR_API_F0228')
    expect(column(await ok<string>(engine, 'get_batch_job_result', { batch_job_id: job }), 'e_15')).toContain(SECRET)
  })

  it("krs-all's export without the encrypted element is fetched by krs-noencrypt", async () => {
    const job = await finishedExport(engine, 2, 'krs-all')
    const file = await ok<string>(engine, 'get_batch_job_result', { batch_job_id: job }, 'krs-noencrypt')
    expect(file.split('\n')[0]).not.toContain('e_15')
    expect(column(file, 'id')).toContain(String(member))
  })

  it("krs-noencrypt's own export holds the placeholder, and anyone with the download right may fetch it", async () => {
    const job = await finishedExport(engine, 1, 'krs-noencrypt')
    for (const token of ['krs-noencrypt', 'krs-all']) {
      const cells = column(await ok<string>(engine, 'get_batch_job_result', { batch_job_id: job }, token), 'e_15')
      expect(new Set(cells)).toEqual(new Set([ENCRYPTED_PLACEHOLDER]))
    }
  })
})

describe('krs-noencrypt writes nothing to a table with encrypted text, through any door', () => {
  it('add_member and update_member (the member operations) answer KR_API_F0228', async () => {
    await refused(
      engine,
      'add_member',
      { member_table_id: 1, member_info: { e_4: 'noenc@example.com', e_6: '鍵 なし' } },
      'krs-noencrypt',
      'KR_API_F0228',
    )
    await refused(
      engine,
      'update_member',
      { member_table_id: 1, member_id: member, member_info: { e_6: '鍵 なし' } },
      'krs-noencrypt',
      'KR_API_F0228',
    )
  })

  it('do_member_form_action on the registration and update forms answers the same', async () => {
    await refused(
      engine,
      'do_member_form_action',
      {
        member_form_id: 16,
        member_id: 0,
        member_info: { e_91: 'noenc-form@example.com', e_92: 'Passw0rd1', e_94: '鍵 なし' },
      },
      'krs-noencrypt',
      'KR_API_F0228',
    )
    await refused(
      engine,
      'do_member_form_action',
      { member_form_id: 22, member_id: member, member_info: { e_325: '鍵 なし' } },
      'krs-noencrypt',
      'KR_API_F0228',
    )
  })

  it('import_members answers the same', async () => {
    const file = await ok<number>(engine, 'upload_stored_files', {
      file_name: 'noenc.csv',
      body: 'e_4,e_6\nnoenc-import@example.com,鍵 なし\n',
    })
    await refused(
      engine,
      'import_members',
      { member_table_id: 1, stored_file_id: file, is_update: 0 },
      'krs-noencrypt',
      'KR_API_F0228',
    )
  })
})

describe('krs-noencrypt reads the placeholder through every door that shows a member', () => {
  it('get_member_info and the update form read the placeholder; krs-all reads the value', async () => {
    const info = await ok<Record<string, unknown>>(
      engine,
      'get_member_info',
      { member_table_id: 1, member_id: member },
      'krs-noencrypt',
    )
    expect(info.e_15).toBe(ENCRYPTED_PLACEHOLDER)
    const viaForm = await ok<Record<string, unknown>>(
      engine,
      'get_member_info_for_update',
      { member_form_id: 22, member_id: member },
      'krs-noencrypt',
    )
    expect(JSON.stringify(viaForm)).not.toContain(SECRET)
    const asAll = await ok<Record<string, unknown>>(engine, 'get_member_info_for_update', {
      member_form_id: 22,
      member_id: member,
    })
    expect(JSON.stringify(asAll)).toContain(SECRET)
  })
})
