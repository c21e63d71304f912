/** The kuromoji tokenizer (IPADIC, shipped inside the npm package), built once per process. */
import { createRequire } from 'node:module'
import path from 'node:path'
import kuromoji from 'kuromoji'
import type { IpadicFeatures, Tokenizer } from 'kuromoji'

export type JapaneseTokenizer = Tokenizer<IpadicFeatures>
export type Morpheme = IpadicFeatures

let cached: Promise<JapaneseTokenizer> | undefined

/** The dictionary folder of the installed kuromoji package (no download at run time). */
export function kuromojiDictPath(): string {
  const require = createRequire(import.meta.url)
  return path.join(path.dirname(require.resolve('kuromoji/package.json')), 'dict')
}

/**
 * Returns the shared tokenizer. Building it reads and unpacks the dictionary (about 1–2 s),
 * so every page of a build reuses the same promise; a failed build is not cached.
 */
export function getTokenizer(): Promise<JapaneseTokenizer> {
  if (!cached) {
    cached = new Promise<JapaneseTokenizer>((resolve, reject) => {
      kuromoji.builder({ dicPath: kuromojiDictPath() }).build((error, tokenizer) => {
        if (error) reject(error)
        else resolve(tokenizer)
      })
    })
    cached.catch(() => {
      cached = undefined
    })
  }
  return cached
}
