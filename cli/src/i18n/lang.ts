import { catalogue } from './catalogue.js'
import type { MessageKey } from './messages.js'

export type Lang = 'ja' | 'en'

/**
 * The language of help and messages. Japanese until `run()` picks one, so that the docs
 * site's reference page (built without `run()`) stays Japanese.
 */
let current: Lang = 'ja'

export function setLang(lang: Lang): void {
  current = lang
}

export function lang(): Lang {
  return current
}

/**
 * `--lang ja|en`, else the POSIX locale (`LC_ALL`, then `LC_MESSAGES`, then `LANG`):
 * Japanese for `ja*`, English for anything else, including an unset or `C` locale.
 */
export function pickLang(
  argv: readonly string[],
  env: Readonly<Record<string, string | undefined>>,
): Lang | { invalid: string } {
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i] as string
    if (a === '--') break
    const given = a === '--lang' ? argv[i + 1] : a.startsWith('--lang=') ? a.slice(7) : undefined
    if (given !== undefined) return given === 'ja' || given === 'en' ? given : { invalid: given }
  }
  const locale = env.LC_ALL || env.LC_MESSAGES || env.LANG || ''
  return /^ja([_.@-]|$)/i.test(locale) ? 'ja' : 'en'
}

/** The message in the current language, `{name}` replaced by `vars.name`. */
export function t(key: MessageKey, vars: Record<string, string | number> = {}): string {
  const text = catalogue(current)[key]
  return text.replace(/\{(\w+)\}/g, (m, name: string) => (name in vars ? String(vars[name]) : m))
}

/** `a, b or c` / `a、b、c`: the choices a value may take, for messages. */
export function orList(items: readonly (string | number)[]): string {
  const all = items.map(String)
  if (current === 'ja') return all.join('、')
  return all.length < 2 ? all.join('') : `${all.slice(0, -1).join(', ')} or ${all[all.length - 1]}`
}
