import { parseDay } from '../../../lib/day-number.js'
import type { StoredValue } from '../member-columns.js'
import type { MemberElement } from '../member-db-state.js'
import { charClassLabel, charLength, matchesCharClass } from './char-class.js'
import { optionsOf } from './fixed-options.js'
import { passwordProblems } from './password.js'
import { isEmail, isTelephone, isUrl, isZip } from './syntax.js'

/** Result of checking one submitted value: the value to store, or messages. */
export type ValueCheck = { ok: true; value: StoredValue; blank: boolean } | { ok: false; messages: string[] }

/** Default maximum lengths (characters) when the element sets no `max`. */
const DEFAULT_MAX_LENGTH: Partial<Record<MemberElement['type'], number>> = {
  text: 255,
  textarea: 10000,
  email: 256,
  url: 2048,
  encrypted_text: 255,
  auth: 255,
  zip: 8,
  telephone: 13,
}

const blank = (value: StoredValue): ValueCheck => ({ ok: true, value, blank: true })
const fail = (...messages: string[]): ValueCheck => ({ ok: false, messages })
const ok = (value: StoredValue): ValueCheck => ({ ok: true, value, blank: false })

function checkString(el: MemberElement, s: string): string[] {
  const out: string[] = []
  const cfg = el.config
  const longest = cfg.max ?? DEFAULT_MAX_LENGTH[el.type] ?? null
  // far over the limit (more than two UTF-16 units per allowed character): refused for its
  // length alone, without scanning what may be megabytes for the other rules
  if (longest !== null && s.length > 2 * longest) return [`「${el.name}」は${longest}文字以内で入力してください。`]
  const multiline = el.type === 'textarea'
  if (!multiline && /[\r\n]/.test(s)) out.push(`「${el.name}」に改行は使えません。`)
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the rule of the service is exactly "no C0 control character except tab and line breaks, no DEL"
  if (/[\x00-\x08\x0B\x0C\x0E-\x1F\x7F]/.test(s)) out.push(`「${el.name}」に制御文字は使えません。`)
  const cls = cfg.type
  if (cls && !matchesCharClass(multiline ? s.replace(/[\r\n\t]/g, '') : s, cls)) {
    out.push(`「${el.name}」は${charClassLabel[cls]}で入力してください。`)
  }
  const min = cfg.min ?? null
  const max = cfg.max ?? DEFAULT_MAX_LENGTH[el.type] ?? null
  const len = charLength(s, Math.max(max ?? Number.POSITIVE_INFINITY, min ?? 0))
  if (min !== null && len < min) out.push(`「${el.name}」は${min}文字以上で入力してください。`)
  if (max !== null && len > max) out.push(`「${el.name}」は${max}文字以内で入力してください。`)
  return out
}

/**
 * Check one submitted value against its element's type and config, and convert it to the
 * stored form. Does not decide required-ness, password generation or autogen: see
 * `validateMemberInput`.
 */
