import type { MemberElement } from '../member-db-state.js'

/** Prefectures by JIS code (the option ids of prefecture elements). */
export const PREFECTURES = [
  '北海道', '青森県', '岩手県', '宮城県', '秋田県', '山形県', '福島県', '茨城県', '栃木県', '群馬県',
  '埼玉県', '千葉県', '東京都', '神奈川県', '新潟県', '富山県', '石川県', '福井県', '山梨県', '長野県',
  '岐阜県', '静岡県', '愛知県', '三重県', '滋賀県', '京都府', '大阪府', '兵庫県', '奈良県', '和歌山県',
  '鳥取県', '島根県', '岡山県', '広島県', '山口県', '徳島県', '香川県', '愛媛県', '高知県', '福岡県',
  '佐賀県', '長崎県', '熊本県', '大分県', '宮崎県', '鹿児島県', '沖縄県',
] as const

export const prefectureOptions: Record<string, string> = Object.fromEntries(
  PREFECTURES.map((p, i) => [String(i + 1), p]),
)
export const sexOptions: Record<string, string> = { '1': '男性', '2': '女性' }
export const marriageOptions: Record<string, string> = { '1': '未婚', '2': '既婚' }

/** The options of a choice element: its config, or the fixed lists of the type. */
export function optionsOf(el: MemberElement): Record<string, string> {
  if (el.config.options) return el.config.options
  switch (el.type) {
    case 'prefecture': return prefectureOptions
    case 'sex': return sexOptions
    case 'marriage': return marriageOptions
    default: return {}
  }
}
