import { expect, it } from 'vitest'
import { runOnEveryDoor, type CallResult, type DoorTarget } from '../../support/run-on-every-door.js'

// Rules of the public documentation on every door: privilege codes, agent program shapes,
// ids of another database, the API lock, one import or export at a time.

type Err = { error_code: string; message?: string }

function expectCode(r: CallResult<unknown>, code: string, status = 400): Err {
  expect((r.body as Err).error_code, JSON.stringify(r.body)).toBe(code)
  expect(r.status).toBe(status)
  return r.body as Err
}

function ok<T>(r: CallResult<T>): T {
  expect(r.status, JSON.stringify(r.body)).toBe(200)
  return r.body
}

const oneshot = { grouping: true, conditions: {} }

runOnEveryDoor('privilege codes F0019 / F0020', (t: DoorTarget) => {
  it('a work-only account searching by oneshot condition answers KR_API_F0020', async () => {
    expectCode(
      await t.call('get_members_num_by_oneshot_condition', { member_table_id: 1, condition_info: oneshot }, 'krs-work'),
      'KR_API_F0020',
      403,
    )
    const r = expectCode(
      await t.call(
        'get_member_infos_by_oneshot_condition',
        { member_table_id: 1, condition_info: oneshot, offset: 0, sort_key: 0, order: true },
        'krs-operation',
      ),
      'KR_API_F0020',
      403,
    )
    expect(r.message).toContain('member_data_search')
    // the member-data-search permission alone is enough
    expect(
      typeof ok(
        await t.call(
          'get_members_num_by_oneshot_condition',
          { member_table_id: 1, condition_info: oneshot },
          'krs-search',
        ),
      ),
    ).toBe('number')
  })

  it('the five calls on saved conditions answer KR_API_F0019 to an account without the right', async () => {
    expectCode(
      await t.call(
        'add_condition',
        { member_table_id: 1, condition_info: { title: 'x', ...oneshot } },
        'krs-operation',
      ),
      'KR_API_F0019',
      403,
    )
    expectCode(await t.call('delete_condition', { condition_id: 2 }, 'krs-reference'), 'KR_API_F0019', 403)
    expectCode(await t.call('get_conditions', { member_table_id: 1 }, 'krs-operation'), 'KR_API_F0019', 403)
    expectCode(
      await t.call(
        'get_member_infos_by_condition',
        { member_table_id: 1, condition_id: 1, offset: 0, sort_key: 0, order: true },
        'krs-work',
      ),
      'KR_API_F0019',
      403,
    )
    expectCode(
      await t.call('get_members_num_by_condition', { member_table_id: 1, condition_id: 1 }, 'krs-work'),
      'KR_API_F0019',
      403,
    )
    // other calls keep the generic code
    expectCode(await t.call('get_member_info', { member_table_id: 1, member_id: 1 }, 'krs-work'), 'KR_API_F0014', 403)
  })
})

runOnEveryDoor('agent program shapes report the real reason', (t: DoorTarget) => {
  const program = (delivery_time_info: Record<string, unknown>) => ({
    mail_message_id: 1,
    program_info: { title: '定期配信', condition_id: 1, element_id: 4, delivery_time_info },
  })

  it('a missing key of the chosen shape is KR_API_F0006 naming that key', async () => {
    const weekly = expectCode(await t.call('add_agent_program', program({ type: 2, hour: 9, min: 0 })), 'KR_API_F0006')
    expect(weekly.message).toBe('/program_info/delivery_time_info/day_of_week is required (required)')
    const monthly = expectCode(await t.call('add_agent_program', program({ type: 3, hour: 9, min: 0 })), 'KR_API_F0006')
    expect(monthly.message).toBe('/program_info/delivery_time_info/day is required (required)')
    const hour = expectCode(
      await t.call('add_agent_program', program({ type: 2, min: 0, day_of_week: 1 })),
      'KR_API_F0006',
    )
    expect(hour.message).toBe('/program_info/delivery_time_info/hour is required (required)')
  })

  it('an out-of-range value is KR_API_F0004 naming the value', async () => {
    const dow = expectCode(
      await t.call('add_agent_program', program({ type: 2, hour: 9, min: 0, day_of_week: 7 })),
      'KR_API_F0004',
    )
    expect(dow.message).toMatch(/^\/program_info\/delivery_time_info\/day_of_week .*\(enum\); got 7$/)
    const day = expectCode(
      await t.call('add_agent_program', program({ type: 3, hour: 9, min: 0, day: 40 })),
      'KR_API_F0004',
    )
    expect(day.message).toBe('/program_info/delivery_time_info/day must be <= 31 (maximum); got 40')
    const min = expectCode(
      await t.call('add_agent_program', program({ type: 2, hour: 9, min: 7, day_of_week: 1 })),
      'KR_API_F0004',
    )
    expect(min.message).toBe('/program_info/delivery_time_info/min must be multiple of 5 (multipleOf); got 7')
  })
})

