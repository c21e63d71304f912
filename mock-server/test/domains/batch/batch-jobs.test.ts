import { parse } from 'csv-parse/sync'
import { expect, it } from 'vitest'
import { batchResultContentType } from '../../../src/domains/batch/operations.js'
import { advance, expectError, expectOk, runServicesSuite, stateOf } from '../../support/services-doors.js'
import type { DoorTarget } from '../../support/run-on-every-door.js'

async function exportJob(t: DoorTarget, body: Record<string, unknown> = {}, token = 'krs-all') {
  return t.call<number>('export_members', { member_table_id: 1, condition_id: 1, columnset_id: 1, ...body }, token)
}

async function finished(t: DoorTarget, id: number): Promise<string> {
  await advance(t, 3600)
  const r = await t.call<string>('get_batch_job_result', { batch_job_id: id })
  expect(r.status, String(r.body)).toBe(200)
  return r.body
}

runServicesSuite(
  'batch jobs: export',
  (t) => {
    it('exports every member as CSV with a header of column names, after the job finishes', async () => {
      const id = expectOk(await exportJob(t))
      const running = expectOk(
        await t.call<{ progress: number; operation: string; start_date: number; upload_date: null }>(
          'get_batch_job_status',
          { batch_job_id: id },
        ),
      )
      expect(running).toMatchObject({ progress: 0, operation: 'export', upload_date: null })
      const text = await finished(t, id)
      const rows = parse(text) as string[][]
      expect(rows[0]!.slice(0, 5)).toEqual(['id', 'e_1', 'e_2', 'e_3', 'e_4'])
      expect(rows.length - 1).toBe(stateOf(t).memberDb.tables.get(1)!.members.count)
      const status = expectOk(await t.call<{ progress: number }>('get_batch_job_status', { batch_job_id: id }))
      expect(status.progress).toBe(100)
      // hashed passwords read back masked
      expect(rows[1]![rows[0]!.indexOf('e_5')]).toBe('******')
    })

    it('reports progress on the engine clock while running and refuses the result (KR_API_F0305)', async () => {
      const id = expectOk(await exportJob(t))
      await advance(t, 5)
      const mid = expectOk(await t.call<{ progress: number }>('get_batch_job_status', { batch_job_id: id }))
      expect(mid.progress).toBeGreaterThan(0)
      expect(mid.progress).toBeLessThan(100)
      expectError(await t.call('get_batch_job_result', { batch_job_id: id }), 'KR_API_F0305')
    })

    it('exports TSV when is_csv is false, by condition and column set', async () => {
      const id = expectOk(await exportJob(t, { is_csv: false, condition_id: 3, columnset_id: 2 }))
      const text = await finished(t, id)
      expect(batchResultContentType(stateOf(t), id)).toBe('text/tab-separated-values')
      const rows = parse(text, { delimiter: '\t' }) as string[][]
      expect(rows[0]).toEqual(stateOf(t).batch!.columnSets['2']!.columns)
      const count = expectOk(
        await t.call<number>('get_members_num_by_condition', { member_table_id: 1, condition_id: 3 }),
      )
      expect(rows.length - 1).toBe(count)
    })

    it('refuses a column set not set for download (KR_API_F0218) and unknown ones (KR_API_F0005)', async () => {
      expectError(await exportJob(t, { columnset_id: 3 }), 'KR_API_F0218')
      expectError(await exportJob(t, { columnset_id: 99 }), 'KR_API_F0005')
    })

    it('runs one import or export at a time: any second job answers KR_API_F0205', async () => {
      expectOk(await exportJob(t))
      expectError(await exportJob(t, { member_table_id: 2 }), 'KR_API_F0205')
      expectError(await exportJob(t, {}, 'krs-noencrypt'), 'KR_API_F0205')
      expectError(await exportJob(t, { member_table_id: 2 }, 'krs-noencrypt'), 'KR_API_F0205')
      await advance(t, 3600)
      expectOk(await exportJob(t, { member_table_id: 2 }))
    })

    it('refuses a database locked through the API by another user (KR_API_F0013)', async () => {
      expect(expectOk(await t.call('lock_database', { member_table_id: 1 }, 'krs-noencrypt'))).toBe(true)
      expectError(await exportJob(t), 'KR_API_F0013')
      expectOk(await exportJob(t, {}, 'krs-noencrypt'))
    })

    it('keeps results 7 days (KR_API_F0306 after) and needs the download right (KR_API_F0307)', async () => {
      const id = expectOk(await exportJob(t))
      await finished(t, id)
      expect(stateOf(t).audit.some((a) => a.action === 'download_batch_result')).toBe(true)
      stateOf(t).accounts.get(1)!.resultDownload = false
      expectError(await t.call('get_batch_job_result', { batch_job_id: id }), 'KR_API_F0307')
      stateOf(t).accounts.get(1)!.resultDownload = true
      await advance(t, 7 * 86400)
      expectError(await t.call('get_batch_job_result', { batch_job_id: id }), 'KR_API_F0306')
      expectError(await t.call('get_batch_job_status', { batch_job_id: 9999 }), 'KR_API_F0005')
    })

    it('a running job survives a snapshot export and import (JSON) and finishes after it', async () => {
      const id = expectOk(await exportJob(t, { condition_id: 2 }))
      const snap = JSON.parse(JSON.stringify(t.engine.exportTenant(t.engine.defaultTenant))) as unknown
      t.engine.importTenant(t.engine.defaultTenant, snap)
      expectError(await t.call('get_batch_job_result', { batch_job_id: id }), 'KR_API_F0305')
      const text = await finished(t, id)
      const count = expectOk(
        await t.call<number>('get_members_num_by_condition', { member_table_id: 1, condition_id: 2 }),
      )
      expect(text.trimEnd().split('\n').length - 1).toBe(count)
    })

    it('refuses a condition with an encrypted text element (KR_API_F0229)', async () => {
      const cond = expectOk(
        await t.call<number>('add_condition', {
          member_table_id: 1,
          condition_info: { title: 'x', grouping: true, conditions: { e_6: [5, { value: '山' }] } },
        }),
      )
      stateOf(t).memberDb.conditions.get(cond)!.info.conditions = { e_15: [20, {}] }
      expectError(await exportJob(t, { condition_id: cond }), 'KR_API_F0229')
    })
  },
  40,
)
