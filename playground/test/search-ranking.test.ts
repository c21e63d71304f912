// The search's ranking: an operation whose name, summary or the summary's reading matches the
// query comes before the pages that only mention it (the CLI reference names every operation),
// and an exact match first. The index is built the way the site builds it (the search plugin's
// buildIndex through plugins/search-site-routes, with kuromoji's readings) and queried with the
// search plugin's own client code (tokenize, smartQueries, sortSearchResults), then ranked by
// plugins/patches/search-ranking.js as the site's search worker does.
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { keyMatch, rankOperationsFirst, searchKeyForm } from '../plugins/patches/search-ranking.js'
import { getTokenizer } from '../plugins/search-readings/tokenizer.js'
import { addSiteRoutesToIndex, kanaReadings, type SearchDocument } from '../plugins/search-site-routes/index.js'
import { type LunrIndex, type SearchClient, setUpSearchPlugin } from './support/search-plugin.js'

const OPERATIONS = [
  { name: 'add_member', summary: '会員の登録', tag: 'member-info' },
  { name: 'get_member_info', summary: '会員情報の取得', tag: 'member-info' },
  { name: 'add_delivery_schedule', summary: '配信の予約', tag: 'delivery' },
  { name: 'add_test_delivery_schedule', summary: 'テスト配信の予約', tag: 'delivery' },
  { name: 'cancel_delivery_schedule', summary: '配信予約の取り消し', tag: 'delivery' },
  { name: 'get_delivery_status', summary: '配信状況の取得', tag: 'delivery' },
]
const CONTRACT = {
  paths: Object.fromEntries(
    OPERATIONS.map((op) => [
      `/api/v1/${op.name}`,
      { post: { operationId: op.name, description: `${op.summary}をします。` } },
    ]),
  ),
}
/** The CLI reference as the docs index has it: a page that names every operation, with its hidden readings. */
const CLI_TEXT = `${OPERATIONS.map((op) => `krs ${op.name} ${op.summary}`).join(' ')} 会員 かいいん カイイン、 配信 はいしん ハイシン、 予約 よやく ヨヤク、 配信予約 はいしんよやく ハイシンヨヤク、`
const DOCS: SearchDocument[][] = [
  [{ i: 1, t: 'CLI リファレンス（krs）', u: '/cli-reference', b: [] }],
  OPERATIONS.map((op, k) => ({ i: 10 + k, t: op.name, u: '/cli-reference', h: `#${op.name}`, p: 1 })),
  [],
  [],
  [{ i: 2, t: CLI_TEXT, s: 'CLI リファレンス（krs）', u: '/cli-reference', h: '', p: 1 }],
]

interface Result {
  document: SearchDocument
  type: number
  page: SearchDocument | false | undefined
}

