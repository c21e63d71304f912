import { describe, expect, it } from 'vitest'
import { compileCondition, type ConditionExtras } from '../../../src/domains/member-db/conditions/index.js'
import { deleteMember } from '../../../src/domains/member-db/members/index.js'
import type { ConditionClause, MemberTableState } from '../../../src/domains/member-db/member-db-state.js'
import { expectKrs, fixtureScenario, makeTenant, NOW } from './support.js'

const tenant = makeTenant(0, fixtureScenario())
const table = tenant.memberDb.tables.get(1)!
const db = tenant.memberDb

function match(
  conditions: Record<string, ConditionClause>,
  grouping = true,
  t: MemberTableState = table,
  extras?: ConditionExtras,
): number[] {
  const p = compileCondition(t, { grouping, conditions }, NOW, extras ? { db, extras } : { db })
  const out: number[] = []
  for (let r = 0; r < t.members.rows; r++) if (p(r)) out.push(t.members.id.get(r))
  return out
}
// Kinds and extras come loose here (also kinds the contract does not list): cast to the contract's clause type.
const one = (key: string, kind: number, extra: Record<string, unknown> = {}) =>
  match({ [key]: [kind, extra] as unknown as ConditionClause })

describe('text kinds (2-10, 20)', () => {
  it.each([
    [2, '山田太郎', [1]],
    [3, '佐藤', [2]],
    [4, '次郎', [3]],
    [5, '由', [4]],
    [6, '山田太郎', [2, 3, 4, 5]],
    [7, '山', [2, 3, 4, 5]],
    [8, '郎', [2, 4, 5]],
    [9, '田', [2, 3, 4, 5]],
  ])('kind %i with %s', (kind, value, want) => {
    expect(one('e_3', kind, { value })).toEqual(want)
  })
  it('13 contains any of several values, 14 contains none; integers count as text', () => {
    expect(one('e_3', 13, { values: ['太郎', '花子'] })).toEqual([1, 2])
    expect(one('e_3', 14, { values: ['太郎', '花子'] })).toEqual([3, 4, 5])
    expect(one('e_2', 13, { values: ['docomo', 'ezweb'] })).toEqual([2, 5])
    expect(one('e_12', 2, { value: 'T002' })).toEqual([2])
    expectKrs(() => one('e_3', 13, { values: [] }), 'KR_API_F0004')
  })
  it('10 empty and 20 non-empty', () => {
    expect(one('e_3', 10)).toEqual([5])
    expect(one('e_3', 20)).toEqual([1, 2, 3, 4])
  })
  it('needs a string value', () => {
    expectKrs(() => one('e_3', 2, {}), 'KR_API_F0004')
  })
  it('applies to system text keys', () => {
    expect(one('last_host', 10)).toEqual([1, 2, 3, 4, 5])
  })
  it('applies to autogen numbers as text', () => {
    expect(one('e_12', 3, { value: 'T00' })).toEqual([1, 2, 3, 4, 5])
    expect(one('e_12', 2, { value: 'T003' })).toEqual([3])
  })
})

describe('e-mail kinds', () => {
  it.each([
    ['docomo', [2]],
    ['iphone', [3]],
    ['softbank', [4]],
    ['au', [5]],
    ['other', [1]],
    ['willcom', []],
  ])('16 carrier %s (iphone is i.softbank.jp only)', (carrier, want) => {
    expect(one('e_2', 16, { carriers: [carrier] })).toEqual(want)
  })
  it('16 with several carriers', () => {
    expect(one('e_2', 16, { carriers: ['docomo', 'au'] })).toEqual([2, 5])
  })
  it('16 refuses unknown carriers and non e-mail keys', () => {
    expectKrs(() => one('e_2', 16, { carriers: ['pigeon'] }), 'KR_API_F0004')
    expectKrs(() => one('e_3', 16, { carriers: ['docomo'] }), 'KR_API_F0004')
  })
  it('17 error count range, from the bounce hook (0 without it)', () => {
    expect(one('e_2', 17, { min_value: 0, max_value: 0 })).toEqual([1, 2, 3, 4, 5])
    expect(one('e_2', 17, { min_value: 1 })).toEqual([])
    const errorCount = (a: string) => (a.startsWith('hanako') ? 3 : 0)
    expect(match({ e_2: [17, { min_value: 2, max_value: 5 }] }, true, table, { errorCount })).toEqual([2])
  })
})

