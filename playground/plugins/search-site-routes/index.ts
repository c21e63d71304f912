/**
 * The site's search: @easyops-cn/docusaurus-search-local, with the API reference (/api) and the
 * playground pages (/playground/{api_name}) added to its index.
 *
 * The plugin indexes docs, blog posts and (optionally) pages of plugin-content-pages. With the
 * docs at the site's root, it takes every other route for a doc as well, finds no doc with that
 * permalink and skips it, so /api (Redoc) and the playground's routes are never indexed, whatever
 * `indexPages` says. This wrapper runs the plugin unchanged and, once its postBuild has written
 * search-index.json, adds documents for those routes and rebuilds the lunr indexes with the
 * plugin's own buildIndex (the same options and tokenizer, so `add_member` is also found by
 * `member`):
 *
 * - /api: one page ("API リファレンス") and, for every operation, a heading (its name and
 *   summary, linking to the operation's section, e.g. /api#tag/member-info/operation/add_member)
 *   with its description as content. The texts come from the contract Redoc renders
 *   (.generated/openapi.json: its Markdown as plain text), i.e. what readers see once the
 *   reference is open; the page's HTML holds only the index of the operations.
 * - /playground/{api_name}: one page per operation (its name and summary), from
 *   .generated/operations.json. The pages' HTML is not parsed: each one also lists every operation
 *   operations, which would make every playground page match every operation name.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import type { LoadContext, Plugin, PluginModule } from '@docusaurus/types'
import type { Nodes } from 'mdast'
import remarkParse from 'remark-parse'
import { unified } from 'unified'
import { collectText } from '../search-readings/collect-text'
import { formatReadings } from '../search-readings/index'
import { katakanaToHiragana } from '../search-readings/kana'
import { extractReadings } from '../search-readings/readings'
import { getTokenizer, type JapaneseTokenizer } from '../search-readings/tokenizer'

const require = createRequire(import.meta.url)
const searchPluginDir = dirname(require.resolve('@easyops-cn/docusaurus-search-local/package.json'))
const searchRequire = createRequire(join(searchPluginDir, 'package.json'))

const searchLocalModule = searchRequire('./dist/server/server/index.js') as {
  default: (context: LoadContext, options: unknown) => Plugin
  validateOptions: NonNullable<PluginModule['validateOptions']>
}
const { processPluginOptions } = searchRequire('./dist/server/server/utils/processPluginOptions.js') as {
  processPluginOptions(options: unknown, context: { siteDir: string; siteConfig: unknown }): object
}
const { buildIndex } = searchRequire('./dist/server/server/utils/buildIndex.js') as {
  buildIndex(allDocuments: SearchDocument[][], config: object): { documents: SearchDocument[]; index: unknown }[]
}
/** One entry of the plugin's index (i: id, t: text, u: url, h: hash, s: section title, p: parent id, b: breadcrumb). */
export interface SearchDocument {
  i: number
  t: string
  u: string
  h?: string
  s?: string
  p?: number
  b?: string[]
  /**
   * An operation's search keys (its name, its summary, the summary's kana reading): the search
   * worker ranks a result whose key matches the query above the rest (plugins/patches/search-ranking.js).
   */
  k?: string[]
}

/** Kana readings of a Japanese text, from the build's morphological analyser (search-readings). */
export interface Readings {
  /** The whole text read in hiragana (会員の登録 → かいいんのとうろく). */
  whole(text: string): string
  /** Its kanji words and their readings, as the docs' hidden readings blocks give them. */
  words(text: string): string
}

/** The plugin's five document lists, in the index's order. */
export interface RouteDocuments {
  titles: SearchDocument[]
  headings: SearchDocument[]
  descriptions: SearchDocument[]
  keywords: SearchDocument[]
  contents: SearchDocument[]
}

export interface Operation {
  name: string
  summary: string
  tag: string
}

export const API_TITLE = 'API リファレンス'
export const PLAYGROUND_TITLE = 'プレイグラウンド'

const condense = (text: string): string => text.replace(/\s+/g, ' ').trim()

/** The part of the OpenAPI document read here: each operation's id and description (Markdown). */
export interface Contract {
  paths: Record<string, Record<string, { operationId?: string; description?: string } | unknown>>
}

/** Plain text of a Markdown description, blocks and lines joined by a space. */
function markdownText(markdown: string): string {
  return condense(collectText(unified().use(remarkParse).parse(markdown) as Nodes))
}

/**
 * The documents for /api (from the contract Redoc renders) and the playground pages, numbered
 * from `firstId`. An operation's anchor is Redoc's (`#tag/{tag}/operation/{name}`), its content
 * the text of its description.
 */
