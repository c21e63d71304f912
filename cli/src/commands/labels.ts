import type { AccountOption, Right } from '../generated/operations.js'

/** Japanese names of the rights and account options (help and the reference page). */
export const rightLabels: Record<Right, string> = {
  all: '全権限',
  work: '作業',
  operation: '運用',
  reference: '参照',
  member_data_search: '会員データ検索',
}

export const optionLabels: Record<AccountOption, string> = {
  mail: 'メール配信オプション',
  forms: 'フォームオプション',
  posted_images: '投稿画像オプション',
}

export function rightsText(rights: readonly Right[]): string {
  return rights.length === 0 ? 'トークンのみ（権限は不要）' : rights.map((r) => rightLabels[r]).join('、')
}

export function optionText(option: AccountOption | null): string {
  return option === null ? 'なし' : optionLabels[option]
}
