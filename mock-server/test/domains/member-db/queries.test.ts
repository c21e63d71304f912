import { describe, expect, it } from 'vitest'
import { compileCondition } from '../../../src/domains/member-db/conditions/index.js'
import { memberDbHandlers as h } from '../../../src/domains/member-db/handlers.js'
import { apiValue, pageRows } from '../../../src/domains/member-db/members/index.js'
import { seededRandom } from '../../../src/lib/seeded-random.js'
import { ctxFor, expectKrs, fixtureScenario, makeTenant, NOW } from './support.js'

const fx = makeTenant(0, fixtureScenario())
const c = ctxFor(fx)
const lookup = (table: number, info: Record<string, unknown>) =>
  h.lookup_member_id(c, { member_table_id: table, member_info: info } as never)

describe('lookup_member_id', () => {
  it('finds a member by its unique key, 0 when none', () => {
    expect(lookup(1, { e_2: 'hanako@docomo.ne.jp' })).toBe(2)
    expect(lookup(1, { e_2: 'TARO@example.com' })).toBe(1)
    expect(lookup(1, { e_2: 'nobody@example.com' })).toBe(0)
  })
  it('checks one plain or hashed password', () => {
    const key = { e_50: 'a@example.com', e_51: 1 }
    expect(lookup(2, key)).toBe(1)
    expect(lookup(2, { ...key, e_52: 'pass1234' })).toBe(1)
    expect(lookup(2, { ...key, e_52: 'wrong123' })).toBe(0)
    expect(lookup(2, { ...key, e_53: 'hash1234' })).toBe(1)
    expect(lookup(2, { ...key, e_53: 'wrong123' })).toBe(0)
    expect(lookup(2, { e_50: 'a@example.com', e_51: 2 })).toBe(2)
  })
  it('F0301 for two password elements', () => {
    expectKrs(() => lookup(2, { e_50: 'a@example.com', e_51: 1, e_52: 'pass1234', e_53: 'hash1234' }), 'KR_API_F0301')
  })
  it('F0302 for an element that is neither a key nor a password', () => {
    expect(expectKrs(() => lookup(1, { e_2: 'taro@example.com', e_3: '山田太郎' }), 'KR_API_F0302')).toContain('e_3')
    expectKrs(() => lookup(1, { e_2: 'taro@example.com', e_99: 'x' }), 'KR_API_F0302')
  })
  it('F0303 when not every key element is given', () => {
    expect(expectKrs(() => lookup(2, { e_50: 'a@example.com' }), 'KR_API_F0303')).toContain('e_51')
  })
  it('F0004 for a value that fails validation (not 0)', () => {
    expectKrs(() => lookup(1, { e_2: 'not-an-address' }), 'KR_API_F0004')
    expectKrs(() => lookup(1, { e_2: '' }), 'KR_API_F0004')
    expectKrs(() => lookup(2, { e_50: 'a@example.com', e_51: 9 }), 'KR_API_F0004')
    expectKrs(() => lookup(2, { e_50: 'a@example.com', e_51: 1, e_52: 5 }), 'KR_API_F0004')
  })
  it('F0009 on a table without unique keys, F0007 for an element of another table, F0005 for no table', () => {
    expectKrs(() => lookup(3, { e_60: 'x' }), 'KR_API_F0009')
    expectKrs(() => lookup(1, { e_2: 'taro@example.com', e_50: 'a@example.com' }), 'KR_API_F0007')
    expectKrs(() => lookup(99, { e_2: 'taro@example.com' }), 'KR_API_F0005')
  })
})

describe('get_member_info', () => {
  it('answers the member with system fields, F0005 for an unknown member', () => {
    const m = h.get_member_info(c, { member_table_id: 1, member_id: 3 } as never) as Record<string, unknown>
    expect(m).toMatchObject({
      id: 3,
      regist_date: '2024-06-01 00:00:00',
      e_2: 'jiro@i.softbank.jp',
      e_7: [],
      e_12: 'T003',
    })
    expect(Object.keys(m)).not.toContain('e_1')
    expectKrs(() => h.get_member_info(c, { member_table_id: 1, member_id: 77 } as never), 'KR_API_F0005')
  })
})

const page = (ctx: ReturnType<typeof ctxFor>, body: Record<string, unknown>) =>
  (
    h.get_member_infos_by_oneshot_condition(ctx, {
      member_table_id: 1,
      condition_info: { grouping: true, conditions: {} },
      offset: 0,
      sort_key: 0,
      order: true,
      ...body,
    } as never) as { id: number }[]
  ).map((m) => m.id)

describe('paging', () => {
  const big = makeTenant(120)
  const bc = ctxFor(big)
  it('answers 50 per page and an empty array past the end', () => {
    expect(page(bc, { offset: 0 })).toEqual(Array.from({ length: 50 }, (_, i) => i + 1))
    expect(page(bc, { offset: 50 })[0]).toBe(51)
    expect(page(bc, { offset: 100 })).toHaveLength(20)
    expect(page(bc, { offset: 150 })).toEqual([])
  })
  it('F0304 for a negative offset or one off the 50 grid', () => {
    expectKrs(() => page(bc, { offset: 25 }), 'KR_API_F0304')
    expectKrs(() => page(bc, { offset: -50 }), 'KR_API_F0304')
  })
  it('counts match the pages', () => {
    const info = { grouping: true, conditions: { e_9: [2, { values: [2] }] } }
    const n = h.get_members_num_by_oneshot_condition(bc, {
      member_table_id: 1,
      condition_info: info,
    } as never) as number
    let total = 0
    for (let off = 0; ; off += 50) {
      const p = page(bc, { offset: off, condition_info: info })
      total += p.length
      if (p.length < 50) break
    }
    expect(total).toBe(n)
    expect(n).toBeGreaterThan(0)
  })
})

