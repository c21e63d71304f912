import { expect, it } from 'vitest'
import { advance, expectError, expectOk, runServicesSuite, stateOf } from '../../support/services-doors.js'

const b64 = (s: string) => Buffer.from(s, 'utf8').toString('base64')

runServicesSuite('upload_stored_files', (t) => {
  it('stores a UTF-8 text file and answers a bare integer id; writes an audit entry', async () => {
    const r = await t.call('upload_stored_files', {
      file_name: 'upload.csv',
      body: 'e_4,e_6\nfoo@example.com,山田 太郎\n',
    })
    const id = expectOk(r)
    expect(Number.isInteger(id)).toBe(true)
    const file = stateOf(t).storedFiles!.files[String(id)]!
    expect(file).toMatchObject({ fileName: 'upload.csv', body: 'e_4,e_6\nfoo@example.com,山田 太郎\n', base64: false })
    expect(stateOf(t).audit.at(-1)).toMatchObject({ action: 'upload_stored_file', detail: { stored_file_id: id } })
  })

  it('accepts the older Base64 form and decodes it', async () => {
    const text = 'e_4,e_6\nfoo@example.com,山田 太郎\n'
    const id = expectOk(await t.call<number>('upload_stored_files', { file_name: 'upload.tsv', body: b64(text) }))
    expect(stateOf(t).storedFiles!.files[String(id)]).toMatchObject({ body: text, base64: true })
    // text that merely looks like Base64 but does not decode to UTF-8 stays text
    const id2 = expectOk(await t.call<number>('upload_stored_files', { file_name: 'a.txt', body: '////' }))
    expect(stateOf(t).storedFiles!.files[String(id2)]).toMatchObject({ body: '////', base64: false })
  })

  it('accepts only .txt, .tsv and .csv (KR_API_F0219)', async () => {
    for (const name of ['a.TXT', 'b.tsv', 'c.csv'])
      expectOk(await t.call('upload_stored_files', { file_name: name, body: 'x\n' }))
    for (const name of ['a.xlsx', 'b.csv.zip', 'noext'])
      expectError(await t.call('upload_stored_files', { file_name: name, body: 'x\n' }), 'KR_API_F0219')
  })

  // a body of 50 MB or more (KR_API_F0004): files-limit.slow.test.ts (`npm run test:slow`)
})

runServicesSuite('delete_members and delete_members_by_condition', (t) => {
  const count = async (conditions: Record<string, unknown>, grouping = true) =>
    expectOk(
      await t.call<number>('get_members_num_by_oneshot_condition', {
        member_table_id: 1,
        condition_info: { grouping, conditions },
      }),
    )

  it('deletes the members matching the additional condition, answers the count, writes the audit log', async () => {
    const cond = { e_9: [2, { values: [2] }], e_16: [11, {}] }
    const expected = await count(cond, true)
    expect(expected).toBeGreaterThan(0)
    const before = await count({})
    const n = expectOk(
      await t.call<number>('delete_members', {
        member_table_id: 1,
        password: 'admin-password',
        grouping: true,
        additional_condition: cond,
      }),
    )
    expect(n).toBe(expected)
    expect(await count({})).toBe(before - n)
    expect(await count(cond, true)).toBe(0)
    expect(stateOf(t).audit.at(-1)).toMatchObject({ action: 'delete_members', detail: { deleted: n } })
  }, 60_000)

  it('OR-grouping deletes the union', async () => {
    const cond = { e_9: [2, { values: [1] }], e_14: [13, { values: [4] }] }
    const expected = await count(cond, false)
    expect(
      expectOk(
        await t.call('delete_members', {
          member_table_id: 1,
          password: 'admin-password',
          grouping: false,
          additional_condition: cond,
        }),
      ),
    ).toBe(expected)
  })

  it('checks the password of the token account (KR_API_F0004) and changes nothing', async () => {
    const before = await count({})
    expectError(
      await t.call('delete_members', {
        member_table_id: 1,
        password: 'wrong',
        grouping: true,
        additional_condition: {},
      }),
      'KR_API_F0004',
    )
    expectError(
      await t.call(
        'delete_members_by_condition',
        { member_table_id: 1, password: 'admin-password', condition_id: 1 },
        'krs-noencrypt',
      ),
      'KR_API_F0004',
    )
    expect(await count({})).toBe(before)
  })

  it('deletes by a saved condition (F0005 unknown, F0007 other table) even without the encryption-key permission', async () => {
    const expected = expectOk(
      await t.call<number>('get_members_num_by_condition', { member_table_id: 1, condition_id: 5 }),
    )
    expect(
      expectOk(
        await t.call(
          'delete_members_by_condition',
          { member_table_id: 1, password: 'noencrypt-password', condition_id: 5 },
          'krs-noencrypt',
        ),
      ),
    ).toBe(expected)
    expectError(
      await t.call('delete_members_by_condition', {
        member_table_id: 1,
        password: 'admin-password',
        condition_id: 999,
      }),
      'KR_API_F0005',
    )
    expectError(
      await t.call('delete_members_by_condition', { member_table_id: 1, password: 'admin-password', condition_id: 7 }),
      'KR_API_F0007',
    )
  })

  it('refuses conditions on encrypted text (F0229) and a running batch job (F0016, F0017), not an API lock', async () => {
    expectError(
      await t.call('delete_members', {
        member_table_id: 1,
        password: 'admin-password',
        grouping: true,
        additional_condition: { e_15: [20, {}] },
      }),
      'KR_API_F0229',
    )
    expectOk(await t.call('lock_database', { member_table_id: 2 }, 'krs-noencrypt'))
    // an API lock restricts only export and import by other accounts
    expect(
      typeof expectOk(
        await t.call('delete_members', {
          member_table_id: 2,
          password: 'admin-password',
          grouping: true,
          additional_condition: {},
        }),
      ),
    ).toBe('number')
    expectOk(await t.call('export_members', { member_table_id: 1, condition_id: 1, columnset_id: 1 }, 'krs-noencrypt'))
    expectError(
      await t.call('delete_members', {
        member_table_id: 1,
        password: 'admin-password',
        grouping: true,
        additional_condition: {},
      }),
      'KR_API_F0016',
    )
    expectError(
      await t.call('delete_members', {
        member_table_id: 3,
        password: 'admin-password',
        grouping: true,
        additional_condition: {},
      }),
      'KR_API_F0017',
    )
    await advance(t, 3600)
    expect(
      expectOk(
        await t.call<number>('delete_members', {
          member_table_id: 3,
          password: 'admin-password',
          grouping: true,
          additional_condition: {},
        }),
      ),
    ).toBe(20)
  })
})
