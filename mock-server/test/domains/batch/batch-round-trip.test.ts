import { parse } from 'csv-parse/sync'
import { stringify } from 'csv-stringify/sync'
import { expect, it } from 'vitest'
import { advance, expectError, expectOk, runServicesSuite } from '../../support/services-doors.js'

/**
 * The round trip a user runs to edit members in bulk: export 10,000 members as CSV, change
 * some rows, upload the file, import it with mode 1, and every change is visible through
 * get_member_info; importing the same file id again is refused (KR_API_F0206).
 */
runServicesSuite(
  'batch round trip (10,000 members)',
  (t) => {
    it('export → edit → upload → import mode 1 → changes visible; the same file twice is KR_API_F0206', async () => {
      const exportId = expectOk(
        await t.call<number>('export_members', { member_table_id: 1, condition_id: 1, columnset_id: 1, is_csv: true }),
      )
      await advance(t, 3600)
      const exported = await t.call<string>('get_batch_job_result', { batch_job_id: exportId })
      expect(exported.status).toBe(200)
      const rows = parse(exported.body) as string[][]
      expect(rows.length).toBe(10_001)
      const header = rows[0]!
      const col = (k: string) => header.indexOf(k)
      const changed = new Map<number, { name: string; points: string; interests: string }>()
      for (let i = 1; i <= 10_000; i += 397) {
        const row = rows[i]!
        const v = { name: `変更 太郎${i}`, points: String(1000 + i), interests: i % 2 ? '1,3' : '2' }
        row[col('e_6')] = v.name
        row[col('e_19')] = v.points
        row[col('e_13')] = v.interests
        changed.set(Number(row[col('id')]), v)
      }
      const body = stringify(rows)
      const fileId = expectOk(await t.call<number>('upload_stored_files', { file_name: 'round-trip.csv', body }))
      const importId = expectOk(
        await t.call<number>('import_members', {
          member_table_id: 1,
          stored_file_id: fileId,
          is_update: 1,
          override_options: { e_6: 'normal', e_19: 'force', e_13: 'force' },
        }),
      )
      await advance(t, 3600)
      const status = expectOk(await t.call<{ progress: number }>('get_batch_job_status', { batch_job_id: importId }))
      expect(status.progress).toBe(100)
      const report = parse((await t.call<string>('get_batch_job_result', { batch_job_id: importId })).body, {
        relax_column_count: true,
      }) as string[][]
      expect(report.at(-1)![2]).toBe('登録 0件 / 更新 10000件 / エラー 0件')
      for (const [id, v] of changed) {
        const m = expectOk(
          await t.call<Record<string, unknown>>('get_member_info', { member_table_id: 1, member_id: id }),
        )
        expect(m.e_6).toBe(v.name)
        expect(m.e_19).toBe(Number(v.points))
        expect(m.e_13).toEqual(v.interests.split(',').map(Number))
      }
      // an unchanged member keeps its values
      const untouched = Number(rows[2]![col('id')])
      const m = expectOk(
        await t.call<Record<string, unknown>>('get_member_info', { member_table_id: 1, member_id: untouched }),
      )
      expect(m.e_6).toBe(rows[2]![col('e_6')])
      expectError(
        await t.call('import_members', { member_table_id: 1, stored_file_id: fileId, is_update: 1 }),
        'KR_API_F0206',
      )
    }, 120_000)
  },
  10_000,
)
