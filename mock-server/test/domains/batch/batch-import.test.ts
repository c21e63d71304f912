import { parse } from 'csv-parse/sync'
import { expect, it } from 'vitest'
import { advance, expectError, expectOk, runServicesSuite, stateOf } from '../../support/services-doors.js'
import type { DoorTarget } from '../../support/run-on-every-door.js'

async function upload(t: DoorTarget, body: string, name = 'members.csv'): Promise<number> {
  return expectOk(await t.call<number>('upload_stored_files', { file_name: name, body }))
}

/** Upload, import, let the job finish; answers the result rows. */
async function importFile(
  t: DoorTarget,
  body: string,
  opts: Record<string, unknown>,
  table = 3,
  name = 'members.csv',
): Promise<string[][]> {
  const fileId = await upload(t, body, name)
  const id = expectOk(
    await t.call<number>('import_members', { member_table_id: table, stored_file_id: fileId, ...opts }),
  )
  await advance(t, 3600)
  const status = expectOk(
    await t.call<{ progress: number; operation: string; upload_date: number }>('get_batch_job_status', {
      batch_job_id: id,
    }),
  )
  expect(status).toMatchObject({ progress: 100, operation: 'import' })
  const r = await t.call<string>('get_batch_job_result', { batch_job_id: id })
  expect(r.status).toBe(200)
  return parse(r.body, { relax_column_count: true }) as string[][]
}

async function member(t: DoorTarget, table: number, id: number) {
  return expectOk(await t.call<Record<string, unknown>>('get_member_info', { member_table_id: table, member_id: id }))
}

