import { describe, expect, it } from 'vitest'
import {
  isConditionInUse,
  markConditionUse,
  releaseConditionUse,
} from '../../../src/domains/member-db/conditions/index.js'
import { memberDbHandlers as h } from '../../../src/domains/member-db/handlers.js'
import { isLockedAgainst } from '../../../src/domains/member-db/tables/lock.js'
import { ctxFor, expectKrs, fixtureScenario, makeTenant } from './support.js'

describe('environment and tables', () => {
  const t = makeTenant(10)
  it('get_environment_name answers the scenario name', () => {
    expect(h.get_environment_name(ctxFor(t))).toBe('krs-kit デモ環境')
  })
  it('get_member_tables lists tables in id order with member counts', () => {
    expect(h.get_member_tables(ctxFor(t))).toEqual([
      { id: 1, title: '会員データベース', nums: 10 },
      { id: 2, title: 'セミナー申込者', nums: 30 },
      { id: 3, title: '退会者アーカイブ', nums: 20 },
    ])
  })
  it('get_member_tables omits tables the account cannot access', () => {
    expect(h.get_member_tables(ctxFor(t, 'krs-table1'))).toEqual([{ id: 1, title: '会員データベース', nums: 10 }])
  })
  it('F0014 for a table without access, F0005 for no table', () => {
    expectKrs(
      () => h.get_member_table_elements(ctxFor(t, 'krs-table1'), { member_table_id: 2 } as never),
      'KR_API_F0014',
    )
    expectKrs(() => h.get_member_table_elements(ctxFor(t), { member_table_id: 9 } as never), 'KR_API_F0005')
  })
  it('get_member_table_elements lists elements in display order', () => {
    const els = h.get_member_table_elements(ctxFor(t), { member_table_id: 2 } as never)
    expect(els.map((e) => e.id)).toEqual([101, 102, 103, 104, 105, 106])
    expect(els[0]).toEqual({
      id: 101,
      name: '申込日時',
      type: 'timestamp',
      required: false,
      unique: false,
      system: true,
    })
    expect(els[1]).toEqual({
      id: 102,
      name: 'メールアドレス',
      type: 'email',
      required: true,
      unique: true,
      system: false,
    })
  })
  it('get_member_table_element_config answers the options of the element type', () => {
    const ctx = ctxFor(t)
    expect(h.get_member_table_element_config(ctx, { element_id: 5 } as never)).toMatchObject({
      require_digit: 1,
      require_alpha: 1,
      min_length: 8,
      max_length: 32,
    })
    expect(h.get_member_table_element_config(ctx, { element_id: 3 } as never)).toEqual({
      prefix: 'M',
      suffix: '',
      number_of_digits: 7,
      standard_value: 1,
      add_option: 1,
    })
    expect(
      Object.keys((h.get_member_table_element_config(ctx, { element_id: 10 } as never) as { options: object }).options),
    ).toHaveLength(47)
    expectKrs(() => h.get_member_table_element_config(ctx, { element_id: 999 } as never), 'KR_API_F0005')
    expectKrs(
      () => h.get_member_table_element_config(ctxFor(t, 'krs-table1'), { element_id: 102 } as never),
      'KR_API_F0014',
    )
  })
})

describe('lock_database / unlock_database', () => {
  it('locks once, records who locked, unlocks once', () => {
    const t = makeTenant(0)
    const op = ctxFor(t, 'krs-operation')
    expect(h.lock_database(op, { member_table_id: 1 } as never)).toBe(true)
    expect(h.lock_database(ctxFor(t), { member_table_id: 1 } as never)).toBe(false)
    expect(t.memberDb.tables.get(1)!.lock).toEqual({ accountId: 3, at: expect.any(Number) })
    expect(isLockedAgainst(t.memberDb.tables.get(1)!, 1)).toBe(true)
    expect(isLockedAgainst(t.memberDb.tables.get(1)!, 3)).toBe(false)
    // anyone may unlock
    expect(h.unlock_database(ctxFor(t), { member_table_id: 1 } as never)).toBe(true)
    expect(h.unlock_database(ctxFor(t), { member_table_id: 1 } as never)).toBe(false)
    expect(t.memberDb.tables.get(1)!.lock).toBeNull()
  })
  it('locks tables independently and refuses unknown ones', () => {
    const t = makeTenant(0)
    expect(h.lock_database(ctxFor(t), { member_table_id: 1 } as never)).toBe(true)
    expect(h.lock_database(ctxFor(t), { member_table_id: 2 } as never)).toBe(true)
    expectKrs(() => h.lock_database(ctxFor(t), { member_table_id: 8 } as never), 'KR_API_F0005')
  })
})