export function checkElementValue(el: MemberElement, raw: unknown): ValueCheck {
  const name = el.name
  const cfg = el.config
  switch (el.type) {
    case 'timestamp':
      return fail(`「${name}」はシステム項目のため指定できません。`)
    case 'autogen':
      return fail(`「${name}」は自動採番項目のため指定できません。`)
    case 'integer': {
      if (raw === null || raw === '') return blank(null)
      if (typeof raw !== 'number' || !Number.isInteger(raw)) return fail(`「${name}」には整数を指定してください。`)
      const out: string[] = []
      if (cfg.min != null && raw < cfg.min) out.push(`「${name}」は${cfg.min}以上で指定してください。`)
      if (cfg.max != null && raw > cfg.max) out.push(`「${name}」は${cfg.max}以下で指定してください。`)
      if (!Number.isSafeInteger(raw)) out.push(`「${name}」の値が大きすぎます。`)
      return out.length ? fail(...out) : ok(raw)
    }
    case 'select':
    case 'prefecture':
    case 'sex':
    case 'marriage': {
      if (raw === null || raw === 0) return blank(0)
      if (typeof raw !== 'number' || !Number.isInteger(raw))
        return fail(`「${name}」には選択肢IDを整数で指定してください。`)
      if (!(String(raw) in optionsOf(el))) return fail(`「${name}」に存在しない選択肢ID ${raw} が指定されました。`)
      return ok(raw)
    }
    case 'select_multiple': {
      if (raw === null) return blank([])
      if (!Array.isArray(raw) || raw.some((v) => typeof v !== 'number' || !Number.isInteger(v))) {
        return fail(`「${name}」には選択肢IDの配列を指定してください。`)
      }
      const opts = optionsOf(el)
      const unknown = raw.filter((v) => !(String(v) in opts))
      if (unknown.length) return fail(`「${name}」に存在しない選択肢ID ${unknown.join(', ')} が指定されました。`)
      const ids = [...new Set(raw as number[])].sort((a, b) => a - b)
      const out: string[] = []
      if (ids.length && cfg.min != null && ids.length < cfg.min)
        out.push(`「${name}」は${cfg.min}個以上選択してください。`)
      if (cfg.max != null && ids.length > cfg.max) out.push(`「${name}」は${cfg.max}個以内で選択してください。`)
      if (out.length) return fail(...out)
      return ids.length ? ok(ids) : blank([])
    }
    case 'yesno':
    case 'checkbox': {
      if (raw === null) return blank(el.type === 'checkbox' ? false : null)
      if (typeof raw !== 'boolean') return fail(`「${name}」には真偽値（true または false）を指定してください。`)
      if (el.type === 'checkbox' && raw === false) return blank(false)
      return ok(raw)
    }
    case 'date': {
      if (raw === null || raw === '') return blank(null)
      if (typeof raw !== 'string') return fail(`「${name}」には日付を文字列（YYYY-MM-DD）で指定してください。`)
      const day = parseDay(raw)
      if (day === null) return fail(`「${name}」の日付の形式が正しくありません（YYYY-MM-DD の実在する日付）。`)
      const y = Number(raw.slice(0, 4))
      if ((cfg.min_year != null && y < cfg.min_year) || (cfg.max_year != null && y > cfg.max_year)) {
        return fail(`「${name}」の年は${cfg.min_year ?? ''}年から${cfg.max_year ?? ''}年の間で指定してください。`)
      }
      return ok(day)
    }
    case 'password':
    case 'hashed_password': {
      if (raw === null || raw === '') return blank(null)
      if (typeof raw !== 'string') return fail(`「${name}」には文字列を指定してください。`)
      const out = passwordProblems(name, raw, cfg)
      return out.length ? fail(...out) : ok(raw)
    }
    default: {
      // text, textarea, email, url, zip, telephone, encrypted_text, auth
      if (raw === null || raw === '') return blank(el.type === 'encrypted_text' ? '' : null)
      if (typeof raw !== 'string') return fail(`「${name}」には文字列を指定してください。`)
      const out = checkString(el, raw)
      if (el.type === 'email' && !isEmail(raw)) out.push(`「${name}」のメールアドレスの形式が正しくありません。`)
      if (el.type === 'url' && !isUrl(raw))
        out.push(`「${name}」のURLの形式が正しくありません（http:// または https:// で始まるURL）。`)
      if (el.type === 'zip' && !isZip(raw))
        out.push(`「${name}」の郵便番号の形式が正しくありません（1234567 または 123-4567）。`)
      if (el.type === 'telephone' && !isTelephone(raw))
        out.push(`「${name}」の電話番号の形式が正しくありません（0 で始まる10桁または11桁、ハイフン可）。`)
      if (el.type === 'auth' && !/^[\x21-\x7E]*$/.test(raw)) out.push(`「${name}」は半角英数記号で入力してください。`)
      return out.length ? fail(...out) : ok(raw)
    }
  }
}
