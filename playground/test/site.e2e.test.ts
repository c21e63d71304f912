import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { BrowserContext, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { firstLoadScripts } from '../plugins/size-budget/first-load.js'
import { openReference } from './support/api-reference.js'
import { browserSkipReason } from './support/browser.js'
import { siteDir } from './support/site-build.js'
import { docRoutes, historyPosts, releasePosts, releaseTags, tagOfReleasePost } from './support/seed-routes.js'
import { artifactsDir, builtSiteInChromium } from './support/built-site.js'

const skipReason = browserSkipReason()
if (skipReason) console.warn(`[site.e2e] skipped: ${skipReason}`)

const contractPath = join(siteDir, '..', 'spec', 'dist', 'openapi.json')

/** The operationIds of the published contract (spec/dist), or of the copy the build used. */
function contractOperationIds(): string[] {
  const file = existsSync(contractPath) ? contractPath : join(siteDir, '.generated', 'openapi.json')
  const spec = JSON.parse(readFileSync(file, 'utf8')) as { paths: Record<string, { post?: { operationId?: string } }> }
  return Object.values(spec.paths).flatMap((p) => (p.post?.operationId ? [p.post.operationId] : []))
}

/** The <main> element of a server-rendered page (blog pages also have a sidebar of every post). */
function mainOf(html: string): string {
  const start = html.indexOf('<main')
  const end = html.lastIndexOf('</main>')
  return start >= 0 && end > start ? html.slice(start, end) : ''
}

/** Slugs of the posts a blog list page shows (each post's title is an h2 link). */
function listedPosts(html: string): string[] {
  return [...html.matchAll(/<h2[^>]*><a href="\/history\/([^"]+)"/g)].map((m) => m[1] ?? '')
}

/** The canonical URL a page declares. */
function canonicalOf(html: string): string | undefined {
  return /<link[^>]*rel="canonical"[^>]*href="([^"]+)"/.exec(html)?.[1]
}

/** Text of every <h1> of a server-rendered page. */
function h1Texts(html: string): string[] {
  return [...html.matchAll(/<h1[^>]*>([\s\S]*?)<\/h1>/g)].map((m) => (m[1] ?? '').replace(/<[^>]+>/g, '').trim())
}

