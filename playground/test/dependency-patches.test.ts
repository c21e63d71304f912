import { randomBytes } from 'node:crypto'
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { checkedReplacement, expectModules } from '../plugins/patches/checked-replacement'
import { BODY_END, DEFER_SCRIPTS, lateStartTemplate } from '../plugins/patches/ssr-template'
import { checkSameLunr } from '../plugins/patches/lunr-tokenizer'
import { checkFirstLoadBudgets } from '../plugins/size-budget'

// plugins/patches/: every patch of a dependency's code fails the build when the code it
// patches has changed. Each test feeds the patch a changed source and expects its error.
const require = createRequire(import.meta.url)
const redocLoader = require('../plugins/patches/redoc-bundle.cjs') as (source: string) => string
const themeCommonLoader = require('../plugins/patches/theme-common.cjs') as (
  this: { resourcePath: string },
  source: string,
) => string
const globalDataLoader = require('../plugins/patches/global-data.cjs') as (source: string) => string
const fromDocusaurus = createRequire(require.resolve('@docusaurus/core/package.json'))

describe("Redoc's bundle patch", () => {
  const bundle = readFileSync(require.resolve('redoc/bundles/redoc.browser.lib.js'), 'utf8')
  // Each text the loader looks for, and what an upgrade might have made of it.
  const changes: [string, string, RegExp][] = [
    ['https://cdn.redoc.ly/redoc/logo-mini.svg', 'https://cdn.redoc.ly/redoc/logo.svg', /logo URL/],
    ['className:"dropdown-select"', 'className:"dropdown-select2"', /dropdown <select>/],
    ['null,"Content type")', 'null,"Media type")', /content type label/],
    ['"Copied":"Not supported in your browser"', '"Copied!":"Not supported"', /copy tooltip/],
    ['"Copy")', '"Copy text")', /copy button/],
    ['" Expand all "', '" Expand everything "', /expand all/],
    ['" Collapse all "', '" Collapse everything "', /collapse all/],
    ['"Authorizations:"', '"Authorization:"', /authorizations/],
    ['color: #0e7c86;', 'color: #0e7c87;', /pattern label colour/],
    ['"Request Body schema: "', '"Request body schema: "', /request body schema/],
    ['"Response Schema: "', '"Response schema: "', /response schema/],
    ['label:"Payload"', 'label:"Body"', /payload sample tab/],
    ['"additional property"', '"additional properties"', /additional property/],
    ['"Show pattern"', '"Show the pattern"', /show pattern/],
    ['"API docs by Redocly"', '"Docs by Redocly"', /menu footer/],
    ['.join(" or "):this.type', '.join(" | "):this.type', /type list/],
    [
      'null,a.typePrefix),e.createElement(ya,null,a.displayType)',
      'null,a.typePrefix),e.createElement(ya,null,a.typeName)',
      /field type/,
    ],
    ['e.createElement(ya,null,t.displayType))}}', 'e.createElement(ya,null,t.typeName))}}', /array items type/],
    [
      'e.createElement(ya,null,t.displayType),t.title&&',
      'e.createElement(ya,null,t.typeName),t.title&&',
      /recursive field type/,
    ],
    ['n.title||n.typePrefix+n.displayType)', 'n.title||n.typeName)', /oneOf button type/],
    ['null," Array ",', 'null," Array of ",', /array label/],
  ]
  for (const [from, to, what] of changes) {
    it(`fails when ${JSON.stringify(from)} is no longer in the bundle`, () => {
      expect(bundle.split(from).length - 1).toBe(1)
      const changed = bundle.split(from).join(to)
      expect(() => redocLoader(changed)).toThrow(new RegExp(`expected one ${what.source} in Redoc's bundle, found 0`))
    })
  }
})

