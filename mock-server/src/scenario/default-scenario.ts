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
  memberTables: [
    {
      id: 1,
      title: '会員データベース',
      elements: [
        { id: 1, name: '登録日時', type: 'timestamp', system: true, systemField: 'regist_date', config: {} },
        { id: 2, name: '更新日時', type: 'timestamp', system: true, systemField: 'update_date', config: {} },
        {
          id: 3,
          name: '会員番号',
          type: 'autogen',
          config: { prefix: 'M', suffix: '', number_of_digits: 7, standard_value: 1, add_option: 1 },
        },
        {
          id: 4,
          name: 'メールアドレス',
          type: 'email',
          required: true,
          unique: true,
          fake: 'email',
          config: { max: 256 },
        },
        {
          id: 5,
          name: 'パスワード',
          type: 'hashed_password',
          required: true,
          config: {
            allow_chars: '!#$%&*+-_.',
            require_digit: 1,
            require_alpha: 1,
            require_special: 0,
            min_length: 8,
            max_length: 32,
            auto_length: 10,
          },
        },
        { id: 6, name: '氏名', type: 'text', required: true, fake: 'name', config: { type: 'any', min: 1, max: 40 } },
        { id: 7, name: 'フリガナ', type: 'text', fake: 'kana', config: { type: 'katakana', max: 60 } },
        { id: 8, name: '生年月日', type: 'date', fake: 'birthday', config: { min_year: 1900, max_year: 2030 } },
        { id: 9, name: '性別', type: 'sex', config: { options: { '1': '男性', '2': '女性' } } },
        { id: 10, name: '都道府県', type: 'prefecture', config: {} },
        { id: 11, name: '郵便番号', type: 'zip', config: {} },
        { id: 12, name: '電話番号', type: 'telephone', config: {} },
        {
          id: 13,
          name: '興味のあるカテゴリ',
          type: 'select_multiple',
          config: {
            options: {
              '1': 'ファッション',
              '2': 'グルメ',
              '3': '旅行',
              '4': 'スポーツ',
              '5': '音楽',
              '6': '映画',
              '7': '読書',
              '8': 'アウトドア',
            },
            max: 5,
          },
        },
        {
          id: 14,
          name: '会員ランク',
          type: 'select',
          config: { options: { '1': 'レギュラー', '2': 'シルバー', '3': 'ゴールド', '4': 'プラチナ' } },
        },
        {
          id: 15,
          name: '備考（暗号化）',
          type: 'encrypted_text',
          fake: 'sentence',
          config: { type: 'any', max: 200, encryption_key: 'member-note-key' },
        },
        {
          id: 16,
          name: 'メールマガジン',
          type: 'yesno',
          config: { label: 'メールマガジンを受け取る', yes_description: '受け取る', no_description: '受け取らない' },
        },
        { id: 17, name: '利用規約への同意', type: 'checkbox', config: { label: '利用規約に同意する' } },
        { id: 18, name: '婚姻状況', type: 'marriage', config: { options: { '1': '未婚', '2': '既婚' } } },
        { id: 19, name: '保有ポイント', type: 'integer', config: { min: 0, max: 1000000 } },
        { id: 20, name: 'ウェブサイト', type: 'url', config: { max: 255 } },
        { id: 21, name: '自己紹介', type: 'textarea', fake: 'sentence', config: { type: 'allow_vender', max: 1000 } },
        { id: 22, name: 'ニックネーム（ひらがな）', type: 'text', fake: 'none', config: { type: 'hiragana', max: 20 } },
        { id: 23, name: 'ログインID', type: 'text', fake: 'login', config: { type: 'alphanum', min: 4, max: 20 } },
        {
          id: 24,
          name: '仮パスワード',
          type: 'password',
          config: {
            allow_chars: '!#$%',
            require_digit: 1,
            require_alpha: 0,
            require_special: 0,
            min_length: 6,
            max_length: 16,
            auto_length: 8,
          },
        },
        { id: 25, name: 'ワンタイム認証キー', type: 'auth', config: { max: 64 } },
        { id: 26, name: '勤務先', type: 'text', fake: 'company', config: { type: 'zenkaku', max: 60 } },
        { id: 27, name: '会員証番号（半角）', type: 'text', fake: 'none', config: { type: 'hankaku', max: 20 } },
        { id: 28, name: '紹介コード（数字）', type: 'text', fake: 'none', config: { type: 'number', max: 10 } },
        { id: 29, name: 'イニシャル（英字）', type: 'text', fake: 'none', config: { type: 'alphabet', max: 4 } },
        {
          id: 30,
          name: 'メモ（機種依存文字可）',
          type: 'text',
          fake: 'none',
          config: { type: 'any_vender', max: 100 },
        },
        { id: 31, name: '連絡事項', type: 'textarea', fake: 'none', config: { type: 'disallow_vender', max: 500 } },
      ],
      members: { generate: 1000 },
      conditions: [
        {
          id: 2,
          title: '東京都の女性会員',
          grouping: true,
          conditions: { e_10: [13, { values: [13] }], e_9: [2, { values: [2] }] },
        },
        { id: 3, title: 'メールマガジン購読者', grouping: true, conditions: { e_16: [11, {}] } },
        {
          id: 4,
          title: '今月が誕生月の会員',
          grouping: true,
          conditions: { e_8: [26, { calc_start_value: 0, calc_end_value: 0, calc_ignore_year: true }] },
        },
        { id: 5, title: 'ゴールド以上の会員', grouping: false, conditions: { e_14: [13, { values: [3, 4] }] } },
        {
          id: 6,
          title: '旧キャンペーン対象（利用停止）',
          grouping: true,
          hidden: true,
          conditions: { e_13: [13, { options: [3] }] },
        },
      ],
    },
    {
      id: 2,
      title: 'セミナー申込者',
      elements: [
        { id: 101, name: '申込日時', type: 'timestamp', system: true, systemField: 'regist_date', config: {} },
        { id: 102, name: 'メールアドレス', type: 'email', required: true, unique: true, fake: 'email', config: {} },
        {
          id: 103,
          name: '参加回',
          type: 'select',
          required: true,
          unique: true,
          config: { options: { '1': '第1回（東京）', '2': '第2回（大阪）', '3': '第3回（オンライン）' } },
        },
        { id: 104, name: '氏名', type: 'text', required: true, fake: 'name', config: { type: 'any', max: 40 } },
        { id: 105, name: '会社名', type: 'text', fake: 'company', config: { type: 'any', max: 60 } },
        {
          id: 106,
          name: '申込番号',
          type: 'autogen',
          config: { prefix: 'S-', suffix: '-2025', number_of_digits: 4, standard_value: 1, add_option: 1 },
        },
      ],
      members: { generate: 30 },
      conditions: [
        { id: 7, title: '第3回（オンライン）申込者', grouping: true, conditions: { e_103: [2, { values: [3] }] } },
      ],
    },
    {
      id: 3,
      title: '退会者アーカイブ',
      elements: [
        { id: 201, name: '退会日時', type: 'timestamp', system: true, systemField: 'regist_date', config: {} },
        { id: 202, name: 'メールアドレス', type: 'email', required: true, unique: true, fake: 'email', config: {} },
        { id: 203, name: '退会理由', type: 'textarea', fake: 'sentence', config: { type: 'any', max: 500 } },
      ],
      members: { generate: 20 },
    },
  ],
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
  // Forms, column sets and posted images are built from the member tables when the
  // scenario has none (see domains/forms/forms-scenario.ts); extensions.services sets the rest.
  extensions: {
    services: { batch: { base_seconds: 10, seconds_per_1000_rows: 2, retention_days: 7 } },
  },
}
