// plugins/search-site-routes: the documents added to the search index for /api (from Redoc's
// server-rendered HTML) and the playground pages, and the rebuilt index answering `add_member`.
import { mkdir, mkdtemp, rm, writeFile, readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addSiteRoutesToIndex, siteRouteDocuments, type SearchDocument } from '../plugins/search-site-routes/index.js'

/** Two operations as Redoc renders them (section, h2 with its anchor, description). */
const API_HTML = `<html><body><main>
<div id="tag/member-info/operation/add_member" data-section-id="tag/member-info/operation/add_member">
  <div data-section-id="operation/add_member" id="operation/add_member"><div>
    <h2><a href="#tag/member-info/operation/add_member" aria-label="tag/member-info/operation/add_member"></a>会員の登録 </h2>
    <div><div class="redoc-markdown"><p>会員を 1 件登録し、新しい会員IDを返します。</p>
    <ul><li><code>member_info</code> に指定しなかった項目は空欄です。</li></ul></div></div>
    <div class="redoc-markdown"><p>レスポンスの説明</p></div>
  </div></div>
</div>
<div data-section-id="tag/environment-info/operation/get_version">
  <div data-section-id="operation/get_version"><div>
    <h2><a href="#tag/environment-info/operation/get_version"></a>バージョンの取得</h2>
  </div></div>
</div>
</main></body></html>`

const OPERATIONS = [
  { name: 'add_member', summary: '会員の登録', tag: 'member-info' },
  { name: 'get_version', summary: 'バージョンの取得', tag: 'environment-info' },
]

describe('search-site-routes: documents for /api and the playground pages', () => {
  const docs = siteRouteDocuments(API_HTML, OPERATIONS, 100)

  it('gives /api a page and each operation a heading that links to its Redoc section', () => {
    expect(docs.titles[0]).toMatchObject({ i: 100, u: '/api', t: 'API リファレンス' })
    expect(docs.headings).toEqual([
      { i: 101, t: 'add_member — 会員の登録', u: '/api', h: '#tag/member-info/operation/add_member', p: 100 },
      {
        i: 103,
        t: 'get_version — バージョンの取得',
        u: '/api',
        h: '#tag/environment-info/operation/get_version',
        p: 100,
      },
    ])
  })

  it("quotes the operation's first description, condensed, under its heading", () => {
    expect(docs.contents).toEqual([
      {
        i: 102,
        t: '会員を 1 件登録し、新しい会員IDを返します。 member_info に指定しなかった項目は空欄です。',
        s: 'add_member — 会員の登録',
        u: '/api',
        h: '#tag/member-info/operation/add_member',
        p: 100,
      },
    ])
  })

  it('gives every operation a playground page with its name and summary', () => {
    const pages = docs.titles.filter((d) => d.u.startsWith('/playground/'))
    expect(pages.map((d) => [d.u, d.t])).toEqual([
      ['/playground/add_member', 'add_member — 会員の登録（プレイグラウンド）'],
      ['/playground/get_version', 'get_version — バージョンの取得（プレイグラウンド）'],
    ])
    const ids = [...docs.titles, ...docs.headings, ...docs.contents].map((d) => d.i)
    expect(new Set(ids).size).toBe(ids.length)
  })

  it('fails when an operation has no section on /api (the reference and the contract disagree)', () => {
    expect(() => siteRouteDocuments(API_HTML, [...OPERATIONS, { name: 'nope', summary: 'x', tag: 't' }], 1)).toThrow(
      /no section for operation nope/,
    )
  })
})

describe('search-site-routes: the rebuilt index', () => {
  let dir = ''
  type Part = { documents: SearchDocument[]; index: unknown }
  let parts: Part[] = []
  const searchRequire = createRequire(
    createRequire(import.meta.url).resolve('@easyops-cn/docusaurus-search-local/package.json'),
  )
  const lunr = searchRequire('lunr') as {
    Index: { load(json: unknown): { search(q: string): { ref: string }[] } }
  }

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'krs-search-site-routes-'))
    await mkdir(path.join(dir, '.generated'))
    await writeFile(path.join(dir, '.generated', 'operations.json'), JSON.stringify({ operations: OPERATIONS }))
    await writeFile(path.join(dir, 'api.html'), API_HTML)
    const existing: SearchDocument[][] = [
      [{ i: 1, t: '会員データの扱い', u: '/tutorials/member-data', b: [] }],
      [],
      [],
      [],
      [],
    ]
    await writeFile(path.join(dir, 'search-index.json'), JSON.stringify(existing.map((documents) => ({ documents }))))
    addSiteRoutesToIndex(dir, dir, { language: ['en'], removeDefaultStopWordFilter: [], removeDefaultStemmer: false })
    parts = JSON.parse(await readFile(path.join(dir, 'search-index.json'), 'utf8')) as Part[]
  })

  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true })
  })

  it('keeps the documents that were there and numbers the new ones after them', () => {
    expect(parts).toHaveLength(5)
    expect(parts[0]?.documents[0]).toEqual({ i: 1, t: '会員データの扱い', u: '/tutorials/member-data', b: [] })
    expect(Math.min(...parts.flatMap((p) => p.documents.map((d) => d.i)).filter((i) => i !== 1))).toBe(2)
  })

  it('finds add_member in the titles (playground) and the headings (/api)', () => {
    const found = (k: number, q: string) => {
      const part = parts[k]!
      const index = lunr.Index.load(part.index)
      return index.search(q).map((r) => part.documents.find((d) => String(d.i) === r.ref)!)
    }
    expect(found(0, 'add_member').map((d) => d.u)).toContain('/playground/add_member')
    expect(found(1, 'add_member').map((d) => `${d.u}${d.h}`)).toContain('/api#tag/member-info/operation/add_member')
  })
})