describe("theme-common's patch", () => {
  // theme-common's exports map hides its files: found from its main file (lib/index.js).
  const lib = dirname(fromDocusaurus.resolve('@docusaurus/theme-common'))
  const files = {
    reactUtils: join(lib, 'utils', 'reactUtils.js'),
    useWindowSize: join(lib, 'hooks', 'useWindowSize.js'),
  }
  const source = (file: string) => readFileSync(file, 'utf8')
  const load = (file: string, text: string) => themeCommonLoader.call({ resourcePath: file }, text)

  it("applies to this Docusaurus' files", () => {
    expect(load(files.reactUtils, source(files.reactUtils))).not.toContain('localeCompare')
    expect(load(files.useWindowSize, source(files.useWindowSize))).toContain('startTransition(() =>')
  })

  for (const [file, from] of [
    [files.reactUtils, 'a[0].localeCompare(b[0])'],
    [files.useWindowSize, "import { useEffect, useState } from 'react';"],
    [files.useWindowSize, 'setWindowSize(getWindowSize(desktopBreakpoint));'],
  ] as const) {
    it(`fails when ${file.split(/[\\/]/).pop()} no longer has ${from}`, () => {
      const changed = source(file).replace(from, `/* changed */ ${from.slice(0, 8)}`)
      expect(() => load(file, changed)).toThrow(/expected one ".*" in .*, found 0/)
    })
  }
})

describe("the search plugin's patch", () => {
  const searchPlugin = require('../plugins/patches/search-plugin.cjs') as (
    this: { resourcePath: string },
    source: string,
  ) => string
  const theme = join(
    dirname(require.resolve('@easyops-cn/docusaurus-search-local/package.json')),
    'dist',
    'client',
    'client',
    'theme',
  )
  const files = {
    bar: join(theme, 'SearchBar', 'SearchBar.jsx'),
    page: join(theme, 'SearchPage', 'SearchPage.jsx'),
    worker: join(theme, 'worker.js'),
  }
  const load = (file: string, text: string) => searchPlugin.call({ resourcePath: file }, text)

  it('names the box in Japanese and normalises and reorders in the worker', () => {
    const bar = load(files.bar, readFileSync(files.bar, 'utf8'))
    expect(bar).toContain('aria-label="サイト内検索"')
    expect(bar).toContain('searchBarRef.current !== document.activeElement')
    const worker = load(files.worker, readFileSync(files.worker, 'utf8'))
    expect(worker).toContain('normalize("NFKC")')
    expect(worker).toContain('results.splice(krsAsked)')
    expect(load(files.page, readFileSync(files.page, 'utf8'))).toContain('<main><SearchPageContent /></main>')
  })

  for (const [file, from] of [
    ['page', '<SearchPageContent />'],
    ['bar', 'aria-label="Search"'],
    ['bar', 'setInputValue(keywords.join(" "));'],
    ['worker', 'async search(baseUrl, searchContext, input, limit) {'],
    ['worker', 'sortSearchResults(results);'],
  ] as const) {
    it(`fails when the ${file} no longer has ${from}`, () => {
      const changed = readFileSync(files[file], 'utf8').split(from).join('/* changed */')
      expect(() => load(files[file], changed)).toThrow(/expected one "[\s\S]*" in .*, found 0/)
    })
  }
})

describe("theme-classic's patch (no alternate-language links)", () => {
  const themeClassic = require('../plugins/patches/theme-classic.cjs') as (
    this: { resourcePath: string },
    source: string,
  ) => string
  const file = join(dirname(fromDocusaurus.resolve('@docusaurus/theme-classic')), 'theme', 'SiteMetadata', 'index.js')
  const load = (text: string) => themeClassic.call({ resourcePath: file }, text)

  it("leaves the alternate links out of this Docusaurus' site metadata", () => {
    const out = load(readFileSync(file, 'utf8'))
    expect(out).not.toContain('<AlternateLangHeaders />')
    // among JSX children a bare `null` would be the text "null" on every page
    expect(out).toMatch(/<CanonicalUrlHeaders \/>\s*\{null\}\s*<SearchMetadata/)
  })

  it('fails when the site metadata no longer renders them that way', () => {
    const changed = readFileSync(file, 'utf8').replace(
      '<AlternateLangHeaders />',
      '<AlternateLangHeaders locale={x} />',
    )
    expect(() => load(changed)).toThrow(/expected one "<AlternateLangHeaders \/>" in .*SiteMetadata.*, found 0/)
  })
})

