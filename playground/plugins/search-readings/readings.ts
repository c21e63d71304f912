/** Readings (yomi) of the kanji words in a text, found with the kuromoji morphological analyser. */
import { containsKanji, isKatakana } from './kana.js'
import type { JapaneseTokenizer, Morpheme } from './tokenizer.js'

/** One kanji word and its reading in katakana, as IPADIC gives it (配信 → ハイシン). */
export interface ReadingEntry {
  surface: string
  reading: string
}

/** Noun sub-classes that are not worth a reading on their own (事, 私, 一, 都 …). */
const NOUN_SUBCLASSES_SKIPPED = new Set(['非自立', '代名詞', '数', '接尾', '特殊'])
/** Noun sub-classes that do not join a compound (事, 私). */
const NOUN_SUBCLASSES_NOT_IN_COMPOUNDS = new Set(['非自立', '代名詞'])
/** A compound (抽出条件, 会員情報) is 2 to 4 consecutive nouns. */
const MAX_COMPOUND_PARTS = 4
/** A one-mora reading (木 → キ) only adds noise to the index. */
const MIN_READING_LENGTH = 2
/** Cache of readings of dictionary forms (送る → オクル), bounded. */
const MAX_CACHED_BASE_READINGS = 5000

const baseReadings = new Map<string, string | undefined>()

function usableReading(reading: string | undefined): reading is string {
  return reading !== undefined && isKatakana(reading)
}

/** The reading of a whole short text (a dictionary form), or undefined if a part has none. */
function readingOfText(tokenizer: JapaneseTokenizer, text: string): string | undefined {
  if (baseReadings.has(text)) return baseReadings.get(text)
  const parts = tokenizer.tokenize(text).map((morpheme) => morpheme.reading)
  const reading = parts.every(usableReading) ? parts.join('') : undefined
  if (baseReadings.size >= MAX_CACHED_BASE_READINGS) baseReadings.clear()
  baseReadings.set(text, reading)
  return reading
}

function isCompoundPart(morpheme: Morpheme): boolean {
  if (morpheme.pos === '接頭詞') return morpheme.pos_detail_1 === '名詞接続'
  return morpheme.pos === '名詞' && !NOUN_SUBCLASSES_NOT_IN_COMPOUNDS.has(morpheme.pos_detail_1)
}

/**
 * Readings of the kanji words of a text, in order of first appearance, without duplicates:
 * nouns (配信, 会員), compounds of 2–4 nouns (抽出条件), and verbs and adjectives in their
 * dictionary form (送っ → 送る オクル). Words without kanji, particles, auxiliaries, pronouns,
 * numbers and dependent nouns give nothing.
 */
export function extractReadings(tokenizer: JapaneseTokenizer, text: string): ReadingEntry[] {
  const entries: ReadingEntry[] = []
  const seen = new Set<string>()
  const add = (surface: string, reading: string | undefined): void => {
    if (!usableReading(reading) || reading.length < MIN_READING_LENGTH) return
    if (!containsKanji(surface)) return
    const key = `${surface}\t${reading}`
    if (seen.has(key)) return
    seen.add(key)
    entries.push({ surface, reading })
  }

  let run: Morpheme[] = []
  const flushRun = (): void => {
    if (run.length >= 2 && run.length <= MAX_COMPOUND_PARTS) {
      const readings = run.map((morpheme) => morpheme.reading)
      if (readings.every(usableReading)) {
        add(run.map((morpheme) => morpheme.surface_form).join(''), readings.join(''))
      }
    }
    run = []
  }

  for (const morpheme of tokenizer.tokenize(text)) {
    if (isCompoundPart(morpheme)) run.push(morpheme)
    else flushRun()

    if (morpheme.pos === '名詞') {
      if (!NOUN_SUBCLASSES_SKIPPED.has(morpheme.pos_detail_1)) add(morpheme.surface_form, morpheme.reading)
    } else if ((morpheme.pos === '動詞' || morpheme.pos === '形容詞') && morpheme.pos_detail_1 === '自立') {
      const base = morpheme.basic_form === '*' ? morpheme.surface_form : morpheme.basic_form
      if (containsKanji(base)) add(base, readingOfText(tokenizer, base))
    }
  }
  flushRun()
  return entries
}
