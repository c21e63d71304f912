import type { MemberValue } from '../member-db/members/member-view.js'
import { optionsOf } from '../member-db/members/fixed-options.js'
import { PASSWORD_MASK } from '../member-db/members/password.js'
import type { MemberElement } from '../member-db/member-db-state.js'

/** The file text of an API value: booleans 1/0, option ids joined with ",", null empty. */
export function cellOf(v: MemberValue): string {
  if (v === null) return ''
  if (typeof v === 'string') return v
  if (typeof v === 'number') return String(v)
  if (typeof v === 'boolean') return v ? '1' : '0'
  return v.join(',')
}

export type CellResult = { ok: true; value: unknown } | { ok: false; message: string }

const TRUE = new Set(['1', 'true', 'TRUE', 'True', 'はい', 'yes'])
const FALSE = new Set(['0', 'false', 'FALSE', 'False', 'いいえ', 'no'])

function optionId(el: MemberElement, cell: string): number | null {
  if (/^[0-9]+$/.test(cell)) return Number(cell)
  for (const [id, label] of Object.entries(optionsOf(el))) if (label === cell) return Number(id)
  return null
}

/**
 * A file cell as the API value of its element (then checked by the member store's rules).
 * Choices accept the option id or its label; multi-select ids or labels joined with ",";
 * yes/no 1/0 (true/false, はい/いいえ); a password cell of "******" counts as empty.
 */
export function valueOfCell(el: MemberElement, cell: string): CellResult {
  const name = el.name
  switch (el.type) {
    case 'integer':
      if (cell === '') return { ok: true, value: null }
      if (!/^-?[0-9]+$/.test(cell)) return { ok: false, message: `「${name}」には整数を指定してください（${cell}）。` }
      return { ok: true, value: Number(cell) }
    case 'select':
    case 'prefecture':
    case 'sex':
    case 'marriage': {
      if (cell === '' || cell === '0') return { ok: true, value: 0 }
      const id = optionId(el, cell)
      return id === null
        ? { ok: false, message: `「${name}」に存在しない選択肢「${cell}」が指定されました。` }
        : { ok: true, value: id }
    }
    case 'select_multiple': {
      if (cell === '') return { ok: true, value: [] }
      const ids: number[] = []
      for (const part of cell
        .split(',')
        .map((s) => s.trim())
        .filter((s) => s !== '')) {
        const id = optionId(el, part)
        if (id === null) return { ok: false, message: `「${name}」に存在しない選択肢「${part}」が指定されました。` }
        ids.push(id)
      }
      return { ok: true, value: ids }
    }
    case 'yesno':
    case 'checkbox':
      if (cell === '') return { ok: true, value: null }
      if (TRUE.has(cell)) return { ok: true, value: true }
      if (FALSE.has(cell)) return { ok: true, value: false }
      return { ok: false, message: `「${name}」には 1 または 0 を指定してください（${cell}）。` }
    case 'password':
    case 'hashed_password':
      return { ok: true, value: cell === '' || cell === PASSWORD_MASK ? null : cell }
    default:
      return { ok: true, value: cell === '' ? null : cell }
  }
}