describe("the global data's patch (Redoc's OpenAPI document out of main.js)", () => {
  it('drops the document and keeps the rest', () => {
    const out = JSON.parse(
      globalDataLoader(
        JSON.stringify({ 'docusaurus-plugin-redoc': { 'json-api': { spec: { openapi: '3.1.0' }, url: '/x' } } }),
      ),
    )
    expect(out).toEqual({ 'docusaurus-plugin-redoc': { 'json-api': { url: '/x' } } })
  })

  it('fails when the document is no longer where it looks', () => {
    const moved = JSON.stringify({ 'docusaurus-plugin-redoc': { 'json-api': { document: {}, url: '/x' } } })
    expect(() => globalDataLoader(moved)).toThrow(/no OpenAPI document under globalData/)
  })
})

describe("the HTML template's patch", () => {
  const template = (fromDocusaurus('@docusaurus/core/lib/ssg/ssgTemplate.html.js') as { default: string }).default

  it("starts the scripts late in this Docusaurus' template", () => {
    const out = lateStartTemplate(template)
    expect(out).not.toContain(' defer></script>')
    expect(out).toContain('rel="preload" as="script"')
    expect(out).toContain('PerformanceObserver')
  })

  it('fails when the deferred scripts or the end of <body> are written differently', () => {
    expect(() => lateStartTemplate(template.replace(DEFER_SCRIPTS, DEFER_SCRIPTS.replace(' defer', ' async')))).toThrow(
      /expected one the deferred scripts in Docusaurus' HTML template.*found 0/,
    )
    expect(() => lateStartTemplate(template.replace(BODY_END, '</body>'))).toThrow(
      /expected one the end of <body> in Docusaurus' HTML template.*found 0/,
    )
  })
})

describe("the search index's tokenizer patch", () => {
  it('accepts the search plugin as installed (same lunr)', () => {
    expect(() =>
      checkSameLunr(
        dirname(require.resolve('@easyops-cn/docusaurus-search-local/dist/server/server/utils/buildIndex.js')),
      ),
    ).not.toThrow()
  })

  it('fails when the search plugin loads a lunr of its own', () => {
    const dir = mkdtempSync(join(tmpdir(), 'krs-lunr-'))
    mkdirSync(join(dir, 'node_modules', 'lunr'), { recursive: true })
    writeFileSync(join(dir, 'node_modules', 'lunr', 'package.json'), '{"name":"lunr","main":"lunr.js"}')
    writeFileSync(join(dir, 'node_modules', 'lunr', 'lunr.js'), 'module.exports = {}')
    expect(() => checkSameLunr(dir)).toThrow(/the search plugin loads lunr from .*krs-lunr-.*node_modules[\\/]lunr/)
  })
})

/**
 * The site builds with Rspack (@docusaurus/faster) and, with KRS_SITE_BUNDLER=webpack, with
 * webpack: every stand-in and every loader check must work, and fail loudly, in both.
 */
const fromFaster = createRequire(require.resolve('@docusaurus/faster/package.json'))
type Compile = (config: object) => {
  run(cb: (err: Error | null, stats?: { compilation: { errors: { message: string }[] } }) => void): void
  close(cb: () => void): void
}
const bundlers: [string, Compile, Parameters<typeof checkedReplacement>[0]][] = [
  ['webpack', fromDocusaurus('webpack') as Compile, fromDocusaurus('webpack')],
  [
    'Rspack',
    (fromFaster('@rspack/core') as { rspack: Compile }).rspack,
    (fromFaster('@rspack/core') as { rspack: Parameters<typeof checkedReplacement>[0] }).rspack,
  ],
]

async function errorsOf(compile: Compile, config: object): Promise<string[]> {
  const compiler = compile(config)
  const stats = await new Promise<{ compilation: { errors: { message: string }[] } }>((resolve, reject) =>
    compiler.run((err, s) => (err || !s ? reject(err) : resolve(s))),
  )
  await new Promise<void>((resolve) => compiler.close(resolve))
  return stats.compilation.errors.map((e) => e.message)
}

