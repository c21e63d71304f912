import { buildTenantState, parseScenario } from '../../../src/emulator.js'
import type { TenantState } from '../../../src/kernel/tenant-state.js'
import { mailDeliveryStateFrom } from '../../../src/domains/mail/mail-section.js'
import type { DeliveryScenario } from '../../../src/domains/mail/mail-scenario.js'
import { defaultScenario, type Scenario } from '../../../src/scenario/index.js'

/** 2026-01-15 12:00:00 JST (03:00 UTC). */
export const T0 = 1_768_446_000

/** The `delivery` scenario section used by the tests (every count has a known cause). */
export const deliverySection = {
  timing: { list_base_seconds: 30, list_seconds_per_1000: 1, handover_base_seconds: 60, handover_seconds_per_1000: 10 },
  bounces: [
    { match: '@bounce.example.com', code: '5.1.1', desc: '宛先のメールボックスが存在しません' },
    { match: 'full@full.example.jp', code: '4.2.2', desc: 'メールボックスの容量超過' },
  ],
  unsubscribed: ['bye@example.com'],
  stopped: ['stop@example.com'],
  error_stop_threshold: 2,
  agent_program_max: 3,
  click_retention_days: 90,
  public_base_url: 'http://mock.test',
}

/**
 * Two tables: table 1 (e-mail e_2, name e_3, birthday e_4, sex e_5, second e-mail e_6),
 * table 2 (e-mail e_50). Ten members of table 1, one in each delivery category.
 */
export function mailScenario(): Scenario {
  const s = defaultScenario()
  s.blacklist = ['black@example.com', '@blackdomain.example']
  s.memberTables = [
    {
      id: 1,
      title: '会員',
      elements: [
        { id: 1, name: '登録日時', type: 'timestamp', systemField: 'regist_date' },
        { id: 2, name: 'メール', type: 'email', unique: true },
        { id: 3, name: '名前', type: 'text', config: { type: 'any', max: 40 } },
        { id: 4, name: '誕生日', type: 'date', config: { min_year: 1900, max_year: 2030 } },
        { id: 5, name: '性別', type: 'sex', config: { options: { '1': '男性', '2': '女性' } } },
        { id: 6, name: '携帯メール', type: 'email' },
      ],
      members: {
        list: [
          { e_2: 'taro@example.com', e_3: '山田太郎', e_4: '1990-01-16', e_5: 1 }, // 1 valid
          { e_3: '空欄', e_5: 2 }, // 2 no_address
          { e_2: 'stop@example.com', e_3: '停止', e_5: 1 }, // 3 stopped
          { e_2: 'black@example.com', e_3: '黒', e_5: 1 }, // 4 blacklist
          { e_2: 'bye@example.com', e_3: '解除', e_5: 2 }, // 5 unsubscribed
          { e_2: 'x@bounce.example.com', e_3: '不達', e_5: 1 }, // 6 error 5.1.1
          { e_2: 'full@full.example.jp', e_3: '満杯', e_5: 2 }, // 7 error 4.2.2
          { e_2: 'hanako@example.jp', e_3: '佐藤花子', e_4: '1985-01-16', e_5: 2 }, // 8 valid
          { e_2: 'u@blackdomain.example', e_3: '黒ドメイン', e_5: 1 }, // 9 blacklist by domain
          { e_2: 'jiro@example.com', e_3: '鈴木次郎', e_4: '2000-02-01', e_5: 1, e_6: 'jiro@docomo.ne.jp' }, // 10 valid
        ],
      },
      conditions: [
        { id: 2, title: '男性', grouping: true, conditions: { e_5: [2, { values: [1] }] } },
        { id: 3, title: '使用不可', grouping: true, hidden: true, conditions: { e_5: [2, { values: [2] }] } },
      ],
    },
    {
      id: 2,
      title: '別DB',
      elements: [{ id: 50, name: 'メール', type: 'email' }],
      members: { list: [{ e_50: 'other@example.com' }] },
      conditions: [{ id: 4, title: '別DBの条件', grouping: true, conditions: {} }],
    },
  ]
  return s
}

/** A tenant of the test scenario with its mail section built from `section` (unit tests of internal helpers). */
export function makeTenant(
  section: DeliveryScenario | undefined = deliverySection,
  scenario: Scenario = mailScenario(),
): TenantState {
  const tenant = buildTenantState('mail', parseScenario(scenario), { seed: 3, now: T0 - 86400 })
  tenant.mailDelivery = mailDeliveryStateFrom(section)
  return tenant
}

export const textMail = (over: Record<string, unknown> = {}) => ({
  type: 1 as const,
  from: 'info@example.com',
  subject: 'お知らせ',
  text_part: '{{e_3}} 様\nhttps://www.example.com/a/\n',
  ...over,
})
