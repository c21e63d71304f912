import type { MemberElement } from '../member-db-state.js'
import { PREFECTURES } from '../../../lib/prefectures.js'

export { PREFECTURES }

export const prefectureOptions: Record<string, string> = Object.fromEntries(
  PREFECTURES.map((p, i) => [String(i + 1), p]),
)
export const sexOptions: Record<string, string> = { '1': '男性', '2': '女性' }
export const marriageOptions: Record<string, string> = { '1': '未婚', '2': '既婚' }

/** The options of a choice element: its config, or the fixed lists of the type. */
export function optionsOf(el: MemberElement): Record<string, string> {
  if (el.config.options) return el.config.options
  switch (el.type) {
    case 'prefecture':
      return prefectureOptions
    case 'sex':
      return sexOptions
    case 'marriage':
      return marriageOptions
    default:
      return {}
  }
}