runOnEveryDoor("another database's ids answer KR_API_F0007", (t: DoorTarget) => {
  it('sort_key naming an element of another member table', async () => {
    const r = expectCode(
      await t.call('get_member_infos_by_oneshot_condition', {
        member_table_id: 1,
        condition_info: oneshot,
        offset: 0,
        sort_key: 102,
        order: true,
      }),
      'KR_API_F0007',
    )
    expect(r.message).toContain('member table 2')
    expectCode(
      await t.call('get_member_infos_by_condition', {
        member_table_id: 1,
        condition_id: 1,
        offset: 0,
        sort_key: 104,
        order: true,
      }),
      'KR_API_F0007',
    )
    // an id that no table has stays F0005
    expectCode(
      await t.call('get_member_infos_by_condition', {
        member_table_id: 1,
        condition_id: 1,
        offset: 0,
        sort_key: 999,
        order: true,
      }),
      'KR_API_F0005',
    )
  })

  it('add_member / update_member / lookup_member_id with an element of another table, and nothing changes', async () => {
    const before = ok(await t.call<number>('get_members_num_by_condition', { member_table_id: 1, condition_id: 1 }))
    const add = expectCode(
      await t.call('add_member', {
        member_table_id: 1,
        member_info: { e_4: 'f7@example.com', e_6: '氏名', e_104: '別' },
      }),
      'KR_API_F0007',
    )
    expect(add.message).toBe('member_info.e_104 is an element of member table 2, not 1')
    expect(ok(await t.call<number>('get_members_num_by_condition', { member_table_id: 1, condition_id: 1 }))).toBe(
      before,
    )
    expectCode(
      await t.call('update_member', { member_table_id: 1, member_id: 1, member_info: { e_202: 'x@example.com' } }),
      'KR_API_F0007',
    )
    expectCode(
      await t.call('lookup_member_id', { member_table_id: 1, member_info: { e_102: 'x@example.com' } }),
      'KR_API_F0007',
    )
    // an element that exists nowhere is still a data error of the member (F0116)
    expectCode(
      await t.call('update_member', { member_table_id: 1, member_id: 1, member_info: { e_999: 'x' } }),
      'KR_API_F0116',
    )
  })
})

runOnEveryDoor('the API lock restricts only export and import', (t: DoorTarget) => {
  it('other accounts still add, update and delete members and run forms; export and import are refused', async () => {
    expect(ok(await t.call('lock_database', { member_table_id: 2 }, 'krs-noencrypt'))).toBe(true)
    const id = ok(
      await t.call<number>('add_member', {
        member_table_id: 2,
        member_info: { e_102: 'locked@example.com', e_103: 1, e_104: 'ロック 中' },
      }),
    )
    expect(
      ok(
        await t.call('update_member', { member_table_id: 2, member_id: id, member_info: { e_105: '株式会社ロック' } }),
      ),
    ).toBe(true)
    expect(ok(await t.call('delete_member', { member_table_id: 2, member_id: id }))).toBe(true)
    expectCode(await t.call('export_members', { member_table_id: 2, condition_id: 1, columnset_id: 1 }), 'KR_API_F0013')
    // the locker itself may export
    expect(
      typeof ok(
        await t.call('export_members', { member_table_id: 2, condition_id: 1, columnset_id: 1 }, 'krs-noencrypt'),
      ),
    ).toBe('number')
  })
})

runOnEveryDoor('one import or export at a time (KR_API_F0205)', (t: DoorTarget) => {
  it('any second job answers F0205, whoever started the first and on whichever table', async () => {
    ok(await t.call('export_members', { member_table_id: 1, condition_id: 1, columnset_id: 1 }, 'krs-noencrypt'))
    for (const [table, token] of [
      [1, 'krs-all'],
      [2, 'krs-all'],
      [2, 'krs-noencrypt'],
      [1, 'krs-noencrypt'],
    ] as const) {
      const r = expectCode(
        await t.call('export_members', { member_table_id: table, condition_id: 1, columnset_id: 1 }, token),
        'KR_API_F0205',
      )
      expect(r.message).toContain('still running')
    }
  })
})