describe('sorting', () => {
  it('sort_key 0 is the member id, order false descends', () => {
    expect(page(c, { order: false })).toEqual([5, 4, 3, 2, 1])
  })
  it('sorts by a date element, blanks first', () => {
    expect(page(c, { sort_key: 4 })).toEqual([5, 4, 2, 1, 3])
    expect(page(c, { sort_key: 4, order: false })).toEqual([3, 1, 2, 4, 5])
  })
  it('sorts by text, choices and timestamps', () => {
    expect(page(c, { sort_key: 3 })).toEqual([5, 2, 1, 3, 4])
    expect(page(c, { sort_key: 6 })).toEqual([5, 4, 1, 2, 3])
    expect(page(c, { sort_key: 1 })).toEqual([3, 1, 2, 5, 4])
  })
  it('combines sorting with a condition', () => {
    expect(
      page(c, {
        sort_key: 4,
        order: false,
        condition_info: { grouping: true, conditions: { e_5: [2, { values: [1] }] } },
      }),
    ).toEqual([3, 1, 5])
  })
  it('F0230 for elements that cannot be sort keys', () => {
    for (const key of [7, 10, 11]) expectKrs(() => page(c, { sort_key: key }), 'KR_API_F0230')
  })
  it('F0005 for an unknown sort key, F0007 for an element of another table', () => {
    expectKrs(() => page(c, { sort_key: 99 }), 'KR_API_F0005')
    expect(expectKrs(() => page(c, { sort_key: 50 }), 'KR_API_F0007')).toContain('member table 2')
  })
  it('keeps sorted indexes right through adds, updates and deletes', () => {
    const t = makeTenant(300)
    const ctx = ctxFor(t)
    const table = t.memberDb.tables.get(1)!
    const birthday = table.elements.find((e) => e.id === 8)!
    const all = compileCondition(table, { grouping: true, conditions: {} }, NOW)
    pageRows(table, all, { offset: 0, sort_key: 8, order: true }) // build the index
    const rnd = seededRandom(5)
    for (let i = 0; i < 60; i++) {
      const x = rnd()
      const id = 1 + Math.floor(rnd() * table.members.nextId)
      const day = `19${50 + Math.floor(rnd() * 50)}-0${1 + Math.floor(rnd() * 9)}-1${Math.floor(rnd() * 9)}`
      if (x < 0.4)
        h.update_member(ctx, {
          member_table_id: 1,
          member_id: id,
          member_info: { e_8: rnd() < 0.2 ? null : day },
        } as never)
      else if (x < 0.7)
        h.add_member(ctx, {
          member_table_id: 1,
          member_info: { e_4: `new${i}@example.com`, e_6: '新規', e_8: day },
        } as never)
      else h.delete_member(ctx, { member_table_id: 1, member_id: id } as never)
    }
    const rows: number[] = []
    for (let r = 0; r < table.members.rows; r++) if (table.members.alive.get(r)) rows.push(r)
    const key = (r: number) => (apiValue(table, birthday, r) as string | null) ?? ''
    const want = rows
      .sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : a - b))
      .map((r) => table.members.id.get(r))
    const got: number[] = []
    for (let off = 0; off < table.members.count; off += 50) got.push(...page(ctx, { offset: off, sort_key: 8 }))
    expect(got).toEqual(want)
  })
})

describe('saved conditions in lists and counts', () => {
  it('uses a stored condition of the table', () => {
    const ids = (
      h.get_member_infos_by_condition(c, {
        member_table_id: 1,
        condition_id: 2,
        offset: 0,
        sort_key: 0,
        order: true,
      } as never) as { id: number }[]
    ).map((m) => m.id)
    expect(ids).toEqual([1, 2])
    expect(h.get_members_num_by_condition(c, { member_table_id: 1, condition_id: 2 } as never)).toBe(2)
    expect(h.get_members_num_by_condition(c, { member_table_id: 1, condition_id: 1 } as never)).toBe(5)
    expect(h.get_members_num_by_condition(c, { member_table_id: 2, condition_id: 1 } as never)).toBe(2)
  })
  it('F0005 for unknown and hidden conditions, F0007 for a condition of another table', () => {
    expectKrs(
      () => h.get_members_num_by_condition(c, { member_table_id: 1, condition_id: 42 } as never),
      'KR_API_F0005',
    )
    expectKrs(() => h.get_members_num_by_condition(c, { member_table_id: 1, condition_id: 3 } as never), 'KR_API_F0005')
    expectKrs(
      () =>
        h.get_member_infos_by_condition(c, {
          member_table_id: 1,
          condition_id: 4,
          offset: 0,
          sort_key: 0,
          order: true,
        } as never),
      'KR_API_F0007',
    )
  })
  it('F0229 for a oneshot condition over an encrypted element', () => {
    expectKrs(
      () =>
        h.get_members_num_by_oneshot_condition(c, {
          member_table_id: 1,
          condition_info: { grouping: true, conditions: { e_10: [20, {}] } },
        } as never),
      'KR_API_F0229',
    )
  })
  it('masks secrets in lists as in get_member_info', () => {
    const list = h.get_member_infos_by_oneshot_condition(ctxFor(fx, 'krs-noencrypt'), {
      member_table_id: 1,
      condition_info: { grouping: true, conditions: {} },
      offset: 0,
      sort_key: 0,
      order: true,
    } as never) as Record<string, unknown>[]
    expect(list.every((m) => m.e_11 === '******' && m.e_10 === '(暗号化)')).toBe(true)
  })
})
