// The search-readings remark plugin: kana readings of kanji words are added to each page in a
// hidden block, and @easyops-cn/docusaurus-search-local (with this site's options) then finds
// the page when a word is typed in hiragana or katakana. No Docusaurus build is run here: the
// markdown goes through remark (and MDX + React for the HTML), and the HTML through the search
// plugin's own parser, index builder and query code.
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { evaluate, type EvaluateOptions } from '@mdx-js/mdx'
import type { Root, RootContent } from 'mdast'
import { createElement } from 'react'
import * as jsxRuntime from 'react/jsx-runtime'
import { renderToStaticMarkup } from 'react-dom/server'
import remarkParse from 'remark-parse'
import { unified } from 'unified'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import remarkSearchReadings, {
  DEFAULT_MAX_READINGS_PER_PAGE,
  fairShares,
  type SearchReadingsOptions,
} from '../plugins/search-readings/index.js'
import { katakanaToHiragana } from '../plugins/search-readings/kana.js'
import { getTokenizer } from '../plugins/search-readings/tokenizer.js'
import { type LunrIndex, type SearchClient, searchPluginRequire, setUpSearchPlugin } from './support/search-plugin.js'

const SAMPLE = `# 配信の設定

会員情報を**抽出**条件で絞り込み、メールを配信します。送った結果を確認します。

## 会員の登録

新しい会員を登録するには、フォームを使います。

\`\`\`ts
const 漢字 = '暗号化'
\`\`\`

### かなだけ

これはかなとカタカナだけです。API key と member_id.
`

interface ParagraphLike {
  type: string
  data?: { hName?: string; hProperties?: Record<string, unknown> }
  children?: { type: string; value?: string }[]
}

async function transform(markdown: string, options?: SearchReadingsOptions, frontMatter?: object): Promise<Root> {
  const processor = unified().use(remarkParse).use(remarkSearchReadings, options)
  return (await processor.run(processor.parse(markdown), { data: { frontMatter } })) as unknown as Root
}

function isReadingsBlock(node: RootContent): boolean {
  const data = (node as ParagraphLike).data
  return (
    data?.hName === 'div' && (data.hProperties?.className as string[] | undefined)?.includes('search-readings') === true
  )
}

function blockText(node: RootContent): string {
  return ((node as ParagraphLike).children ?? []).map((child) => child.value ?? '').join('')
}

function blocks(tree: Root): string[] {
  return tree.children.filter(isReadingsBlock).map(blockText)
}

/** Whitespace-separated words of a block, with the "、" separators removed. */
function words(text: string): string[] {
  return text
    .split(/\s+/)
    .map((word) => word.replace(/、$/u, ''))
    .filter(Boolean)
}

