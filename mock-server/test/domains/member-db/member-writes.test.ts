import { describe, expect, it } from 'vitest'
import { memberDbHandlers as h } from '../../../src/domains/member-db/handlers.js'
import {
  ENCRYPTED_PLACEHOLDER,
  PASSWORD_MASK,
  verifyHashedPassword,
} from '../../../src/domains/member-db/members/index.js'
import { ctxFor, expectKrs, fixtureScenario, makeTenant, NOW } from './support.js'

const fresh = () => makeTenant(0, fixtureScenario())
const get = (t: ReturnType<typeof fresh>, id: number, token = 'krs-all') =>
  h.get_member_info(ctxFor(t, token), { member_table_id: 1, member_id: id }) as Record<string, unknown>
const add = (t: ReturnType<typeof fresh>, info: Record<string, unknown>, token = 'krs-all') =>
  h.add_member(ctxFor(t, token), { member_table_id: 1, member_info: info } as never) as number

describe('add_member', () => {
  it('returns the next id and treats absent fields as blank', () => {
    const t = fresh()
    const id = add(t, { e_2: 'new@example.com' })
    expect(id).toBe(6)
    const m = get(t, id)
    expect(m).toMatchObject({
      id: 6,
      e_2: 'new@example.com',
      e_3: null,
      e_4: null,
      e_5: 0,
      e_6: 0,
      e_7: [],
      e_8: null,
      e_9: null,
      e_13: 0,
    })
    expect(m.regist_date).toBe('2026-01-15 12:00:00')
    expect(m.update_date).toBe('2026-01-15 12:00:00')
    expect(m.batch_date).toBeNull()
  })
  it('generates blank passwords, stores them hashed, and reads them as six asterisks', () => {
    const t = fresh()
    const id = add(t, { e_2: 'pw@example.com' })
    expect(get(t, id).e_11).toBe(PASSWORD_MASK)
    const stored = t.memberDb.tables.get(1)!.members.columns.get(11)!.get(t.memberDb.tables.get(1)!.members.rowOf(id))
    expect(typeof stored).toBe('string')
    expect(String(stored)).toMatch(/^\$krs1\$/)
    const id2 = add(t, { e_2: 'pw2@example.com', e_11: 'mypass' })
    const row2 = t.memberDb.tables.get(1)!.members.rowOf(id2)
    expect(verifyHashedPassword('mypass', String(t.memberDb.tables.get(1)!.members.columns.get(11)!.get(row2)))).toBe(
      true,
    )
    expect(get(t, id2).e_11).toBe('******')
  })
  it('always generates autogen numbers and ignores a sent value', () => {
    const t = fresh()
    const a = add(t, { e_2: 'a1@example.com', e_12: 'T999' })
    const b = add(t, { e_2: 'a2@example.com' })
    expect(get(t, a).e_12).toBe('T006')
    expect(get(t, b).e_12).toBe('T007')
  })
  it('stores a blank encrypted text as an encrypted blank', () => {
    const t = fresh()
    const id = add(t, { e_2: 'enc@example.com' })
    expect(get(t, id).e_10).toBe('')
    expect(get(t, id, 'krs-noencrypt').e_10).toBe(ENCRYPTED_PLACEHOLDER)
  })
  it('shows encrypted text only to accounts with the key permission', () => {
    const t = fresh()
    const id = add(t, { e_2: 'sec@example.com', e_10: '秘密のメモ' })
    expect(get(t, id).e_10).toBe('秘密のメモ')
    expect(get(t, id, 'krs-noencrypt').e_10).toBe('(暗号化)')
  })
  it('F0228 without the encrypted-key permission, even without encrypted fields', () => {
    const t = fresh()
    expectKrs(() => add(t, { e_2: 'x@example.com' }, 'krs-noencrypt'), 'KR_API_F0228')
    expect(t.memberDb.tables.get(1)!.members.count).toBe(5)
  })
  it('F0228 does not apply to tables without encrypted elements', () => {
    const t = fresh()
    const id = h.add_member(ctxFor(t, 'krs-noencrypt'), {
      member_table_id: 2,
      member_info: { e_50: 'z@example.com', e_51: 1 },
    } as never)
    expect(id).toBe(3)
  })
  it('F0116 with per-element Japanese messages, and nothing written', () => {
    const t = fresh()
    const detail = expectKrs(
      () => add(t, { e_2: 'bad-address', e_4: '2026-02-30', e_9: 5000, e_7: [9], e_99: 'x' }),
      'KR_API_F0116',
    )
    expect(detail).toContain('e_2: 「メール」のメールアドレスの形式が正しくありません。')
    expect(detail).toContain('e_4: 「誕生日」の日付の形式が正しくありません')
    expect(detail).toContain('e_9: 「ポイント」は1000以下で指定してください。')
    expect(detail).toContain('e_7: 「趣味」に存在しない選択肢ID 9')
    expect(detail).toContain('e_99: 項目 e_99 はこのデータベースにありません。')
    expect(t.memberDb.tables.get(1)!.members.count).toBe(5)
  })
  it('F0116 for a missing required element', () => {
    const t = fresh()
    expect(expectKrs(() => add(t, { e_3: '名無し' }), 'KR_API_F0116')).toContain('e_2: 「メール」は必須項目です。')
  })
  it('F0116 for a system timestamp element', () => {
    const t = fresh()
    expect(expectKrs(() => add(t, { e_2: 'ts@example.com', e_1: '2020-01-01 00:00:00' }), 'KR_API_F0116')).toContain(
      'システム項目',
    )
  })
  it('F0117 for a duplicate unique key (e-mail compared case-insensitively)', () => {
    const t = fresh()
    expect(expectKrs(() => add(t, { e_2: 'TARO@example.com' }), 'KR_API_F0117')).toContain('member 1')
    expect(t.memberDb.tables.get(1)!.members.count).toBe(5)
  })
  it('F0117 on a composite key only when every key element matches', () => {
    const t = fresh()
    const c = ctxFor(t)
    expect(h.add_member(c, { member_table_id: 2, member_info: { e_50: 'b@example.com', e_51: 1 } } as never)).toBe(3)
    expectKrs(
      () => h.add_member(c, { member_table_id: 2, member_info: { e_50: 'a@example.com', e_51: 1 } } as never),
      'KR_API_F0117',
    )
    expectKrs(
      () => h.add_member(c, { member_table_id: 2, member_info: { e_50: 'b@example.com', e_51: 1 } } as never),
      'KR_API_F0117',
    )
  })
})

