import { parse } from 'csv-parse/sync'
import { expect, it } from 'vitest'
import { advance, expectOk, runServicesSuite } from '../../support/services-doors.js'
import type { DoorTarget } from '../../support/run-on-every-door.js'

// "Auto for a password generates the value" also when an import updates (modes 1–3).

async function importRows(t: DoorTarget, body: string, opts: Record<string, unknown>): Promise<string[][]> {
  const fileId = expectOk(await t.call<number>('upload_stored_files', { file_name: 'members.csv', body }))
  const id = expectOk(await t.call<number>('import_members', { member_table_id: 1, stored_file_id: fileId, ...opts }))
  await advance(t, 3600)
  const r = await t.call<string>('get_batch_job_result', { batch_job_id: id })
  expect(r.status).toBe(200)
  return parse(r.body, { relax_column_count: true }) as string[][]
}

const password = async (t: DoorTarget, id: number) =>
  expectOk(await t.call<Record<string, unknown>>('get_member_info', { member_table_id: 1, member_id: id })).e_24

runServicesSuite('import override auto generates a password for a blank cell on update', (t) => {
  it('modes 1, 2 and 3: auto generates, normal keeps, a given value is used', async () => {
    const m = expectOk(await t.call<Record<string, unknown>>('get_member_info', { member_table_id: 1, member_id: 1 }))
    const email = String(m.e_4)
    let last = m.e_24
    for (const [mode, extra] of [
      [1, {}],
      [2, {}],
      [3, { e_4: 'key' }],
    ] as const) {
      const rows = await importRows(t, `e_4,e_24\n${email},\n`, {
        is_update: mode,
        override_options: { e_24: 'auto', ...extra },
      })
      expect(rows[1]![2], `mode ${mode}: ${rows[1]!.join(',')}`).toBe('更新')
      const now = await password(t, 1)
      expect(typeof now).toBe('string')
      expect((now as string).length).toBeGreaterThanOrEqual(6)
      expect(now, `mode ${mode}`).not.toBe(last)
      last = now
    }
    // the default of modes 1-3 is auto too
    await importRows(t, `e_4,e_24\n${email},\n`, { is_update: 1 })
    expect(await password(t, 1)).not.toBe(last)
    last = await password(t, 1)
    // normal skips the blank cell: the password stays
    await importRows(t, `e_4,e_24\n${email},\n`, { is_update: 1, override_options: { e_24: 'normal' } })
    expect(await password(t, 1)).toBe(last)
    // a value in the cell is stored as given
    await importRows(t, `e_4,e_24\n${email},abc123\n`, { is_update: 1, override_options: { e_24: 'auto' } })
    expect(await password(t, 1)).toBe('abc123')
  })
})
