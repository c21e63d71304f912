import type { OperationInfo } from '@krs-kit/contract/operations'
import { flagSpecs, type FlagSpec } from '../schema/flag-spec.js'
import { reservedFlags } from '../schema/reserved-flags.js'
import { lang, t } from '../i18n/lang.js'

/** The flags of one operation, renamed away from `krs`'s own flags where needed. */
export function operationFlags(info: OperationInfo): FlagSpec[] {
  return flagSpecs(info.requestSchema).map((f) => (reservedFlags.has(f.flag) ? { ...f, flag: `${f.flag}-value` } : f))
}

/** The first paragraph on one line (Japanese lines join without a space). */
function firstParagraph(text: string): string {
  const lines = (text.split(/\n\s*\n/)[0] ?? '').split('\n').map((l) => l.trim())
  return lines.reduce(
    (acc, line) =>
      acc === '' ? line : /[\x21-\x7e]$/.test(acc) && /^[\x21-\x7e]/.test(line) ? `${acc} ${line}` : acc + line,
    '',
  )
}

/** One line of help: the description's first line, required mark, range and default. */
export function flagHelp(f: FlagSpec): string {
  const first = firstParagraph(f.description)
  const notes: string[] = []
  if (f.required) notes.push(t('op.required'))
  if (f.minimum !== undefined && f.maximum !== undefined) notes.push(t('op.range', { min: f.minimum, max: f.maximum }))
  else if (f.minimum !== undefined) notes.push(t('op.min', { min: f.minimum }))
  else if (f.maximum !== undefined) notes.push(t('op.max', { max: f.maximum }))
  if (f.defaultValue !== undefined) notes.push(t('op.default', { value: JSON.stringify(f.defaultValue) }))
  if (notes.length === 0) return first
  return lang() === 'ja' ? `${first}（${notes.join('、')}）` : `${first} (${notes.join(', ')})`
}
