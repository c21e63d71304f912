import { KrsError } from '../../kernel/krs-error.js'
import { msg } from '../../kernel/messages.js'
import type { MemberElement, MemberTableState } from '../member-db/member-db-state.js'
import type { ImportMode, OverrideOption } from './batch-state.js'

/**
 * The per-element override options of an import: which values each element
 * type allows in each mode, and the default. Elements that are not written by an import
 * (timestamps) take no option.
 */
export interface OptionRule {
  allowed: readonly OverrideOption[]
  default: OverrideOption
}

const KEYABLE = new Set(['text', 'email', 'url', 'zip', 'telephone'])
const PLAIN = new Set([
  'textarea',
  'integer',
  'select',
  'date',
  'prefecture',
  'sex',
  'marriage',
  'yesno',
  'checkbox',
  'encrypted_text',
  'auth',
])

export function optionRule(el: MemberElement, mode: ImportMode): OptionRule | null {
  const t = el.type
  if (KEYABLE.has(t)) {
    if (el.unique)
      return mode === 3 ? { allowed: ['none', 'key'], default: 'none' } : { allowed: ['key'], default: 'key' }
    return mode === 3
      ? { allowed: ['none', 'normal', 'force', 'key'], default: 'none' }
      : { allowed: ['none', 'normal', 'force'], default: 'none' }
  }
  if (PLAIN.has(t)) return { allowed: ['none', 'normal', 'force'], default: 'none' }
  if (t === 'password' || t === 'hashed_password') {
    return mode === 0
      ? { allowed: ['auto', 'force'], default: 'auto' }
      : { allowed: ['auto', 'normal'], default: 'auto' }
  }
  if (t === 'select_multiple') {
    return mode === 0
      ? { allowed: ['none', 'normal', 'force'], default: 'none' }
      : { allowed: ['none', 'normal', 'force', 'merge'], default: 'none' }
  }
  if (t === 'autogen') {
    if (!el.unique) return { allowed: ['autogen'], default: 'autogen' }
    if (mode === 0) return { allowed: ['autogen'], default: 'autogen' }
    if (mode === 3) return { allowed: ['autogen', 'key'], default: 'autogen' }
    return { allowed: ['key'], default: 'key' }
  }
  return null
}

/** `is_update` as a mode: booleans are the deprecated form of 0 and 1; omitted is 0. */
export function importModeOf(v: unknown): ImportMode {
  if (v === undefined || v === false) return 0
  if (v === true) return 1
  return v as ImportMode
}

/**
 * Resolve the options of every element for a mode: F0203 for a key that names no element
 * of the table, F0204 for a value the element and mode do not allow, F0009 for modes 1 and 2
 * on a table without unique key, F0231 for mode 3 without any `key` element.
 */
export function resolveOverrides(
  table: MemberTableState,
  mode: ImportMode,
  given: Record<string, string> | undefined,
): Record<string, OverrideOption> {
  const byKey = new Map(table.elements.map((e) => [`e_${e.id}`, e]))
  const out: Record<string, OverrideOption> = {}
  for (const [key, value] of Object.entries(given ?? {})) {
    const el = byKey.get(key)
    const rule = el ? optionRule(el, mode) : null
    if (!el || !rule)
      throw new KrsError(
        'KR_API_F0203',
        msg('override_unknown_element', { key, member_table_id: table.id, element_id: key }),
      )
    if (!rule.allowed.includes(value as OverrideOption)) {
      throw new KrsError(
        'KR_API_F0204',
        msg(el.unique ? 'override_not_allowed_unique' : 'override_not_allowed', {
          key,
          value: String(value),
          type: el.type,
          mode,
          allowed: rule.allowed.join(', '),
        }),
      )
    }
    out[key] = value as OverrideOption
  }
  for (const el of table.elements) {
    const key = `e_${el.id}`
    const rule = optionRule(el, mode)
    if (rule && !(key in out)) out[key] = rule.default
  }
  const hasUnique = table.elements.some((e) => e.unique)
  if ((mode === 1 || mode === 2) && !hasUnique) {
    throw new KrsError('KR_API_F0009', msg('import_needs_unique_key', { member_table_id: table.id, mode }))
  }
  if (mode === 3 && !Object.values(out).includes('key')) {
    throw new KrsError('KR_API_F0231', msg('import_any_key_needs_key'))
  }
  return out
}