runServicesSuite(
  'batch jobs: import',
  (t) => {
    it('mode 0 registers new rows; empty rows and duplicates are errors in the result file', async () => {
      const existing = (await member(t, 3, 1)).e_202 as string
      const rows = await importFile(t, `e_202,e_203\nnew1@example.com,理由A\n,\n${existing},重複\n`, { is_update: 0 })
      expect(rows[0]).toEqual(['行番号', '会員ID', '結果', '内容'])
      expect(rows[1]![2]).toBe('登録')
      expect(rows[2]).toEqual(['3', '', 'エラー', expect.stringContaining('空')])
      expect(rows[3]![2]).toBe('エラー')
      expect(rows.at(-1)![2]).toBe('登録 1件 / 更新 0件 / エラー 2件')
      const added = await member(t, 3, Number(rows[1]![1]))
      expect(added).toMatchObject({ e_202: 'new1@example.com', e_203: '理由A' })
      expect(added.batch_date).not.toBeNull()
      expect(added.upload_date).not.toBeNull()
    })

    it('mode 1 updates by the unique key with per-element options (none keeps, normal skips blanks, force clears)', async () => {
      const m1 = await member(t, 3, 1)
      const m2 = await member(t, 3, 2)
      const before = m1.e_203
      let rows = await importFile(t, `e_202,e_203\n${String(m1.e_202)},新しい理由\nadded@example.com,追加\n`, {
        is_update: 1,
      })
      expect(rows.slice(1, 3).map((r) => r[2])).toEqual(['更新', '登録'])
      expect((await member(t, 3, 1)).e_203).toBe(before)
      rows = await importFile(t, `e_202,e_203\n${String(m1.e_202)},新しい理由\n${String(m2.e_202)},\n`, {
        is_update: true,
        override_options: { e_203: 'normal' },
      })
      expect((await member(t, 3, 1)).e_203).toBe('新しい理由')
      expect((await member(t, 3, 2)).e_203).toBe(m2.e_203)
      await importFile(t, `e_202,e_203\n${String(m2.e_202)},\n`, { is_update: 1, override_options: { e_203: 'force' } })
      expect((await member(t, 3, 2)).e_203).toBeNull()
    })

    it('mode 2 updates only; mode 3 matches on the elements marked key', async () => {
      const m1 = await member(t, 3, 1)
      let rows = await importFile(t, `e_202,e_203\nnobody@example.com,x\n${String(m1.e_202)},モード2\n`, {
        is_update: 2,
        override_options: { e_203: 'force' },
      })
      expect(rows.slice(1, 3).map((r) => r[2])).toEqual(['エラー', '更新'])
      expect((await member(t, 3, 1)).e_203).toBe('モード2')
      rows = await importFile(t, `e_202,e_203\n${String(m1.e_202)},モード3\n`, {
        is_update: 3,
        override_options: { e_202: 'key', e_203: 'force' },
      })
      expect(rows[1]![2]).toBe('更新')
      expect((await member(t, 3, 1)).e_203).toBe('モード3')
    })

    it('merge adds options of a multi-select element', async () => {
      const m = await member(t, 1, 1)
      const before = m.e_13 as number[]
      const add = [1, 2, 3, 4, 5, 6, 7, 8].find((o) => !before.includes(o))!
      await importFile(
        t,
        `e_4,e_13\n${String(m.e_4)},${add}\n`,
        { is_update: 1, override_options: { e_13: 'merge' } },
        1,
      )
      expect((await member(t, 1, 1)).e_13).toEqual([...new Set([...before, add])].sort((a, b) => a - b))
    })

    it('refuses unknown option keys (F0203), disallowed values (F0204), mode 3 without key (F0231), modes 1-2 without unique key (F0009)', async () => {
      const fileId = await upload(t, 'e_202\nx@example.com\n')
      const call = (body: Record<string, unknown>) =>
        t.call('import_members', { member_table_id: 3, stored_file_id: fileId, ...body })
      expectError(await call({ is_update: 1, override_options: { e_999: 'none' } }), 'KR_API_F0203')
      expectError(await call({ is_update: 1, override_options: { e_202: 'normal' } }), 'KR_API_F0204')
      expectError(await call({ is_update: 0, override_options: { e_203: 'merge' } }), 'KR_API_F0204')
      expectError(await call({ is_update: 3 }), 'KR_API_F0231')
      stateOf(t)
        .memberDb.tables.get(3)!
        .elements.find((e) => e.id === 202)!.unique = false
      expectError(await call({ is_update: 1 }), 'KR_API_F0009')
      expectError(await call({ is_update: 2 }), 'KR_API_F0009')
      expectOk(await call({ is_update: 0 }))
    })

    it('imports a file only once (KR_API_F0206) and unknown files are KR_API_F0005', async () => {
      const fileId = await upload(t, 'e_202\nonce@example.com\n')
      expectOk(await t.call('import_members', { member_table_id: 3, stored_file_id: fileId }))
      await advance(t, 3600)
      expectError(await t.call('import_members', { member_table_id: 3, stored_file_id: fileId }), 'KR_API_F0206')
      expectError(await t.call('import_members', { member_table_id: 3, stored_file_id: 4242 }), 'KR_API_F0005')
    })

    it('refuses an import into a table with encrypted text without the key permission (KR_API_F0228)', async () => {
      const fileId = expectOk(
        await t.call<number>(
          'upload_stored_files',
          { file_name: 'a.csv', body: 'e_4\nz@example.com\n' },
          'krs-noencrypt',
        ),
      )
      expectError(
        await t.call('import_members', { member_table_id: 1, stored_file_id: fileId }, 'krs-noencrypt'),
        'KR_API_F0228',
      )
    })

    it('reports invalid values per row and reads TSV files', async () => {
      const rows = await importFile(
        t,
        'e_4\te_6\te_19\tunknown\nok@example.com\t名前\t10\tx\nbad@example.com\t名前\tabc\tx\n',
        { is_update: 0 },
        1,
        'members.tsv',
      )
      const file = rows
      expect(file[1]![2]).toBe('登録')
      expect(file[2]![2]).toBe('エラー')
      expect(file[2]![3]).toContain('e_19')
      expect(file.some((r) => r[2] === '注意' && r[3]!.includes('unknown'))).toBe(true)
    })
  },
  30,
)
