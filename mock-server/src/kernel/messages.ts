import { messageCatalogue } from './message-catalogue.js'

export type MessageId = keyof typeof messageCatalogue
export type Language = 'en' | 'ja'
export type MessageParam = string | number | boolean | null | undefined | Message

/** A detail text by id and parameters, rendered only when the answer's language is known. */
export interface Message {
  readonly id: MessageId
  readonly params: Readonly<Record<string, MessageParam>>
}

export const msg = (id: MessageId, params: Record<string, MessageParam> = {}): Message => ({ id, params })

export function isMessage(v: unknown): v is Message {
  return (
    typeof v === 'object' && v !== null && 'id' in v && 'params' in v && Object.hasOwn(messageCatalogue, v.id as string)
  )
}

const PLACEHOLDER = /\{([a-z_]+)\}/g

/** The text of a message in `lang`; a placeholder without a parameter stays as written. */
export function renderMessage(m: Message, lang: Language): string {
  const template: string = messageCatalogue[m.id][lang]
  return template.replace(PLACEHOLDER, (whole, name: string) => {
    if (!Object.hasOwn(m.params, name)) return whole
    const v = m.params[name]
    return isMessage(v) ? renderMessage(v, lang) : String(v)
  })
}

/** The placeholder names of a template, in order (for the catalogue's own checks). */
export function placeholdersOf(template: string): string[] {
  return [...template.matchAll(PLACEHOLDER)].map((x) => x[1]!)
}

/**
 * The language of the answer's detail texts from an `Accept-Language` header (RFC 9110
 * §12.5.4): the highest-weighted range among `ja`, `ja-*`, `en`, `en-*` and `*` wins; ties go
 * to the one listed first; `q=0` refuses. Nothing usable (or no header) is English.
 */
export function pickLanguage(header: string | null | undefined): Language {
  if (!header) return 'en'
  let best: Language = 'en'
  let bestQ = 0
  for (const part of header.split(',')) {
    const [rangeRaw, ...paramsRaw] = part.trim().split(';')
    const range = (rangeRaw ?? '').trim().toLowerCase()
    let q = 1
    for (const p of paramsRaw) {
      const m = /^\s*q\s*=\s*(.*?)\s*$/i.exec(p)
      if (m) q = /^(?:0(?:\.\d{0,3})?|1(?:\.0{0,3})?)$/.test(m[1]!) ? Number(m[1]) : Number.NaN
    }
    if (!Number.isFinite(q) || q <= 0 || q > 1) continue
    const primary = range.split('-')[0]
    const lang: Language | null = primary === 'ja' ? 'ja' : primary === 'en' || range === '*' ? 'en' : null
    if (lang && q > bestQ) {
      best = lang
      bestQ = q
    }
  }
  return best
}
