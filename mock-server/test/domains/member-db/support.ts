import { buildTenantState, parseScenario } from '../../../src/emulator.js'
import { expect } from 'vitest'
import { isKrsError } from '../../../src/kernel/krs-error.js'
import type { EngineContext } from '../../../src/kernel/context.js'
import type { OperationName } from '@krs-kit/contract/operation-names'
import type { TenantState } from '../../../src/kernel/tenant-state.js'
import { defaultScenario, type Scenario } from '../../../src/scenario/index.js'
import { seededRandom } from '../../../src/lib/seeded-random.js'

/** 2026-01-15 12:00:00 JST. */
export const NOW = 1_768_446_000

export function makeTenant(members = 100, scenario: Scenario = defaultScenario(), now = NOW): TenantState {
  return buildTenantState('test', parseScenario(scenario), { seed: 42, members, now })
}

/** A hand-built EngineContext acting with a token of the tenant (rights are the engine's job). */
export function ctxFor(
  tenant: TenantState,
  token = 'krs-all',
  now = NOW,
  operation: OperationName = 'get_member_info',
): EngineContext {
  const t = tenant.tokens.get(token)
  if (!t) throw new Error(`no token ${token}`)
  const account = tenant.accounts.get(t.accountId)!
  const random = seededRandom(7)
  return {
    operation,
    tenant,
    account,
    now: () => now,
    random,
    audit: (action, detail) => {
      tenant.audit.push({ at: now, accountId: account.id, action, detail })
    },
  }
}

/** Assert that `fn` throws a KrsError with `code`; returns its detail. */
export function expectKrs(fn: () => unknown, code: string): string {
  try {
    fn()
  } catch (e) {
    if (!isKrsError(e)) throw e
    expect(e.code).toBe(code)
    return e.detail ?? ''
  }
  throw new Error(`expected ${code}, but nothing was thrown`)
}

/** A small scenario with listed members, for exact condition and paging results. */
export function fixtureScenario(): Scenario {
  const s = defaultScenario()
  s.memberTables = [
    {
      id: 1,
      title: 'テスト',
      elements: [
        { id: 1, name: '登録日時', type: 'timestamp', systemField: 'regist_date' },
        { id: 2, name: 'メール', type: 'email', required: true, unique: true },
        { id: 3, name: '名前', type: 'text', config: { type: 'any', max: 20 } },
        { id: 4, name: '誕生日', type: 'date', config: { min_year: 1900, max_year: 2030 } },
        { id: 5, name: '性別', type: 'sex', config: { options: { '1': '男性', '2': '女性' } } },
        { id: 6, name: '都道府県', type: 'prefecture' },
        {
          id: 7,
          name: '趣味',
          type: 'select_multiple',
          config: { options: { '1': 'a', '2': 'b', '3': 'c', '4': 'd' } },
        },
        { id: 8, name: 'メルマガ', type: 'yesno' },
        { id: 9, name: 'ポイント', type: 'integer', config: { min: 0, max: 1000 } },
        { id: 10, name: '秘密', type: 'encrypted_text', config: { max: 50 } },
        { id: 11, name: 'パスワード', type: 'hashed_password', config: { min_length: 4 } },
        {
          id: 12,
          name: '番号',
          type: 'autogen',
          config: { prefix: 'T', number_of_digits: 3, standard_value: 1, add_option: 1 },
        },
        { id: 13, name: 'ランク', type: 'select', config: { options: { '1': 'A', '2': 'B', '3': 'C' } } },
      ],
      members: {
        list: [
          // 1
          {
            e_2: 'taro@example.com',
            e_3: '山田太郎',
            e_4: '1990-01-15',
            e_5: 1,
            e_6: 13,
            e_7: [1, 2],
            e_8: true,
            e_9: 100,
            e_13: 1,
            regist_date: '2025-12-20 10:00:00',
          },
          // 2
          {
            e_2: 'hanako@docomo.ne.jp',
            e_3: '佐藤花子',
            e_4: '1985-01-20',
            e_5: 2,
            e_6: 13,
            e_7: [2],
            e_8: false,
            e_9: 500,
            e_13: 2,
            regist_date: '2026-01-10 09:00:00',
          },
          // 3
          {
            e_2: 'jiro@i.softbank.jp',
            e_3: '鈴木次郎',
            e_4: '2000-02-01',
            e_5: 1,
            e_6: 27,
            e_7: [],
            e_9: 0,
            e_13: 3,
            regist_date: '2024-06-01 00:00:00',
          },
          // 4
          {
            e_2: 'yuki@softbank.ne.jp',
            e_3: '高橋由紀',
            e_4: '1975-12-31',
            e_5: 2,
            e_6: 1,
            e_7: [1, 2, 3],
            e_8: true,
            e_13: 0,
            regist_date: '2026-01-15 08:00:00',
          },
          // 5
          {
            e_2: 'ken@ezweb.ne.jp',
            e_5: 1,
            e_6: 0,
            e_7: [4],
            e_8: true,
            e_9: 1000,
            e_13: 1,
            regist_date: '2026-01-14 23:59:59',
          },
        ],
      },
      conditions: [
        { id: 2, title: '東京', grouping: true, conditions: { e_6: [2, { values: [13] }] } },
        { id: 3, title: '使用不可', grouping: true, hidden: true, conditions: { e_8: [11, {}] } },
      ],
    },
    {
      id: 2,
      title: '別テーブル',
      elements: [
        { id: 50, name: 'メール', type: 'email', unique: true },
        { id: 51, name: 'コース', type: 'select', unique: true, config: { options: { '1': '初級', '2': '上級' } } },
        { id: 52, name: 'パスワード', type: 'password', config: { min_length: 4 } },
        { id: 53, name: '仮パスワード', type: 'hashed_password', config: { min_length: 4 } },
      ],
      members: {
        list: [
          { e_50: 'a@example.com', e_51: 1, e_52: 'pass1234', e_53: 'hash1234' },
          { e_50: 'a@example.com', e_51: 2, e_52: 'other999' },
        ],
      },
      conditions: [{ id: 4, title: '上級', grouping: true, conditions: { e_51: [2, { values: [2] }] } }],
    },
    { id: 3, title: '鍵なし', elements: [{ id: 60, name: 'メモ', type: 'text' }] },
  ]
  return s
}