describe('conditions', () => {
  const fresh = () => makeTenant(0, fixtureScenario())
  it('get_conditions: predefined "all" first, hidden ones left out', () => {
    const t = fresh()
    expect(h.get_conditions(ctxFor(t), { member_table_id: 1 } as never)).toEqual([
      { id: 1, title: '全員', predefined: 'all' },
      { id: 2, title: '東京', predefined: null },
    ])
    expect(h.get_conditions(ctxFor(t), { member_table_id: 2 } as never)).toEqual([
      { id: 1, title: '全員', predefined: 'all' },
      { id: 4, title: '上級', predefined: null },
    ])
  })
  it('add_condition stores a usable condition with a new id', () => {
    const t = fresh()
    const ctx = ctxFor(t)
    const id = h.add_condition(ctx, {
      member_table_id: 1,
      condition_info: { title: '女性', grouping: true, conditions: { e_5: [2, { values: [2] }] } },
    } as never)
    expect(id).toBe(5)
    expect(h.get_members_num_by_condition(ctx, { member_table_id: 1, condition_id: id } as never)).toBe(2)
    expect(h.get_conditions(ctx, { member_table_id: 1 } as never).map((x) => x.id)).toEqual([1, 2, 5])
  })
  it('add_condition validates like a oneshot condition (F0229, F0005, F0004) and stores nothing', () => {
    const t = fresh()
    const ctx = ctxFor(t)
    const add = (conditions: object) => () =>
      h.add_condition(ctx, { member_table_id: 1, condition_info: { title: 'x', grouping: true, conditions } } as never)
    expectKrs(add({ e_10: [5, { value: 'x' }] }), 'KR_API_F0229')
    expectKrs(add({ e_77: [10, {}] }), 'KR_API_F0005')
    expectKrs(add({ e_8: [3, { value: 'x' }] }), 'KR_API_F0004')
    expect(t.memberDb.conditions.size).toBe(4)
  })
  it('delete_condition deletes, then F0005; the predefined one cannot be deleted', () => {
    const t = fresh()
    const ctx = ctxFor(t)
    expect(h.delete_condition(ctx, { condition_id: 2 } as never)).toBe(true)
    expectKrs(() => h.delete_condition(ctx, { condition_id: 2 } as never), 'KR_API_F0005')
    expectKrs(() => h.delete_condition(ctx, { condition_id: 3 } as never), 'KR_API_F0005')
    expectKrs(() => h.delete_condition(ctx, { condition_id: 1 } as never), 'KR_API_F0021')
  })
  it('F0104 while a delivery or agent program uses the condition', () => {
    const t = fresh()
    const ctx = ctxFor(t)
    markConditionUse(t.memberDb, 2, 'delivery:7')
    expect(isConditionInUse(t.memberDb, 2)).toBe(true)
    expect(expectKrs(() => h.delete_condition(ctx, { condition_id: 2 } as never), 'KR_API_F0104')).toContain(
      'delivery:7',
    )
    releaseConditionUse(t.memberDb, 2, 'delivery:7')
    expect(h.delete_condition(ctx, { condition_id: 2 } as never)).toBe(true)
  })
  it('F0014 for conditions of a table the account cannot access', () => {
    const t = fresh()
    t.accounts.get(8)!.tables = [1]
    expectKrs(() => h.delete_condition(ctxFor(t, 'krs-table1'), { condition_id: 4 } as never), 'KR_API_F0014')
  })
})
