import { expect, it } from 'vitest'
import { runOnEveryDoor, type DoorTarget } from '../../support/run-on-every-door.js'

// get_batch_job_result answers the file itself, with the content type of the export's format.

async function exported(t: DoorTarget, isCsv: boolean): Promise<Response> {
  const r = await t.call<number>('export_members', {
    member_table_id: 1,
    condition_id: 1,
    columnset_id: 2,
    is_csv: isCsv,
  })
  expect(r.status, JSON.stringify(r.body)).toBe(200)
  expect((await t.admin('POST', 'clock', { advance_seconds: 3600 })).status).toBe(200)
  return t.fetch('/api/v1/get_batch_job_result', {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: 'Bearer krs-all' },
    body: JSON.stringify({ batch_job_id: r.body }),
  })
}

runOnEveryDoor(
  'get_batch_job_result content type',
  (t) => {
    it('a CSV export is text/csv; charset=utf-8', async () => {
      const res = await exported(t, true)
      expect(res.status).toBe(200)
      expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8')
      expect((await res.text()).split('\n')[0]).toContain(',')
    })

    it('a TSV export is text/tab-separated-values; charset=utf-8', async () => {
      const res = await exported(t, false)
      expect(res.status).toBe(200)
      expect(res.headers.get('content-type')).toBe('text/tab-separated-values; charset=utf-8')
      const header = (await res.text()).split('\n')[0]!
      expect(header).toContain('\t')
      expect(header).not.toContain(',')
    })
  },
  { engine: { members: 20 } },
)
