import type { Lang } from './lang.js'
import { messages, type MessageKey } from './messages.js'

/** Every message in one language. */
export type Catalogue = Readonly<Record<MessageKey, string>>

const tables: Partial<Record<Lang, Catalogue>> = {}

/**
 * The messages of one language, from the two-language table. In the build (tsup.config.ts)
 * this module is replaced by one that reads that language's table alone, written beside the
 * build as JSON: a run reads one language, and JSON is quicker to read than code.
 */
export function catalogue(lang: Lang): Catalogue {
  tables[lang] ??= Object.fromEntries(Object.entries(messages).map(([key, m]) => [key, m[lang]])) as Catalogue
  return tables[lang]
}