describe('search-readings: readings added to a page', () => {
  it('adds hiragana and katakana readings of kanji words, nouns, compounds and verbs', async () => {
    const tree = await transform(SAMPLE)
    const all = blocks(tree).flatMap(words)
    for (const expected of [
      'はいしん',
      'ハイシン',
      'かいいん',
      'カイイン',
      'ちゅうしゅつ',
      'ちゅうしゅつじょうけん',
      'チュウシュツジョウケン',
      'じょうけん',
      'おくる',
      'オクル',
      'とうろく',
    ]) {
      expect(all).toContain(expected)
    }
    // Particles, auxiliaries and the conjugated form are not readings of a kanji word.
    for (const absent of ['を', 'ヲ', 'ます', 'おくっ', 'オクッ']) expect(all).not.toContain(absent)
  })

  it('puts one block at the end of each search section with the readings of that section only', async () => {
    const tree = await transform(SAMPLE)
    const types = tree.children.map((node) => (isReadingsBlock(node) ? 'readings' : node.type))
    // h1 + paragraph | block | h2 + paragraph + code | block | h3 + paragraph (no kanji: no block)
    expect(types).toEqual([
      'heading',
      'paragraph',
      'readings',
      'heading',
      'paragraph',
      'code',
      'readings',
      'heading',
      'paragraph',
    ])
    const [first = '', second = ''] = blocks(tree)
    expect(words(first)).toContain('はいしん')
    expect(words(first)).not.toContain('とうろく')
    expect(words(second)).toEqual(expect.arrayContaining(['とうろく', 'かいいん', 'あたらしい']))
    expect(words(second)).not.toContain('はいしん')
    // Each reading appears once per block (deduplicated), in both scripts.
    expect(words(second).filter((word) => word === 'かいいん')).toHaveLength(1)
    expect(words(second).filter((word) => word === 'カイイン')).toHaveLength(1)
  })

  it('ignores code blocks, and adds nothing for kana-only or ASCII text', async () => {
    const tree = await transform(SAMPLE)
    const all = blocks(tree).flatMap(words)
    expect(all).not.toContain('かんじ')
    expect(all).not.toContain('あんごうか')
    for (const markdown of [
      'これはかなとカタカナだけです。メールをおくります。',
      'API key, `member_id` and **bold** text.\n\n## Heading\n\nMore.',
      '',
    ]) {
      const plain = unified().use(remarkParse).parse(markdown)
      const transformed = await transform(markdown)
      expect(transformed).toEqual(plain)
    }
  })

  it('never places a block before the first heading when only imports precede it (MDX)', async () => {
    const markdown = `import {useState} from 'react'\n\n{/* 注釈 */}\n\n# 配信\n\n会員です。\n`
    const rendered = await renderMarkdown(markdown, true, { title: '暗号' })
    const html = rendered.replace(/>\s+</gu, '><').trim()
    expect(html).toMatch(
      /^<h1>配信<\/h1><p>会員です。<\/p><div class="search-readings"[^>]*>暗号 あんごう アンゴウ、 配信 はいしん ハイシン、 会員 かいいん カイイン、<\/div>$/u,
    )
  })

  it('reads the front matter title into the first section', async () => {
    const tree = await transform('本文です。', undefined, { title: '暗号化キー' })
    expect(words(blocks(tree)[0] ?? '')).toEqual(
      expect.arrayContaining(['あんごう', 'あんごうかきー', 'アンゴウカキー', 'ほんぶん']),
    )
  })

  it('keeps the added text bounded per page', async () => {
    const kanji = [...'日本会社情報管理配信送信受信登録削除変更設定確認条件抽出検索結果番号住所氏名電話郵便']
    const many: string[] = []
    for (const a of kanji) for (const b of kanji) if (a !== b) many.push(`${a}${b}`)
    const markdown = `${many.slice(0, 800).join('、')}。\n\n## 続き\n\n${many.slice(800).join('、')}。`
    const limited = await transform(markdown, { maxReadingsPerPage: 5 })
    const entries = blocks(limited).flatMap((text) => text.split('、').filter((entry) => entry.trim()))
    expect(entries).toHaveLength(5)
    // The long first section does not starve the second one.
    expect(blocks(limited)).toHaveLength(2)

    const bounded = await transform(markdown)
    const all = blocks(bounded).flatMap((text) => text.split('、').filter((entry) => entry.trim()))
    expect(all).toHaveLength(DEFAULT_MAX_READINGS_PER_PAGE)
    expect(blocks(bounded).join('').length).toBeLessThan(DEFAULT_MAX_READINGS_PER_PAGE * 40)
  })

  it('shares the page budget fairly between sections', () => {
    expect(fairShares([10, 1, 10], 9)).toEqual([4, 1, 4])
    expect(fairShares([2, 3], 100)).toEqual([2, 3])
    expect(fairShares([50, 50, 50], 7).reduce((a, b) => a + b, 0)).toBe(7)
    expect(fairShares([5], 0)).toEqual([0])
  })

  it('converts katakana readings to hiragana and builds the tokenizer once', async () => {
    expect(katakanaToHiragana('チュウシュツジョウケン')).toBe('ちゅうしゅつじょうけん')
    expect(katakanaToHiragana('メール')).toBe('めーる')
    expect(await getTokenizer()).toBe(await getTokenizer())
  })

  it('renders (MDX + React, as Docusaurus does) a hidden div inside the page content', async () => {
    const html = await renderMarkdown(SAMPLE, true)
    expect(html).toMatch(
      /<div class="search-readings" hidden="" aria-hidden="true" lang="ja">配信 はいしん ハイシン、/u,
    )
    expect(html.match(/class="search-readings"/gu)).toHaveLength(2)
  })
})

async function renderMarkdown(markdown: string, withReadings: boolean, frontMatter: object = {}): Promise<string> {
  // Docusaurus passes the parsed front matter in vfile.data.frontMatter.
  const { default: Content } = await evaluate(
    { value: markdown, data: { frontMatter } },
    {
      ...(jsxRuntime as unknown as EvaluateOptions),
      baseUrl: import.meta.url,
      remarkPlugins: withReadings ? [remarkSearchReadings] : [],
    },
  )
  return renderToStaticMarkup(createElement(Content))
}

// ---------------------------------------------------------------------------------------------
// The search plugin itself: its HTML parser (parse/scanDocuments), its index builder
// (buildIndex) and its client query code (tokenize + smartQueries, bundled with esbuild against
// constants written by its own generate()), with the options from docusaurus.config.ts.

interface SearchDocument {
  i: number
  t: string
  u: string
  s?: string
  p?: number
}