describe('search ranking: operations before the pages that mention them', () => {
  let dir = ''
  let client: SearchClient<Result>
  let wrapped: { documents: SearchDocument[]; index: LunrIndex; type: number }[] = []
  let zhDictionary: string[] = []

  /** The worker's search (theme/worker.js): up to `limit` hits over the five indexes, then its sort. */
  function search(input: string, ranked: boolean, limit = 8): Result[] {
    const normalized = input.normalize('NFKC')
    const tokens = client.tokenize(normalized, client.constants.language)
    const results: Result[] = []
    outer: for (const { term } of client.smartQueries(tokens, zhDictionary)) {
      for (const { documents, index, type } of wrapped) {
        const found = index
          .query((q) => {
            for (const item of term)
              q.term(item.value, {
                wildcard: item.wildcard,
                presence: item.presence,
                ...(item.editDistance ? { editDistance: item.editDistance } : null),
              })
          })
          .slice(0, limit)
          .filter((r) => !results.some((x) => x.document.i.toString() === r.ref))
          .slice(0, limit - results.length)
        for (const r of found) {
          const document = documents.find((d) => d.i.toString() === r.ref)!
          results.push({ document, type, page: type !== 0 && wrapped[0]!.documents.find((d) => d.i === document.p) })
        }
        if (results.length >= limit) break outer
      }
    }
    client.sortSearchResults(results)
    if (ranked) rankOperationsFirst(results, normalized)
    return results
  }
  const where = (r: Result): string => `${r.document.u}${r.document.h ?? ''}`

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'krs-search-ranking-'))
    await mkdir(path.join(dir, '.generated'))
    const plugin = await setUpSearchPlugin<Result>(dir)
    client = plugin.client
    const config = plugin.config

    await writeFile(path.join(dir, '.generated', 'operations.json'), JSON.stringify({ operations: OPERATIONS }))
    await writeFile(path.join(dir, '.generated', 'openapi.json'), JSON.stringify(CONTRACT))
    await writeFile(path.join(dir, 'search-index.json'), JSON.stringify(DOCS.map((documents) => ({ documents }))))
    addSiteRoutesToIndex(dir, dir, config, kanaReadings(await getTokenizer()))
    const json = JSON.parse(await readFile(path.join(dir, 'search-index.json'), 'utf8')) as {
      documents: SearchDocument[]
      index: { invertedIndex: [string, unknown][] }
    }[]
    const zh = new Set<string>()
    for (const { index } of json)
      for (const [term] of index.invertedIndex) if (/\p{Unified_Ideograph}/u.test(term[0] ?? '')) zh.add(term)
    zhDictionary = [...zh]
    wrapped = json.map(({ documents, index }, type) => ({ documents, index: client.lunr.Index.load(index), type }))
  })

  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true })
  })

  it('compares queries and keys as one form: NFKC, hiragana, no spaces, no の', () => {
    expect(searchKeyForm('配信の予約')).toBe('配信予約')
    expect(searchKeyForm('ｶｲｲﾝ')).toBe('かいいん')
    expect(searchKeyForm('Add_Member ')).toBe('add_member')
    expect(keyMatch({ k: ['add_delivery_schedule', '配信の予約', 'はいしんのよやく'] }, '配信予約')).toBe(0)
    expect(keyMatch({ k: ['cancel_delivery_schedule', '配信予約の取り消し'] }, '配信予約')).toBe(1)
    expect(keyMatch({ t: 'CLI リファレンス' }, '配信予約')).toBe(2)
  })

  it('shows the operations’ own texts: the added words and readings are indexed, not quoted', () => {
    const add = wrapped[0]!.documents.find((d) => d.u === '/playground/add_member')!
    expect(add.t).toBe('add_member — 会員の登録（プレイグラウンド）')
    expect(add.k).toEqual(['add_member', '会員の登録', 'かいいんのとうろく'])
  })

  for (const query of ['かいいん', 'カイイン', 'はいしん', '会員']) {
    it(`${query}: operations first, the CLI reference after them`, () => {
      const found = search(query, true).map(where)
      expect(found.length, found.join(' ')).toBeGreaterThan(1)
      expect(found[0], found.join(' ')).toMatch(/^\/(playground\/|api#)/)
      const cli = found.findIndex((u) => u.startsWith('/cli-reference'))
      const lastOperation = found.findLastIndex((u) => /^\/(playground\/|api#)/.test(u))
      if (cli !== -1) expect(cli, found.join(' ')).toBeGreaterThan(lastOperation)
    })
  }

  it('配信予約: add_delivery_schedule (配信の予約) before cancel_delivery_schedule (配信予約の取り消し)', () => {
    const found = search('配信予約', true).map(where)
    expect(found[0], found.join(' ')).toBe('/playground/add_delivery_schedule')
    expect(found.indexOf('/playground/cancel_delivery_schedule')).toBeGreaterThan(0)
  })

  it('add_member (an exact name) first, get_member_info later', () => {
    const found = search('add_member', true).map(where)
    expect(found[0]).toBe('/playground/add_member')
  })
})