describe('integer and id kinds', () => {
  it('2 value, 2 range, 6 outside range, 10, 20', () => {
    expect(one('e_9', 2, { value: 500 })).toEqual([2])
    expect(one('e_9', 2, { min_value: 100, max_value: 600 })).toEqual([1, 2])
    expect(one('e_9', 6, { min_value: 100, max_value: 600 })).toEqual([3, 5])
    expect(one('e_9', 10)).toEqual([4])
    expect(one('e_9', 20)).toEqual([1, 2, 3, 5])
  })
  it('13 one of the values, 14 none of them (blank excluded)', () => {
    expect(one('e_9', 13, { values: [0, 1000] })).toEqual([3, 5])
    expect(one('e_9', 14, { values: [0, 1000] })).toEqual([1, 2])
    expect(one('id', 13, { values: [2, 4] })).toEqual([2, 4])
  })
  it('member id lists and ranges', () => {
    expect(one('id', 2, { ids: [1, 3] })).toEqual([1, 3])
    expect(one('id', 6, { ids: [1, 3] })).toEqual([2, 4, 5])
    expect(one('id', 2, { min_value: 4 })).toEqual([4, 5])
  })
  it('refuses text kinds on integers', () => {
    expectKrs(() => one('e_9', 3, { value: '1' }), 'KR_API_F0004')
  })
})

describe('single choice kinds', () => {
  it('13 any of, 14 none of, 2, 6, 10, 20', () => {
    expect(one('e_6', 13, { values: [13, 27] })).toEqual([1, 2, 3])
    expect(one('e_6', 14, { values: [13, 27] })).toEqual([4, 5])
    expect(one('e_6', 2, { values: [1] })).toEqual([4])
    expect(one('e_6', 6, { values: [13] })).toEqual([3, 4, 5])
    expect(one('e_6', 10)).toEqual([5])
    expect(one('e_6', 20)).toEqual([1, 2, 3, 4])
    expect(one('e_13', 2, { value: 1 })).toEqual([1, 5])
  })
  it('needs option ids', () => {
    expectKrs(() => one('e_6', 13, { values: [] }), 'KR_API_F0004')
  })
})

describe('multiple choice kinds', () => {
  it.each([
    [2, { options: [1, 2] }, [1]],
    [5, { options: [1, 2] }, [1, 4]],
    [6, { options: [1] }, [2, 3, 5]],
    [13, { options: [3, 4] }, [4, 5]],
    [14, { options: [1, 2] }, [2, 3, 5]],
    [15, { min_value: 2 }, [1, 4]],
    [15, { max_value: 0 }, [3]],
    [10, {}, [3]],
    [20, {}, [1, 2, 4, 5]],
  ])('kind %i %j', (kind, extra, want) => {
    expect(one('e_7', kind, extra)).toEqual(want)
  })
  it('refuses unknown options', () => {
    expectKrs(() => one('e_7', 5, { options: [9] }), 'KR_API_F0004')
  })
})

describe('yes/no kinds', () => {
  it('11 true, 12 false, 10 unanswered, 20 answered', () => {
    expect(one('e_8', 11)).toEqual([1, 4, 5])
    expect(one('e_8', 12)).toEqual([2])
    expect(one('e_8', 10)).toEqual([3])
    expect(one('e_8', 20)).toEqual([1, 2, 4, 5])
  })
})

describe('date kinds (run date 2026-01-15 JST)', () => {
  it('2 within a range, 6 outside, open ends', () => {
    expect(one('e_4', 2, { start_date: '1980-01-01', end_date: '1999-12-31' })).toEqual([1, 2])
    expect(one('e_4', 2, { start_date: '1990-01-15', end_date: null })).toEqual([1, 3])
    expect(one('e_4', 6, { start_date: '1980-01-01', end_date: '1999-12-31' })).toEqual([3, 4])
    expect(one('e_4', 10)).toEqual([5])
  })
  it('26 months of the run date, ignoring the year (birthday month)', () => {
    expect(one('e_4', 26, { calc_start_value: 0, calc_end_value: 0, calc_ignore_year: true })).toEqual([1, 2])
    expect(one('e_4', 26, { calc_start_value: -1, calc_end_value: 0, calc_ignore_year: true })).toEqual([1, 2, 4])
    expect(one('e_4', 26, { calc_start_value: 1, calc_end_value: 1, calc_ignore_year: true })).toEqual([3])
  })
  it('29 days of the run date, ignoring the year', () => {
    expect(one('e_4', 29, { calc_day_start_value: -5, calc_day_end_value: 5, calc_ignore_year: true })).toEqual([1, 2])
    expect(one('e_4', 29, { calc_day_start_value: 0, calc_day_end_value: 0, calc_ignore_year: true })).toEqual([1])
    expect(one('e_4', 29, { calc_day_start_value: -30, calc_day_end_value: -1, calc_ignore_year: true })).toEqual([4])
  })
  it('26 and 29 on timestamps, with the year', () => {
    expect(one('regist_date', 29, { calc_day_start_value: -1, calc_day_end_value: 0 })).toEqual([4, 5])
    expect(one('regist_date', 26, { calc_start_value: 0, calc_end_value: 0 })).toEqual([2, 4, 5])
    expect(one('regist_date', 26, { calc_start_value: -1, calc_end_value: 0 })).toEqual([1, 2, 4, 5])
    expect(one('e_1', 26, { calc_start_value: -12, calc_end_value: -12 })).toEqual([])
  })
  it('follows the engine clock', () => {
    const p = compileCondition(
      table,
      { grouping: true, conditions: { e_4: [26, { calc_start_value: 0, calc_end_value: 0, calc_ignore_year: true }] } },
      NOW + 40 * 86400,
    )
    const ids = [0, 1, 2, 3, 4].filter((r) => p(r)).map((r) => r + 1)
    expect(ids).toEqual([3]) // 2026-02-24: February birthdays
  })
  it('timestamp ranges take dates (whole days, JST) or date-times', () => {
    expect(one('regist_date', 2, { start_date: '2026-01-14', end_date: '2026-01-14' })).toEqual([5])
    expect(one('regist_date', 2, { start_date: '2026-01-15 08:00:00' })).toEqual([4])
    expect(one('batch_date', 10)).toEqual([1, 2, 3, 4, 5])
  })
  it('19 upload time only on upload_date', () => {
    expect(one('upload_date', 19, { values: [1_700_000_000] })).toEqual([])
    expectKrs(() => one('regist_date', 19, { values: [1] }), 'KR_API_F0004')
  })
  it('refuses calc values out of range and reversed ranges', () => {
    expectKrs(() => one('e_4', 26, { calc_start_value: -13, calc_end_value: 0 }), 'KR_API_F0004')
    expectKrs(() => one('e_4', 29, { calc_day_start_value: 0, calc_day_end_value: 31 }), 'KR_API_F0004')
    expectKrs(() => one('e_4', 29, { calc_day_start_value: 3, calc_day_end_value: 1 }), 'KR_API_F0004')
    expectKrs(() => one('e_4', 2, { start_date: '2026/01/01' }), 'KR_API_F0004')
  })
})