describe('search-readings: the local search plugin finds kana queries', () => {
  let workDir = ''
  let client: SearchClient
  let config: Record<string, unknown> & { language: string[] }
  /** Per page variant: the loaded indexes and the worker's "zh dictionary" (indexed terms with kanji). */
  const searchIndexes = new Map<
    boolean,
    { wrapped: { documents: SearchDocument[]; index: LunrIndex }[]; zhDictionary: string[] }
  >()

  /** What the search worker does for one query: first results over the 5 indexes, in order. */
  function search(withReadings: boolean, input: string, limit = 8): SearchDocument[] {
    const { wrapped, zhDictionary } = searchIndexes.get(withReadings) ?? { wrapped: [], zhDictionary: [] }
    const tokens = client.tokenize(input, client.constants.language)
    if (tokens.length === 0) return []
    const results: SearchDocument[] = []
    for (const { term } of client.smartQueries(tokens, zhDictionary)) {
      for (const { documents, index } of wrapped) {
        const found = index.query((query) => {
          for (const item of term) {
            query.term(item.value, {
              wildcard: item.wildcard,
              presence: item.presence,
              ...(item.editDistance ? { editDistance: item.editDistance } : null),
            })
          }
        })
        for (const { ref } of found) {
          if (results.length >= limit) return results
          if (results.some((doc) => doc.i.toString() === ref)) continue
          const doc = documents.find((d) => d.i.toString() === ref)
          if (doc) results.push(doc)
        }
      }
    }
    return results
  }

  beforeAll(async () => {
    workDir = await mkdtemp(path.join(tmpdir(), 'krs-search-readings-'))
    const { scanDocuments } = searchPluginRequire('./dist/server/server/utils/scanDocuments.js')
    const { buildIndex } = searchPluginRequire('./dist/server/server/utils/buildIndex.js')
    ;({ config, client } = await setUpSearchPlugin(workDir))

    for (const withReadings of [true, false]) {
      const content = await renderMarkdown(SAMPLE, withReadings)
      const html = `<!doctype html><html lang="ja"><head><meta name="description" content="設定の説明"></head><body>
<div class="main-wrapper"><main><article><div class="theme-doc-markdown markdown">${content}</div></article></main></div></body></html>`
      const file = path.join(workDir, `page-${withReadings}.html`)
      await writeFile(file, html)
      const allDocuments = await scanDocuments([{ filePath: file, url: '/tutorials/delivery', type: 'docs' }], config)
      // The browser loads the serialised index (search-index.json), as the worker does.
      const json = JSON.parse(JSON.stringify(buildIndex(allDocuments, config))) as {
        documents: SearchDocument[]
        index: { invertedIndex: [string, unknown][] }
      }[]
      const zhDictionary = new Set<string>()
      for (const { index } of json) {
        for (const [term] of index.invertedIndex)
          if (/\p{Unified_Ideograph}/u.test(term[0] ?? '')) zhDictionary.add(term)
      }
      searchIndexes.set(withReadings, {
        wrapped: json.map(({ documents, index }) => ({ documents, index: client.lunr.Index.load(index) })),
        zhDictionary: [...zhDictionary],
      })
    }
  })

  afterAll(async () => {
    if (workDir) await rm(workDir, { recursive: true, force: true })
  })

  it('uses the site options (Japanese + English, hidden block not ignored)', () => {
    expect(config.language).toContain('ja')
    const ignored = (config as { ignoreCssSelectors?: string[] }).ignoreCssSelectors ?? []
    expect(ignored.some((selector) => selector.includes('search-readings'))).toBe(false)
  })

  it('finds the page for a kanji word with and without the readings (control)', () => {
    for (const withReadings of [true, false]) {
      expect(search(withReadings, '配信').map((doc) => doc.u)).toContain('/tutorials/delivery')
    }
  })

  it('finds nothing for kana queries without the readings, and the right section with them', () => {
    for (const query of ['はいしん', 'ハイシン', 'ちゅうしゅつじょうけん']) {
      expect(search(false, query)).toEqual([])
    }
    const cases: [string, string][] = [
      ['はいしん', '配信の設定'],
      ['ハイシン', '配信の設定'],
      ['ちゅうしゅつじょうけん', '配信の設定'],
      ['ちゅうしゅつ', '配信の設定'],
      // While typing: the search bar adds a trailing wildcard to the last word.
      ['ちゅうしゅつじょ', '配信の設定'],
      ['はいし', '配信の設定'],
      ['とうろく', '会員の登録'],
      ['かいいん', '会員の登録'],
      ['カイイン', '会員の登録'],
    ]
    for (const [query, section] of cases) {
      const found = search(true, query)
      expect(
        found.map((doc) => doc.u),
        query,
      ).toContain('/tutorials/delivery')
      expect(
        found.map((doc) => doc.s),
        query,
      ).toContain(section)
    }
    expect(search(true, 'ばなな')).toEqual([])
    // The matched content document (whose text is the result preview) shows the kanji word.
    expect(
      search(true, 'はいしん')
        .map((doc) => doc.t)
        .join('\n'),
    ).toContain('配信 はいしん ハイシン、')
  })
})
