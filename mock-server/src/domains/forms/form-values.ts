import type { MemberElement, MemberTableState } from '../member-db/member-db-state.js'
import type { FormElementDef, MemberFormDef } from './forms-state.js'
import { passwordProblems } from '../member-db/members/password.js'
import { checkElementValue } from '../member-db/members/validate-value.js'
import { passwordElementOf } from './form-access.js'

const HANKANA = /[\uFF61-\uFF9F]+/g

/** Half-width katakana to full-width (dakuten composed), for elements with that setting. */
export function toZenkakuKana(s: string): string {
  return s.replace(HANKANA, (m) => m.normalize('NFKC'))
}

export type FormValueCheck = { messages: string[]; value: unknown; blank: boolean; drop: boolean }

const CHOICE = new Set(['select', 'prefecture', 'sex', 'marriage', 'select_multiple'])

/**
 * Check one submitted form value against its element (or the table's password rules for the
 * authentication password and new_pass). A non-required choice with an unknown option id is
 * dropped without error; requirement 1 makes a blank value an error.
 */
export function checkFormValue(
  table: MemberTableState,
  form: MemberFormDef,
  fel: FormElementDef | 'new_pass',
  raw: unknown,
): FormValueCheck {
  const pw = passwordElementOf(table)
  const required = fel === 'new_pass' || fel.requirement === 1
  const title = fel === 'new_pass' ? '新しいパスワード' : fel.title
  if (fel === 'new_pass' || fel.elementId === 0) {
    if (raw === null || raw === undefined || raw === '') {
      return { messages: required ? [`「${title}」は必須項目です。`] : [], value: null, blank: true, drop: false }
    }
    if (typeof raw !== 'string')
      return { messages: [`「${title}」には文字列を指定してください。`], value: raw, blank: false, drop: false }
    // the current password is only compared, not checked against the rules
    const messages = fel === 'new_pass' && pw ? passwordProblems(title, raw, pw.config) : []
    return { messages, value: raw, blank: false, drop: false }
  }
  const el = table.elements.find((e) => e.id === fel.elementId) as MemberElement | undefined
  if (!el)
    return { messages: [`「${title}」の項目がデータベースにありません。`], value: raw, blank: false, drop: false }
  const value = typeof raw === 'string' && fel.convertHankana ? toZenkakuKana(raw) : raw
  const r = checkElementValue({ ...el, name: title }, value)
  if (!r.ok) {
    if (!required && CHOICE.has(el.type) && r.messages.every((m) => m.includes('存在しない選択肢'))) {
      return { messages: [], value: null, blank: true, drop: true }
    }
    return { messages: r.messages, value, blank: false, drop: false }
  }
  if (r.blank && required && form.type !== 'delete') {
    return {
      messages: [el.type === 'checkbox' ? `「${title}」はチェックが必要です。` : `「${title}」は必須項目です。`],
      value,
      blank: true,
      drop: false,
    }
  }
  return { messages: [], value, blank: r.blank, drop: false }
}
