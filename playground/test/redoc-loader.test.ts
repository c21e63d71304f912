import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { describe, expect, it } from 'vitest'

// plugins/patches/redoc-bundle.cjs patches Redoc's bundles (server and browser builds) for what
// Redoc has no option for; each patch must apply exactly once, or the build fails.
const require = createRequire(import.meta.url)
const redocLoader = require('../plugins/patches/redoc-bundle.cjs') as (source: string) => string
const bundle = (name: string) => readFileSync(require.resolve(`redoc/bundles/${name}`), 'utf8')

describe("Redoc's bundles as the site builds them", () => {
  for (const name of ['redoc.lib.js', 'redoc.browser.lib.js']) {
    it(`${name}: Redoc's own English texts read in Japanese, and its selects have names`, () => {
      const out = redocLoader(bundle(name))
      for (const japanese of [
        '"コンテンツタイプ")',
        '"コピーしました":"このブラウザーではコピーできません"',
        '"コピー")',
        '" すべて開く "',
        '" すべて閉じる "',
        '"認証:"',
        '"リクエストボディのスキーマ: "',
        '"レスポンスのスキーマ: "',
        'label:"ペイロード"',
        '"追加のプロパティ"',
        '"パターンを表示"',
        '"Redocly による API ドキュメント"',
        '.join(" または ")',
        '"aria-label":',
        '/img/redocly-logo-mini.svg',
      ]) {
        expect(out).toContain(japanese)
      }
      for (const english of [
        'null,"Content type")',
        '"Copy")',
        '" Expand all "',
        '"Authorizations:"',
        'Request Body schema',
        'Response Schema',
        '"Payload"',
        '"additional property"',
        'Show pattern',
        'API docs by Redocly',
        'cdn.redoc.ly',
      ]) {
        expect(out).not.toContain(english)
      }
    })
  }

  it('fails loudly when a text it patches is not in the bundle (a Redoc upgrade changed it)', () => {
    const source = bundle('redoc.lib.js').replace('" Expand all "', '" Expand everything "')
    expect(() => redocLoader(source)).toThrow(/expected one expand all in Redoc's bundle, found 0/)
  })
})
