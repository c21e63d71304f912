/** Japanese labels of the contract's rights and options. */
export const rightLabels: Record<string, string> = {
  all: 'すべての権限（all）',
  work: '作業（work）',
  operation: '運用（operation）',
  reference: '参照（reference）',
  member_data_search: '会員データ検索（member_data_search）',
}

export const optionLabels: Record<string, string> = {
  mail: 'メール配信オプション（mail）',
  forms: 'フォームオプション（forms）',
  posted_images: '投稿画像オプション（posted_images）',
}

/** The default scenario's tokens (mock-server/src/scenario/default-scenario.ts). */
export const emulatorTokens = [
  'krs-all',
  'krs-work',
  'krs-operation',
  'krs-reference',
  'krs-search',
  'krs-noencrypt',
  'krs-nomail',
  'krs-table1',
] as const