describe('grouping and structure', () => {
  it('true = AND, false = OR', () => {
    const c = { e_5: [2, { values: [2] }] as ConditionClause, e_6: [2, { values: [13] }] as ConditionClause }
    expect(match(c, true)).toEqual([2])
    expect(match(c, false)).toEqual([1, 2, 4])
  })
  it('AND over three and four clauses', () => {
    const three = { e_5: [2, { values: [1] }], e_8: [11, {}], e_9: [20, {}] } as Record<string, ConditionClause>
    expect(match(three)).toEqual([1, 5])
    expect(match({ ...three, e_6: [13, { values: [13] }] })).toEqual([1])
  })
  it('kind 1 adds no constraint; no clause matches everyone', () => {
    expect(match({ e_3: [1, {}] })).toEqual([1, 2, 3, 4, 5])
    expect(match({})).toEqual([1, 2, 3, 4, 5])
    expect(match({ e_3: [1, {}], e_8: [12, {}] }, false)).toEqual([2])
  })
  it('a clause is exactly two items', () => {
    expectKrs(() => match({ e_3: [2, { value: 'x' }, 1] as unknown as ConditionClause }), 'KR_API_F0004')
  })
  it('leaves deleted members out', () => {
    const t = makeTenant(0, fixtureScenario())
    const t1 = t.memberDb.tables.get(1)!
    deleteMember(t1, 2)
    expect(match({ e_6: [13, { values: [13] }] }, true, t1)).toEqual([1])
  })
})

describe('refusals', () => {
  it('F0229 for an encrypted text element', () => {
    expect(expectKrs(() => one('e_10', 10), 'KR_API_F0229')).toContain('e_10')
  })
  it('F0005 for an unknown element, F0007 for an element of another table', () => {
    expectKrs(() => one('e_99', 10), 'KR_API_F0005')
    expect(expectKrs(() => one('e_50', 10), 'KR_API_F0007')).toContain('member table 2')
  })
  it('F0004 for a kind the type does not have', () => {
    expectKrs(() => one('e_3', 11), 'KR_API_F0004')
    expectKrs(() => one('e_8', 2, { value: 'x' }), 'KR_API_F0004')
    expectKrs(() => one('e_11', 2, { value: 'x' }), 'KR_API_F0004')
  })
  it('hashed passwords support only blank checks', () => {
    expect(one('e_11', 20)).toEqual([1, 2, 3, 4, 5])
  })
})

describe('click_count_flag', () => {
  it('without click data nobody clicked', () => {
    expect(one('click_count_flag', 13, { delivery_id: 1, delivery_type: 1, values: [1] })).toEqual([])
    expect(one('click_count_flag', 14, { delivery_id: 1, delivery_type: 1, values: [1] })).toEqual([1, 2, 3, 4, 5])
  })
  it("uses the mail domain's hook when given", () => {
    const clickCountFlag: ConditionExtras['clickCountFlag'] = (t) => (r) => t.members.id.get(r) === 3
    expect(match({ click_count_flag: [13, { values: [1] }] }, true, table, { clickCountFlag })).toEqual([3])
  })
})
