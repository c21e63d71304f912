import { defaultMemberTables } from '../domains/member-db/default-member-tables.js'
import type { Scenario, ScenarioAccount } from './scenario-types.js'

const allOptions = { mail: true, forms: true, posted_images: true }
const full = {
  memberDataSearch: true,
  encryptedKey: true,
  resultDownload: true,
  postedImageMenu: true,
  options: allOptions,
  tables: 'all' as const,
}

const accounts: ScenarioAccount[] = [
  { id: 1, login: 'admin', name: 'システム管理者', level: 'all', ...full },
  { id: 2, login: 'work', name: '配信作業担当', level: 'work', ...full, memberDataSearch: false },
  { id: 3, login: 'operation', name: 'システム運用担当', level: 'operation', ...full, memberDataSearch: false },
  { id: 4, login: 'reference', name: '閲覧担当', level: 'reference', ...full, memberDataSearch: false },
  { id: 5, login: 'search', name: '会員検索担当', level: 'none', ...full },
  { id: 6, login: 'noencrypt', name: '外部委託担当', level: 'all', ...full, encryptedKey: false },
  {
    id: 7,
    login: 'nomail',
    name: 'メールオプションなし',
    level: 'all',
    ...full,
    options: { ...allOptions, mail: false },
  },
  { id: 8, login: 'table1', name: '会員DB専任担当', level: 'all', ...full, tables: [1] },
]

/**
 * The embedded default scenario: a Japanese membership database ("会員データベース") with
 * every element type of the documentation, a seminar applicant table with a two-element unique key,
 * an archive table, conditions, a blacklist, and the tokens of the README. Token values equal
 * their names.
 */
export function defaultScenario(): Scenario {
  return structuredClone(scenario)
}

const scenario: Scenario = {
  environment: { name: 'krs-kit デモ環境' },
  accounts,
  tokens: [
    { name: 'krs-all', account: 1 },
    { name: 'krs-work', account: 2 },
    { name: 'krs-operation', account: 3 },
    { name: 'krs-reference', account: 4 },
    { name: 'krs-search', account: 5 },
    { name: 'krs-noencrypt', account: 6 },
    { name: 'krs-nomail', account: 7 },
    { name: 'krs-table1', account: 8 },
  ],
  memberTables: defaultMemberTables,
  blacklist: ['blocked@example.com', '@spam.example.jp'],
  // Mail: a realistic delivery history, so that demo deliveries show every kind of count.
  // The addresses are generated members of the default seed (1); with another seed they
  // simply match nobody. pdx.ne.jp (a closed carrier domain) bounces 5.1.2.
  delivery: {
    error_rate: 0.01,
    bounces: [
      { match: '@pdx.ne.jp', code: '5.1.2', desc: '宛先のドメインが存在しません' },
      { match: '@bounce.example.com', code: '5.1.1', desc: '宛先のメールボックスが存在しません' },
      { match: '@full.example.jp', code: '4.2.2', desc: 'メールボックスの容量超過' },
      { match: 'matsumoto.64@example.org', code: '5.1.1', desc: '宛先のメールボックスが存在しません' },
    ],
    unsubscribed: ['sato.34@example.jp', 'murakami.74@example.ne.jp', 'saito.b4@i.softbank.jp'],
    stopped: ['okada.54@docomo.ne.jp', 'abe.c4@i.softbank.jp'],
    error_counts: { 'ishikawa.d4@i.softbank.jp': 2 },
    error_stop_threshold: 3,
  },
  // Forms, column sets and posted images are built from the member tables when the scenario
  // has none; extensions.services sets the rest.
  extensions: {
    services: { batch: { base_seconds: 10, seconds_per_1000_rows: 2, retention_days: 7 } },
  },
}