describe('update_member', () => {
  it('changes only the given fields and the update date', () => {
    const t = fresh()
    const before = get(t, 1)
    const c = ctxFor(t, 'krs-all', NOW + 60)
    expect(h.update_member(c, { member_table_id: 1, member_id: 1, member_info: { e_3: '山田花子' } } as never)).toBe(
      true,
    )
    const after = get(t, 1)
    expect(after.e_3).toBe('山田花子')
    expect({ ...after, e_3: before.e_3, update_date: before.update_date }).toEqual(before)
    expect(after.update_date).toBe('2026-01-15 12:01:00')
    expect(after.regist_date).toBe(before.regist_date)
  })
  it('returns false for a member that does not exist', () => {
    const t = fresh()
    expect(h.update_member(ctxFor(t), { member_table_id: 1, member_id: 999, member_info: { e_3: 'x' } } as never)).toBe(
      false,
    )
  })
  it('generates a blank password', () => {
    const t = fresh()
    const tb = t.memberDb.tables.get(1)!
    const old = tb.members.columns.get(11)!.get(0)
    h.update_member(ctxFor(t), { member_table_id: 1, member_id: 1, member_info: { e_11: '' } } as never)
    const now = tb.members.columns.get(11)!.get(0)
    expect(now).not.toBe(old)
    expect(String(now)).toMatch(/^\$krs1\$/)
  })
  it('refuses to change an autogen number but accepts the same value', () => {
    const t = fresh()
    const c = ctxFor(t)
    expect(
      h.update_member(c, { member_table_id: 1, member_id: 1, member_info: { e_12: 'T001', e_3: 'a' } } as never),
    ).toBe(true)
    expect(
      expectKrs(
        () => h.update_member(c, { member_table_id: 1, member_id: 1, member_info: { e_12: 'T050' } } as never),
        'KR_API_F0116',
      ),
    ).toContain('自動採番')
    expect(get(t, 1).e_12).toBe('T001')
  })
  it('F0117 when the new key belongs to another member; keeping its own key is fine', () => {
    const t = fresh()
    const c = ctxFor(t)
    expectKrs(
      () =>
        h.update_member(c, { member_table_id: 1, member_id: 1, member_info: { e_2: 'hanako@docomo.ne.jp' } } as never),
      'KR_API_F0117',
    )
    expect(
      h.update_member(c, { member_table_id: 1, member_id: 1, member_info: { e_2: 'taro@example.com' } } as never),
    ).toBe(true)
  })
  it('a changed key frees the old one', () => {
    const t = fresh()
    const c = ctxFor(t)
    h.update_member(c, { member_table_id: 1, member_id: 1, member_info: { e_2: 'taro2@example.com' } } as never)
    expect(add(t, { e_2: 'taro@example.com' })).toBe(6)
  })
  it('F0116 for blanking a required element', () => {
    const t = fresh()
    expect(
      expectKrs(
        () => h.update_member(ctxFor(t), { member_table_id: 1, member_id: 1, member_info: { e_2: '' } } as never),
        'KR_API_F0116',
      ),
    ).toContain('必須')
  })
  it('F0228 without the encrypted-key permission', () => {
    const t = fresh()
    expectKrs(
      () =>
        h.update_member(ctxFor(t, 'krs-noencrypt'), {
          member_table_id: 1,
          member_id: 1,
          member_info: { e_3: 'x' },
        } as never),
      'KR_API_F0228',
    )
  })
})

describe('delete_member', () => {
  it('deletes (also without the encrypted-key permission), then false', () => {
    const t = fresh()
    const c = ctxFor(t, 'krs-noencrypt')
    expect(h.delete_member(c, { member_table_id: 1, member_id: 2 } as never)).toBe(true)
    expect(h.delete_member(c, { member_table_id: 1, member_id: 2 } as never)).toBe(false)
    expectKrs(() => get(t, 2), 'KR_API_F0005')
    expect(h.get_member_tables(ctxFor(t))[0]).toMatchObject({ id: 1, nums: 4 })
  })
  it('frees the unique key of the deleted member', () => {
    const t = fresh()
    h.delete_member(ctxFor(t), { member_table_id: 1, member_id: 1 } as never)
    expect(add(t, { e_2: 'taro@example.com' })).toBe(6)
  })
})

describe('locked tables', () => {
  it('stay writable for every account: an API lock restricts only export and import', () => {
    const t = fresh()
    expect(h.lock_database(ctxFor(t, 'krs-table1'), { member_table_id: 1 } as never)).toBe(true)
    expect(add(t, { e_2: 'l@example.com' })).toBe(6)
    expect(h.delete_member(ctxFor(t), { member_table_id: 1, member_id: 1 } as never)).toBe(true)
    expect(add(t, { e_2: 'm@example.com' }, 'krs-table1')).toBe(7)
    expect(get(t, 6).e_2).toBe('l@example.com')
  })
})
