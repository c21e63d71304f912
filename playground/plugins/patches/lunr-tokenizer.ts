/**
 * Search index: API names and error codes are also found by their parts. The search plugin
 * (@easyops-cn/docusaurus-search-local) builds its lunr index in this build process; its
 * multi-language tokenizer (ja + en) takes lunr's default tokenizer when the index is first
 * built, so replacing it here (when the config loads) makes every `add_member` also index
 * `add` and `member`, and `KR_API_F0116` also `kr`, `api` and `f0116`. The whole word stays
 * indexed, so searching for the full name still finds it.
 */
import { createRequire } from 'node:module'
import { dirname } from 'node:path'

interface Token {
  toString(): string
  clone(fn?: (s: string) => string): Token
}
type Tokenizer = ((obj: unknown, metadata?: object) => Token[]) & { separator?: RegExp; krsParts?: true }

const require = createRequire(import.meta.url)
const lunr = require('lunr') as { tokenizer: Tokenizer }

/** The parts of a word joined by underscores (none for a word without one). */
export function wordParts(word: string): string[] {
  return word.includes('_') ? word.split('_').filter((p) => p !== '') : []
}

/**
 * Throws unless `searchPluginDir` (where the search plugin builds its index) resolves the same
 * lunr as this file: with a copy of its own, the plugin would never see the tokenizer below.
 */
export function checkSameLunr(searchPluginDir: string): void {
  const ours = require.resolve('lunr')
  const theirs = require.resolve('lunr', { paths: [searchPluginDir] })
  if (theirs !== ours)
    throw new Error(
      `dependency patch lunr-tokenizer.ts: the search plugin loads lunr from ${theirs}, not ${ours}, so API names would no longer be indexed by their parts (see plugins/patches/README.md)`,
    )
}

export function installPartTokenizer(): void {
  checkSameLunr(dirname(require.resolve('@easyops-cn/docusaurus-search-local/dist/server/server/utils/buildIndex.js')))
  const original = lunr.tokenizer
  if (original.krsParts) return
  const withParts: Tokenizer = (obj, metadata) => {
    const tokens = original(obj, metadata)
    const parts = tokens.flatMap((t) => wordParts(t.toString()).map((p) => t.clone(() => p)))
    return [...tokens, ...parts]
  }
  withParts.separator = original.separator
  withParts.krsParts = true
  lunr.tokenizer = withParts
}
