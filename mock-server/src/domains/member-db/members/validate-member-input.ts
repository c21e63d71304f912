import type { StoredValue } from '../member-columns.js'
import type { MemberElement, MemberTableState } from '../member-db-state.js'
import { apiValue } from './member-view.js'
import { tablePlan } from './table-plan.js'
import { checkElementValue } from './validate-value.js'

export type InputMode = 'add' | 'update'

/** Per-element Japanese messages, keyed by `e_{id}` (what KR_API_F0116 reports). */
export type ElementErrors = Record<string, string[]>

export interface CheckedInput {
  /** Values to store, by element id (only elements that change). */
  values: Map<number, StoredValue>
  /** Password elements left blank (to be generated). */
  blankPasswords: MemberElement[]
  errors: ElementErrors
}

const E_KEY = /^e_([0-9]+)$/

/**
 * Validate a submitted member_info for add (absent = blank) or update (absent = unchanged).
 * `row` is the member being updated. Collects every error instead of stopping at the first.
 * The table's element maps come from its precomputed plan (`tablePlan`), not rebuilt per call.
 */
export function checkMemberInput(
  table: MemberTableState,
  input: Record<string, unknown>,
  mode: InputMode,
  row = -1,
): CheckedInput {
  const plan = tablePlan(table)
  const values = new Map<number, StoredValue>()
  const blankPasswords: MemberElement[] = []
  let errors: ElementErrors | null = null
  const err = (key: string, ...m: string[]) => {
    errors ??= {}
    const list = errors[key] ?? []
    errors[key] = list
    list.push(...m)
  }

  const stamp = nextStamp()
  const marks = plan.marks
  for (const key in input) {
    if (!Object.hasOwn(input, key)) continue
    const raw = input[key]
    const pos = plan.posByKey.get(key)
    let el: MemberElement | undefined
    if (pos !== undefined) {
      marks[pos] = stamp
      el = plan.elements[pos]!
    } else {
      // a key such as e_007 still names element 7 (but is not its canonical key e_7)
      const m = E_KEY.exec(key)
      el = m ? plan.byId.get(Number(m[1])) : undefined
    }
    if (!el) {
      err(key, `項目 ${key} はこのデータベースにありません。`)
      continue
    }
    if (el.type === 'autogen') {
      if (mode === 'add') continue // always generated: a sent value is ignored
      if (raw === null || raw === undefined || raw === apiValue(table, el, row)) continue
      err(key, `「${el.name}」は自動採番項目のため変更できません。`)
      continue
    }
    const r = checkElementValue(el, raw)
    if (!r.ok) {
      err(key, ...r.messages)
      continue
    }
    if (r.blank && (el.type === 'password' || el.type === 'hashed_password')) {
      blankPasswords.push(el)
      continue
    }
    if (r.blank && el.required) {
      err(key, requiredMessage(el))
      continue
    }
    values.set(el.id, r.value)
  }

  if (mode === 'add') {
    for (const d of plan.addDefaults) {
      if (marks[d.pos] === stamp) continue
      if (d.password) {
        blankPasswords.push(d.el)
        continue
      }
      if (d.el.required) err(d.key, requiredMessage(d.el))
    }
  }
  return { values, blankPasswords, errors: errors ?? {} }
}

let stampCounter = 0
/** A fresh mark value for `TablePlan.marks` (never 0, the initial mark). */
function nextStamp(): number {
  stampCounter = stampCounter >= 0x7ffffffe ? 1 : stampCounter + 1
  return stampCounter
}

/** Whether a checked input has any error (without listing the keys). */
export function hasErrors(errors: ElementErrors): boolean {
  for (const _ in errors) return true
  return false
}

function requiredMessage(el: MemberElement): string {
  return el.type === 'checkbox' ? `「${el.name}」はチェックが必要です。` : `「${el.name}」は必須項目です。`
}

/** One line per message, prefixed with the key: the `message` of KR_API_F0116. */
export function formatElementErrors(errors: ElementErrors): string {
  return Object.entries(errors)
    .flatMap(([k, ms]) => ms.map((m) => `${k}: ${m}`))
    .join('\n')
}