describe.each(bundlers)('module stand-ins (checkedReplacement), %s', (_name, compile, bundler) => {
  async function build(pattern: RegExp): Promise<{ errors: string[]; out: string }> {
    const dir = mkdtempSync(join(tmpdir(), 'krs-replacement-'))
    writeFileSync(join(dir, 'entry.js'), "import value from './original.js'\nconsole.log(value)\n")
    writeFileSync(join(dir, 'original.js'), "export default 'original'\n")
    writeFileSync(join(dir, 'stand-in.js'), "export default 'stand-in'\n")
    const errors = await errorsOf(compile, {
      mode: 'none',
      context: dir,
      entry: './entry.js',
      output: { path: join(dir, 'out'), filename: 'main.js' },
      plugins: [checkedReplacement(bundler, pattern, join(dir, 'stand-in.js'))],
    })
    return { errors, out: errors.length > 0 ? '' : readFileSync(join(dir, 'out', 'main.js'), 'utf8') }
  }

  it('replaces the module it matches', async () => {
    const { errors, out } = await build(/[\\/]original\.js$/)
    expect(errors).toEqual([])
    expect(out).toContain("'stand-in'")
    expect(out).not.toContain("'original'")
  })

  it('fails the build when no module matches (the dependency renamed or moved it)', async () => {
    const { errors } = await build(/[\\/]renamed\.js$/)
    expect(errors.join('\n')).toMatch(
      /dependency patch: no module matches .*renamed.* any more, so .*stand-in\.js replaces nothing/,
    )
  })
})

describe.each(bundlers)("loaders' files (expectModules), %s", (_name, compile) => {
  async function errorsFor(pattern: RegExp): Promise<string[]> {
    const dir = mkdtempSync(join(tmpdir(), 'krs-expect-'))
    writeFileSync(join(dir, 'entry.js'), "import './patched.js'\n")
    writeFileSync(join(dir, 'patched.js'), 'export {}\n')
    return errorsOf(compile, {
      mode: 'none',
      context: dir,
      entry: './entry.js',
      output: { path: join(dir, 'out') },
      plugins: [expectModules([pattern], 'a-loader.cjs')],
    })
  }

  it('passes when the patched file is in the build', async () => {
    expect(await errorsFor(/[\\/]patched\.js$/)).toEqual([])
  })

  it('fails the build when the patched file is gone (renamed by an upgrade)', async () => {
    expect((await errorsFor(/[\\/]renamed\.js$/)).join('\n')).toMatch(
      /dependency patch: no module matches .*renamed.* any more, so a-loader\.cjs patches nothing/,
    )
  })
})

describe('first-load JavaScript budget', () => {
  function site(kb: number): string {
    const dir = mkdtempSync(join(tmpdir(), 'krs-budget-'))
    mkdirSync(join(dir, 'assets'))
    // Random bytes do not compress: gzip keeps their size.
    writeFileSync(join(dir, 'assets', 'main.js'), randomBytes(kb * 1024))
    writeFileSync(join(dir, 'assets', 'chunk.js'), 'x')
    writeFileSync(
      join(dir, 'index.html'),
      '<link rel="preload" as="script" href="/assets/main.js"><script>!function(){var u=["/assets/main.js","/assets/chunk.js"]}()</script>',
    )
    return dir
  }

  it('passes a page under its budget and gives its figure', () => {
    const [row] = checkFirstLoadBudgets(site(20), { 'index.html': 40 })
    expect(row!.page).toBe('index.html')
    expect(row!.kb).toBeGreaterThan(19)
    expect(row!.kb).toBeLessThan(22)
  })

  it('fails a page over its budget, naming it and both figures', () => {
    expect(() => checkFirstLoadBudgets(site(50), { 'index.html': 40 })).toThrow(
      /first-load JavaScript over budget .*index\.html \d+(\.\d)? KB gzipped > 40 KB/,
    )
  })
})