export function siteRouteDocuments(
  contract: Contract,
  operations: readonly Operation[],
  firstId: number,
): RouteDocuments {
  let next = firstId
  const docs: RouteDocuments = { titles: [], headings: [], descriptions: [], keywords: [], contents: [] }
  const descriptions = new Map<string, string>()
  for (const item of Object.values(contract.paths))
    for (const op of Object.values(item)) {
      const { operationId, description } = (op ?? {}) as { operationId?: string; description?: string }
      if (typeof operationId === 'string') descriptions.set(operationId, description ?? '')
    }
  const apiId = next++
  docs.titles.push({ i: apiId, t: API_TITLE, u: '/api', b: [] })
  docs.descriptions.push({
    i: apiId,
    t: 'KREISEL JSON API の全操作（リクエストとレスポンスの形、エラー）',
    s: API_TITLE,
    u: '/api',
    p: apiId,
  })
  for (const op of operations) {
    const markdown = descriptions.get(op.name)
    if (markdown === undefined) throw new Error(`search-site-routes: the contract has no operation ${op.name}`)
    const hash = `#tag/${op.tag}/operation/${op.name}`
    // The name first and set apart by spaces: the Japanese word splitter would otherwise glue it
    // to the neighbouring characters, and `add_member` would not find the heading.
    const heading = `${op.name} — ${condense(op.summary)}`
    docs.headings.push({ i: next++, t: heading, u: '/api', h: hash, p: apiId })
    const description = markdownText(markdown)
    if (description !== '') docs.contents.push({ i: next++, t: description, s: heading, u: '/api', h: hash, p: apiId })
  }
  for (const op of operations) {
    const url = `/playground/${op.name}`
    const pageId = next++
    docs.titles.push({
      i: pageId,
      t: `${op.name} — ${op.summary}（${PLAYGROUND_TITLE}）`,
      u: url,
      b: [PLAYGROUND_TITLE],
    })
    docs.descriptions.push({
      i: pageId,
      t: `${op.summary}（${op.name}）をブラウザーの中で送って試します。`,
      s: op.name,
      u: url,
      p: pageId,
    })
  }
  return docs
}

/**
 * Gives the operations' documents (playground titles, /api headings) their search keys, and
 * the words to index besides their text: the summary written together (配信の予約 → 配信予約) and
 * the kana readings of its words. Without them a kana query (かいいん) found only the docs'
 * hidden readings blocks, and the CLI reference, which names every operation, came first.
 * Returns the display texts, to put back once the index is built.
 */
export function addSearchKeys(
  docs: RouteDocuments,
  operations: readonly Operation[],
  readings?: Readings,
): Map<SearchDocument, string> {
  const display = new Map<SearchDocument, string>()
  const byName = new Map(operations.map((op) => [op.name, op]))
  for (const doc of [...docs.titles, ...docs.headings]) {
    const name = doc.u.startsWith('/playground/')
      ? doc.u.slice('/playground/'.length)
      : /\/operation\/(.+)$/.exec(doc.h ?? '')?.[1]
    const op = name === undefined ? undefined : byName.get(name)
    if (!op) continue
    const summary = condense(op.summary)
    const together = summary.replace(/[\sの]/g, '')
    doc.k = [op.name, summary, ...(readings ? [readings.whole(summary)] : [])]
    display.set(doc, doc.t)
    const extra = [together === summary ? '' : together, readings ? readings.words(summary) : ''].filter(
      (x) => x !== '',
    )
    if (extra.length) doc.t = `${doc.t} ${extra.join(' ')}`
  }
  return display
}

/** Readings from kuromoji, as the docs' hidden readings blocks have them (search-readings). */
export function kanaReadings(tokenizer: JapaneseTokenizer): Readings {
  return {
    whole: (text) =>
      katakanaToHiragana(
        tokenizer
          .tokenize(text)
          .map((m) => (m.reading && m.reading !== '*' ? m.reading : m.surface_form))
          .join(''),
      ),
    words: (text) => formatReadings(extractReadings(tokenizer, text)),
  }
}

/** Adds the documents to every search-index*.json of `outDir` and rebuilds its lunr indexes. */
export function addSiteRoutesToIndex(outDir: string, siteDir: string, config: object, readings?: Readings): number {
  const operations = (
    JSON.parse(readFileSync(join(siteDir, '.generated', 'operations.json'), 'utf8')) as { operations: Operation[] }
  ).operations
  const contract = JSON.parse(readFileSync(join(siteDir, '.generated', 'openapi.json'), 'utf8')) as Contract
  let added = 0
  for (const name of readdirSync(outDir).filter((n) => /^search-index.*\.json$/.test(n))) {
    const file = join(outDir, name)
    const parts = JSON.parse(readFileSync(file, 'utf8')) as { documents: SearchDocument[] }[]
    if (parts.length !== 5) throw new Error(`search-site-routes: ${name} has ${parts.length} parts, expected 5`)
    const maxId = Math.max(0, ...parts.flatMap((p) => p.documents.map((d) => d.i)))
    const extra = siteRouteDocuments(contract, operations, maxId + 1)
    const display = addSearchKeys(extra, operations, readings)
    const lists = [extra.titles, extra.headings, extra.descriptions, extra.keywords, extra.contents]
    const all = parts.map((p, k) => [...p.documents, ...(lists[k] ?? [])])
    added = lists.reduce((n, l) => n + l.length, 0)
    const built = buildIndex(all, config)
    // the added words are in the index; results quote only what the reader sees
    for (const [doc, text] of display) doc.t = text
    writeFileSync(file, JSON.stringify(built))
  }
  return added
}

/** The search plugin, with /api and the playground pages added to its index after it is written. */
export default function searchWithSiteRoutes(context: LoadContext, options: unknown): Plugin {
  const plugin = searchLocalModule.default(context, options)
  const config = processPluginOptions(options, context)
  const postBuild = plugin.postBuild
  return {
    ...plugin,
    async postBuild(props) {
      await postBuild?.call(plugin, props)
      const added = addSiteRoutesToIndex(props.outDir, context.siteDir, config, kanaReadings(await getTokenizer()))
      console.log(`[search-site-routes] ${added} documents for /api and /playground added to the search index`)
    },
  }
}
searchWithSiteRoutes.validateOptions = searchLocalModule.validateOptions
