// plugins/search-site-routes: the documents added to the search index for /api (from the
// contract Redoc renders) and the playground pages, and the rebuilt index answering `add_member`.
import { mkdir, mkdtemp, rm, writeFile, readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addSiteRoutesToIndex, siteRouteDocuments, type SearchDocument } from '../plugins/search-site-routes/index.js'

/** Two operations of the contract Redoc renders (one with a Markdown description). */
const CONTRACT = {
  paths: {
    '/api/v1/add_member': {
      post: {
        operationId: 'add_member',
        summary: '会員の登録',
        description:
          '会員を 1 件登録し、新しい会員IDを返します。\n\n- `member_info` に指定しなかった項目は[空欄](/errors)です。\n',
        responses: { '200': { description: 'レスポンスの説明' } },
      },
    },
    '/api/v1/get_version': { post: { operationId: 'get_version', summary: 'バージョンの取得' } },
  },
}

const OPERATIONS = [
  { name: 'add_member', summary: '会員の登録', tag: 'member-info' },
  { name: 'get_version', summary: 'バージョンの取得', tag: 'environment-info' },
]

describe('search-site-routes: documents for /api and the playground pages', () => {
  const docs = siteRouteDocuments(CONTRACT, OPERATIONS, 100)

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

  it("quotes the operation's description as plain text, condensed, under its heading", () => {
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

  it('fails when the contract Redoc renders lacks an operation of the list', () => {
    expect(() => siteRouteDocuments(CONTRACT, [...OPERATIONS, { name: 'nope', summary: 'x', tag: 't' }], 1)).toThrow(
      /the contract has no operation nope/,
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
    await writeFile(path.join(dir, '.generated', 'openapi.json'), JSON.stringify(CONTRACT))
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