describe.skipIf(skipReason !== null)('documentation site (built, served statically, driven by Chromium)', () => {
  const site = builtSiteInChromium()
  const get = async (path: string): Promise<{ status: number; html: string }> => {
    const res = await fetch(site.server.origin + path)
    return { status: res.status, html: await res.text() }
  }
  const newPage = async (context?: BrowserContext): Promise<Page> => {
    const page = await (context ?? site.browser).newPage({ viewport: { width: 1280, height: 800 } })
    // Generous limits: CI machines and a shared 2-core box can be slow to load Redoc.
    page.setDefaultNavigationTimeout(90_000)
    page.setDefaultTimeout(60_000)
    page.on('pageerror', (e) => console.error('[pageerror]', e.message))
    return page
  }

  describe('routes of the seed answer with their content', () => {
    it.each(docRoutes)('%s shows "%s"', async (route, text) => {
      const { status, html } = await get(route)
      expect(status).toBe(200)
      expect(h1Texts(html)).toContain(text)
    })

    it('every history post answers with its own page', async () => {
      for (const slug of historyPosts) {
        const { status, html } = await get(`/history/${slug}`)
        expect(status, slug).toBe(200)
        // no KRS_SITE_URL at build time: the canonical URL is the page's own path on its origin
        expect(canonicalOf(html), slug).toBe(`/history/${slug}`)
        expect(h1Texts(mainOf(html)), slug).toHaveLength(1)
      }
      for (const slug of releasePosts) {
        const main = mainOf((await get(`/history/${slug}`)).html)
        const version = slug.replace(/-revision-\d+$/, '')
        expect(h1Texts(main)[0], slug).toContain(version)
        expect(main, slug).toContain(`href="/history/tags/${tagOfReleasePost(slug)}"`)
      }
    })

    it('/history shows every post on one page, newest first: the krs-kit releases from the change logs, then the 52 seed posts', async () => {
      const { status, html: page } = await get('/history')
      expect(status).toBe(200)
      expect(listedPosts(mainOf(page))).toEqual(historyPosts)
      expect(page).not.toContain('/history/page/2')
    })

    it('/history/archive lists every post', async () => {
      const { status, html } = await get('/history/archive')
      expect(status).toBe(200)
      expect(mainOf(html)).not.toBe('')
      for (const slug of historyPosts) expect(html, slug).toContain(`href="/history/${slug}"`)
    })

    it('/history/tags lists the 15 release tags and each tag page lists its posts', async () => {
      const tags = await get('/history/tags')
      expect(tags.status).toBe(200)
      for (const tag of releaseTags) expect(tags.html, tag).toContain(`href="/history/tags/${tag}"`)
      for (const tag of releaseTags) {
        const { status, html: page } = await get(`/history/tags/${tag}`)
        expect(status, tag).toBe(200)
        const html = mainOf(page)
        const expected = releasePosts.filter((slug) => tagOfReleasePost(slug) === tag)
        expect(expected.length, tag).toBeGreaterThan(0)
        expect(listedPosts(html), tag).toEqual(expected)
      }
    })

    it('/search and /api and /playground answer 200', async () => {
      for (const route of ['/search', '/api', '/playground']) expect((await get(route)).status, route).toBe(200)
    })

    it('the error pages are generated from the contract catalogue', async () => {
      const spec = JSON.parse(readFileSync(join(siteDir, '.generated', 'openapi.json'), 'utf8')) as {
        'x-krs-error-catalogue': Record<string, { name: string; status: number }>
      }
      const catalogue = Object.entries(spec['x-krs-error-catalogue'])
      const codes = await get('/errors/kreisel-api-exception-codes')
      for (const [code] of catalogue) {
        expect(codes.html, code).toContain(`id="${code}"`)
      }
      expect(catalogue.length).toBeGreaterThan(30)
      const statuses = await get('/errors/http-status-codes')
      for (const status of new Set(catalogue.map(([, e]) => e.status))) {
        expect(statuses.html, String(status)).toContain(`id="status-${status}"`)
      }
    })
  })

  it("V8's compile hint is on the scripts run in full as a page starts: the two of every page (no route chunk), the playground form's", async () => {
    const { html } = await get('/')
    const scripts = [...new Set([...html.matchAll(/"(\/assets\/js\/[^"]+\.js)"/g)].map((m) => m[1] ?? ''))]
    const startup = scripts.filter((s) => /\/(runtime~)?main\.[0-9a-f]+\.js$/.test(s))
    expect(startup).toHaveLength(2)
    for (const script of scripts) {
      const text = await fetch(site.server.origin + script).then((r) => r.text())
      expect(text.startsWith('//# allFunctionsCalledOnLoad\n'), script).toBe(startup.includes(script))
    }
    // An operation's page also runs the playground's form as it starts: its scripts carry the
    // hint too, so every large script the page runs has it.
    const page = await newPage()
    await page.goto(`${site.server.origin}/playground/add_member`)
    await page.locator('[data-testid="schema-form"]').waitFor()
    const loaded = await page.evaluate(() => {
      // Not the chunks of the pages it links to, which it only prefetches.
      const prefetched = new Set(
        [...document.querySelectorAll<HTMLLinkElement>('link[rel="prefetch"]')].map((l) => new URL(l.href).pathname),
      )
      return performance
        .getEntriesByType('resource')
        .map((e) => new URL(e.name).pathname)
        .filter((p) => p.startsWith('/assets/js/') && !prefetched.has(p))
    })
    await page.close()
    const hinted: string[] = []
    for (const script of new Set(loaded)) {
      const text = await fetch(site.server.origin + script).then((r) => r.text())
      if (text.startsWith('//# allFunctionsCalledOnLoad\n')) hinted.push(script)
      else expect(text.length, `${script} is large and has no hint`).toBeLessThan(100_000)
    }
    expect(hinted.some((s) => /\/playground-form\.[0-9a-f]+\.js$/.test(s))).toBe(true)
    expect(hinted.length).toBeGreaterThan(3)
  })

  it('an unknown path shows the not-found page asking to report the broken link', async () => {
    expect((await get('/no/such/page')).status).toBe(404)
    const page = await newPage()
    await page.goto(`${site.server.origin}/no/such/page`)
    await expect(page.locator('h1').first().textContent()).resolves.toContain('ページが見つかりません')
    await expect(page.locator('main').textContent()).resolves.toContain('リンクが壊れていることを伝えてください')
    await page.close()
  })

  // A host that serves the old forms as they are (this test server does; krs-mock answers 301,
  // npm-start.e2e.test.ts): the page goes to the clean path itself and never crashes.
  it.each([
    ['/index.html', '/', 'KREISEL'],
    ['/tutorials/getting-started.html', '/tutorials/getting-started', 'はじめての API 呼び出し'],
    ['/tutorials/getting-started/', '/tutorials/getting-started', 'はじめての API 呼び出し'],
    ['/tutorials.html', '/tutorials', 'チュートリアル'],
    ['/tutorials/index.html', '/tutorials', 'チュートリアル'],
    ['/errors/', '/errors', 'エラー'],
    ['/errors/index.html', '/errors', 'エラー'],
    ['/soap/index.html', '/soap', 'SOAP'],
  ])('the old link %s goes to %s without a crash', async (from, to, heading) => {
    const page = await newPage()
    const errors: string[] = []
    page.on('pageerror', (e) => errors.push(e.message))
    await page.goto(`${site.server.origin}${from}`)
    await page.waitForURL(`${site.server.origin}${to}`, { timeout: 30_000 })
    await page.locator('main h1, header h1, h1').first().waitFor({ timeout: 30_000 })
    await expect(page.locator('h1').first().textContent()).resolves.toContain(heading)
    // Hydrated, with time for a late crash to show.
    await page.waitForFunction(() => document.querySelector('.navbar__search-input') !== null)
    await page.waitForTimeout(1_500)
    expect(await page.locator('body').textContent()).not.toContain('エラーが発生しました')
    expect(errors).toEqual([])
    await page.close()
  })

  it("/api's server HTML is the index of every operation, without Redoc or the contract", async () => {
    const expected = contractOperationIds()
    const { html } = await get('/api')
    const ids = [
      ...mainOf(html).matchAll(/<li id="tag\/[a-z-]+\/operation\/([a-z_]+)"><a href="#tag\/[a-z-]+\/operation\/\1">/g),
    ].map((m) => m[1])
    expect(ids.sort()).toEqual([...expected].sort())
    // Japanese tag headings and a 「試す」 link per operation
    expect(mainOf(html)).toContain('<h2>会員情報</h2>')
    expect(mainOf(html).match(/>試す<\/a>/g)?.length).toBe(expected.length)
    // no Redoc section, and no script of the page carries the contract's descriptions
    expect(html).not.toContain('data-section-id')
    expect(html.length).toBeLessThan(150_000)
    const scripts = firstLoadScripts(html).map((s) => s.src)
    expect(scripts.length).toBeGreaterThan(2)
    for (const src of scripts) {
      const js = await (await fetch(`${site.server.origin}${src}`)).text()
      expect(js, src).not.toContain('x-krs-error-catalogue')
    }
  })

  it('/api lists every operation of the contract and offers the contract for download', async () => {
    const expected = contractOperationIds()
    if (existsSync(contractPath))
      expect(expected.length).toBe(readdirSync(join(import.meta.dirname, '..', '..', 'spec', 'paths')).length)
    const page = await newPage()
    await page.goto(`${site.server.origin}/api`, { waitUntil: 'load' })
    await openReference(page)
    const ids = await page
      .locator('[data-item-id*="/operation/"]')
      .evaluateAll((els) => [
        ...new Set(els.map((e) => (e.getAttribute('data-item-id') ?? '').replace(/^.*\/operation\//, ''))),
      ])
    expect(ids.sort()).toEqual([...expected].sort())
    const download = page.locator('a[download], a:has-text("スキーマファイルのダウンロード")').first()
    expect(await download.getAttribute('href')).toMatch(/openapi\.json$/)
    const served = (await (await fetch(`${site.server.origin}/openapi.json`)).json()) as {
      paths: object
      info: { version: string }
    }
    expect(Object.keys(served.paths).length).toBe(expected.length)
    expect(served.info.version).toBe('202509')
    await page.close()
  })

  it('/playground lists every operation grouped by tag with its Japanese summary', async () => {
    const expected = contractOperationIds()
    const page = await newPage()
    await page.goto(`${site.server.origin}/playground`)
    const names = await page
      .locator('[data-operation]')
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-operation')))
    expect([...names].sort()).toEqual([...expected].sort())
    await expect(page.locator('[data-operation="get_version"]').textContent()).resolves.toMatch(/[ぁ-んァ-ン一-龯]/)
    await page.close()
  })

  it("an operation's page has its details in the server's HTML: rights, option and its error codes explained", async () => {
    const { html } = await get('/playground/add_member')
    const details = /<section data-testid="operation-details">([\s\S]*?)<\/section>/.exec(mainOf(html))?.[1] ?? ''
    expect(details).toContain('すべての権限（all）')
    expect(details).toMatch(/<code>KR_API_F0116<\/code>/)
    expect(details.replace(/<[^>]+>/g, '')).toContain('必要なオプション')
    // Not on the list page, which has no operation.
    expect(mainOf((await get('/playground')).html)).not.toContain('data-testid="operation-details"')
  })

  describe('search finds Japanese words in kanji, hiragana and katakana', () => {
    // Words as written in the pages, and kana readings of kanji words: the remark plugin
    // plugins/search-readings adds the readings (kuromoji) to the index at build time.
    it.each([
      ['配信', '/tutorials/mail-delivery'],
      ['はいしん', '/tutorials/mail-delivery'],
      ['ハイシン', '/tutorials/mail-delivery'],
      ['とりかた', '/parameterization/extraction-condition'],
      ['クリックカウント', '/tutorials/mail-delivery'],
      ['エクスポート', '/tutorials/upload-download'],
    ])('/search?q=%s finds %s', async (q, target) => {
      const page = await newPage()
      await page.goto(`${site.server.origin}/search?q=${encodeURIComponent(q)}`, { waitUntil: 'domcontentloaded' })
      // result links carry ?_highlight=; navbar and footer links do not
      await page.locator(`a[href^="${target}?_highlight="]`).first().waitFor({ timeout: 60_000 })
      await page.close()
    })

    it('a word that is in no page finds nothing', async () => {
      const page = await newPage()
      await page.goto(`${site.server.origin}/search?q=${encodeURIComponent('ぬらりひょん')}`, {
        waitUntil: 'domcontentloaded',
      })
      await page.getByText('結果が見つかりません').first().waitFor({ timeout: 60_000 })
      expect(await page.locator('a[href*="_highlight="]').count()).toBe(0)
      await page.close()
    })

    it('Ctrl+K focuses the navbar search box, which shows at most 8 suggestions', async () => {
      const page = await newPage()
      await page.goto(`${site.server.origin}/limitations`)
      await page.locator('main h1').waitFor()
      const input = page.locator('.navbar__search-input').first()
      // The shortcut is bound once the page has hydrated: press until the box takes focus.
      await expect
        .poll(
          async () => {
            await page.keyboard.press('Control+k')
            return input.evaluate((el) => el === document.activeElement)
          },
          { timeout: 30_000, interval: 500 },
        )
        .toBe(true)
      await input.pressSequentially('配信', { delay: 50 }) // in far more than 8 places
      const suggestions = page.locator('.navbar [role="listbox"] [role="option"]')
      await suggestions.first().waitFor({ timeout: 60_000 })
      await expect.poll(() => suggestions.count()).toBe(8)
      await page.close()
    })
  })

  describe('the search box takes every keystroke from the start', () => {
    const suggestion = (page: Page, name: string) =>
      page.locator('.navbar [role="listbox"] [role="option"]', { hasText: name }).first()

    it('typing "add_member" right after Ctrl+K finds add_member, the box named in Japanese', async () => {
      const page = await newPage()
      await page.goto(`${site.server.origin}/tutorials`)
      await page.locator('main h1').waitFor()
      const box = page.locator('.navbar__search-input').first()
      // The shortcut is bound once the page has hydrated: press until the box takes focus.
      await expect
        .poll(
          async () => {
            await page.keyboard.press('Control+k')
            return box.evaluate((el) => el === document.activeElement)
          },
          { timeout: 30_000, interval: 500 },
        )
        .toBe(true)
      // No pause: the search bar is still loading while these keys arrive.
      await page.keyboard.type('add_member')
      await suggestion(page, 'add_member').waitFor({ timeout: 60_000 })
      const input = page.locator('.navbar__search-input')
      await expect.poll(() => input.count()).toBe(1)
      expect(await input.inputValue()).toBe('add_member')
      expect(await input.getAttribute('aria-label')).toBe('サイト内検索')
      await page.close()
    })

    it('typing right after a click on the box keeps every character (配信予約)', async () => {
      const page = await newPage()
      await page.goto(`${site.server.origin}/limitations`)
      await page.locator('main h1').waitFor()
      await page.locator('.navbar__search-input').first().click()
      await page.keyboard.type('配信予約')
      const input = page.locator('.navbar__search-input')
      await expect.poll(() => input.count(), { timeout: 60_000 }).toBe(1)
      await expect.poll(() => input.inputValue(), { timeout: 60_000 }).toBe('配信予約')
      await page.locator('.navbar [role="listbox"] [role="option"]').first().waitFor({ timeout: 60_000 })
      await page.close()
    })
  })

  it("a guide's mention of an operation links to its /api entry and its playground page", async () => {
    const { html } = await get('/tutorials/getting-started')
    const main = mainOf(html)
    expect(main).toMatch(
      /<a [^>]*href="\/api#tag\/[a-z-]+\/operation\/[a-z_]+"><code>[a-z_]+<\/code><\/a>（<a [^>]*href="\/playground\/[a-z_]+"/,
    )
    // on every doc page, no operation's name in inline code outside a link (headings aside)
    const names = new Set(contractOperationIds())
    for (const [route] of docRoutes) {
      const page = mainOf((await get(route)).html).replace(/<h[1-6][\s\S]*?<\/h[1-6]>/g, '')
      for (const m of page.matchAll(/<code>([a-z_0-9]+)<\/code>/g)) {
        if (!names.has(m[1]!)) continue
        // The link the code is in: the last <a> opened before it and not closed since.
        const before = page.slice(0, m.index)
        const open = before.lastIndexOf('<a ')
        const link = open > before.lastIndexOf('</a>') ? before.slice(open, before.indexOf('>', open) + 1) : ''
        // a heading's entry in the table of contents links to the heading (headings keep their names)
        expect(link, `${route}: ${m[1]}`).toMatch(/href="(\/api#tag\/|#)/)
      }
    }
    // the home page's table too
    expect(mainOf((await get('/')).html)).toContain('href="/api#tag/member-info/operation/add_member"')
  })

  it('pages have their structure: an h1 on /history, a main landmark on /search, the 404 page its own title', async () => {
    expect(h1Texts(mainOf((await get('/history')).html))).toEqual(['変更履歴'])
    expect((await get('/search')).html).toMatch(/<main[\s>]/)
    expect((await get('/no/such/page')).html).toMatch(/<title[^>]*>ページが見つかりません \| /)
  })

  it('a sitemap lists the pages; no page names the placeholder address as an alternate', async () => {
    const sitemap = await get('/sitemap.xml')
    expect(sitemap.status).toBe(200)
    expect(sitemap.html).toMatch(/<loc>[^<]*\/tutorials\/getting-started<\/loc>/)
    expect(sitemap.html).not.toMatch(/<loc>[^<]*\/search<\/loc>/)
    for (const route of ['/', '/tutorials/getting-started', '/api', '/history'])
      expect((await get(route)).html, route).not.toMatch(/<link[^>]*rel="alternate"[^>]*hreflang/)
  })

  it('a line break of the Markdown between Japanese characters leaves no space', async () => {
    const home = mainOf((await get('/')).html)
    expect(home).toContain('配信結果やクリックカウントの取得')
    expect(home).not.toMatch(/配信結果や\s+クリックカウント/)
  })

  it("an operation's heading is below the navbar after a link to it, loaded with the page or followed from a guide", async () => {
    const page = await newPage()
    const below = async (): Promise<number> =>
      page.evaluate(() => {
        const h2 = document.querySelector('[data-section-id="operation/get_environment_name"] h2')
        const navbar = document.querySelector('nav.navbar')
        return (h2?.getBoundingClientRect().top ?? Number.NaN) - (navbar?.getBoundingClientRect().bottom ?? Number.NaN)
      })
    await page.goto(`${site.server.origin}/api#tag/environment-info/operation/get_environment_name`)
    await page.locator('[data-section-id="operation/get_environment_name"]').waitFor({ timeout: 90_000 })
    const inView = async (): Promise<boolean> => {
      const gap = await below()
      return gap >= 0 && gap < 200
    }
    await expect.poll(inView, { timeout: 30_000 }).toBe(true)
    await page.goto(`${site.server.origin}/tutorials/getting-started`)
    await page.waitForFunction(() => document.querySelector('.navbar__search-input') !== null)
    await page.locator('main a[href="/api#tag/environment-info/operation/get_environment_name"]').first().click()
    await page.locator('[data-section-id="operation/get_environment_name"]').waitFor({ timeout: 90_000 })
    await expect.poll(inView, { timeout: 30_000 }).toBe(true)
    await page.close()
  })

  it('/api shows none of the English labels Redoc writes by itself', async () => {
    const page = await newPage()
    await page.goto(`${site.server.origin}/api`)
    await openReference(page)
    await page.locator('[data-section-id="operation/add_member"]').waitFor({ timeout: 90_000 })
    const text = (await page.locator('.redocusaurus').textContent()) ?? ''
    expect(text).toContain('リクエストボディのスキーマ')
    expect(text).toContain('レスポンスのスキーマ')
    for (const english of [
      'Payload',
      'Request Body schema',
      'Response Schema',
      'string or null',
      'additional property',
      'Show pattern',
      'API docs by Redocly',
    ])
      expect(text, english).not.toContain(english)
    // no English box of Redoc's own search (the navbar's search finds the operations)
    expect(await page.locator('.redocusaurus input[placeholder="Search..."]').count()).toBe(0)
    await page.close()
  })

  describe('colour mode', () => {
    const themeOf = (page: Page) => page.evaluate(() => document.documentElement.getAttribute('data-theme'))
    const toggle = (page: Page) => page.locator('button[title*="モード"], [class*="colorModeToggle"] button').first()

    it('is light by default, persists over a reload and syncs to another tab', async () => {
      const context = await site.browser.newContext()
      const a = await newPage(context)
      await a.goto(`${site.server.origin}/`, { waitUntil: 'domcontentloaded' })
      await toggle(a).waitFor()
      expect(await themeOf(a)).toBe('light')
      const b = await newPage(context)
      await b.goto(`${site.server.origin}/limitations`, { waitUntil: 'load' })
      await toggle(b).waitFor()
      expect(await themeOf(b)).toBe('light')
      // the other tab follows once its page runs (the toggle is enabled when React has hydrated)
      await expect.poll(() => toggle(b).isEnabled(), { timeout: 30_000 }).toBe(true)
      await expect.poll(() => toggle(a).isEnabled(), { timeout: 30_000 }).toBe(true)

      await toggle(a).click()
      await expect.poll(() => themeOf(a)).toBe('dark')
      expect(await a.evaluate(() => localStorage.getItem('theme'))).toBe('dark')
      await expect.poll(() => themeOf(b), { timeout: 10_000 }).toBe('dark')

      await a.reload({ waitUntil: 'domcontentloaded' })
      await toggle(a).waitFor()
      expect(await themeOf(a)).toBe('dark')

      await toggle(a).click() // dark -> system: the stored choice is removed
      await expect
        .poll(() => a.evaluate(() => document.documentElement.getAttribute('data-theme-choice')))
        .toBe('system')
      expect(await a.evaluate(() => localStorage.getItem('theme'))).toBeNull()
      await a.reload({ waitUntil: 'domcontentloaded' })
      await toggle(a).waitFor()
      expect(await a.evaluate(() => document.documentElement.getAttribute('data-theme-choice'))).toBe('system')
      await context.close()
    })
  })

  it('saves screenshots of the home page and /api in light and dark', { timeout: 300_000 }, async () => {
    for (const mode of ['light', 'dark'] as const) {
      const context = await site.browser.newContext({ colorScheme: mode })
      await context.addInitScript((m) => {
        localStorage.setItem('krs-colour-mode-initialised', '1')
        localStorage.setItem('theme', m)
      }, mode)
      const page = await newPage(context)
      await page.goto(`${site.server.origin}/`)
      await page.locator('main h1').waitFor()
      expect(await page.evaluate(() => document.documentElement.getAttribute('data-theme'))).toBe(mode)
      await page.screenshot({ path: join(artifactsDir, `home-${mode}.png`) })
      await page.goto(`${site.server.origin}/api`, { waitUntil: 'load' })
      await page.locator('[data-testid="api-index"]').waitFor()
      await page.screenshot({ path: join(artifactsDir, `api-index-${mode}.png`) })
      await openReference(page)
      await page.screenshot({ path: join(artifactsDir, `api-${mode}.png`) })
      await context.close()
      expect(existsSync(join(artifactsDir, `home-${mode}.png`))).toBe(true)
      expect(existsSync(join(artifactsDir, `api-${mode}.png`))).toBe(true)
    }
  })
})
