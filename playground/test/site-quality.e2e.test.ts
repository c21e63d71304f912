import { join } from 'node:path'
import type { BrowserContext, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { openReference } from './support/api-reference.js'
import { seriousViolations } from './support/axe.js'
import { browserSkipReason } from './support/browser.js'
import { artifactsDir, builtSiteInChromium } from './support/built-site.js'

const skipReason = browserSkipReason()
if (skipReason) console.warn(`[site-quality.e2e] skipped: ${skipReason}`)

describe.skipIf(skipReason !== null)('site quality: navbar, search, accessibility (built site, Chromium)', () => {
  const site = builtSiteInChromium()

  const themed = async (theme: 'light' | 'dark', width = 1280): Promise<BrowserContext> => {
    const context = await site.browser.newContext({ viewport: { width, height: 900 } })
    await context.addInitScript((t) => {
      localStorage.setItem('krs-colour-mode-initialised', '1')
      localStorage.setItem('theme', t)
    }, theme)
    return context
  }

  it('the navbar is one line from 997 px up, with the whole title', async () => {
    // One page, resized: every width is the desktop layout (from 997 px up), which is CSS alone.
    const context = await themed('light', 997)
    const page = await context.newPage()
    await page.goto(`${site.server.origin}/`)
    await page.locator('.navbar__title').waitFor()
    for (const width of [997, 1100, 1280, 1366]) {
      await page.setViewportSize({ width, height: 900 })
      const m = await page.evaluate(() => {
        const nav = document.querySelector('nav.navbar') as HTMLElement
        const title = document.querySelector('.navbar__title') as HTMLElement
        // --ifm-navbar-height (3.75rem) in pixels
        const probe = document.createElement('div')
        probe.style.height = 'var(--ifm-navbar-height)'
        document.body.append(probe)
        const lineHeight = probe.getBoundingClientRect().height
        probe.remove()
        const tops = [
          ...document.querySelectorAll(
            '.navbar__items > .navbar__item, .navbar__items > .navbar__brand, .navbar__items--right > *',
          ),
        ]
          .filter((e) => (e as HTMLElement).offsetParent !== null)
          .map((e) => Math.round(e.getBoundingClientRect().top + e.getBoundingClientRect().height / 2))
        return {
          height: nav.getBoundingClientRect().height,
          lineHeight,
          centres: tops,
          titleCut: title.scrollWidth > title.clientWidth,
          title: title.textContent,
        }
      })
      if (width === 1280)
        await page.screenshot({
          path: join(artifactsDir, 'navbar-1280.png'),
          clip: { x: 0, y: 0, width, height: 80 },
        })
      expect(m.height, `navbar height at ${width}px`).toBe(m.lineHeight)
      expect(Math.max(...m.centres) - Math.min(...m.centres), `items on one line at ${width}px`).toBeLessThanOrEqual(4)
      expect(m.titleCut, `title cut at ${width}px`).toBe(false)
      expect(m.title).toBe('KREISEL JSON API')
    }
    await context.close()
  })

  it('search finds an error code by its short form (F0116)', async () => {
    const page = await site.browser.newPage()
    await page.goto(`${site.server.origin}/search?q=F0116`, { waitUntil: 'domcontentloaded' })
    await page
      .locator('a[href^="/errors/kreisel-api-exception-codes?_highlight="]')
      .first()
      .waitFor({ timeout: 60_000 })
    // a page that only names the full code (KR_API_F0116) is found by the part too
    await page.locator('a[href^="/tutorials/member-data?_highlight="]').first().waitFor({ timeout: 60_000 })
    await page.close()
  })

  it('search leads from an API name (add_member, member) to its /api section and its playground page', async () => {
    const page = await site.browser.newPage()
    await page.goto(`${site.server.origin}/search?q=add_member`, { waitUntil: 'domcontentloaded' })
    await page.locator('a[href^="/playground/add_member?_highlight="]').first().waitFor({ timeout: 60_000 })
    // the operation's heading on /api, with the anchor of its Redoc section
    const api = page.locator('a[href^="/api?_highlight="][href$="/operation/add_member"]').first()
    await api.waitFor({ timeout: 60_000 })
    expect(await api.textContent()).toContain('会員の登録')
    // following it shows the operation's section at the top of the page (below the navbar)
    const href = (await api.getAttribute('href')) ?? ''
    await page.goto(site.server.origin + href, { waitUntil: 'load' })
    const sectionTop = () =>
      page.evaluate(
        () =>
          document.querySelector('[data-section-id="operation/add_member"] h2')?.getBoundingClientRect().top ??
          Number.NaN,
      )
    await expect.poll(sectionTop, { timeout: 60_000 }).toBeGreaterThanOrEqual(0)
    await expect.poll(sectionTop, { timeout: 60_000 }).toBeLessThan(200)
    // a part of the name finds the operation too
    await page.goto(`${site.server.origin}/search?q=member`, { waitUntil: 'domcontentloaded' })
    await page.locator('a[href^="/playground/add_member?_highlight="]').first().waitFor({ timeout: 60_000 })
    await page.locator('a[href$="/operation/add_member"]').first().waitFor({ timeout: 60_000 })
    await page.close()
  })

  it('search lists the error catalogue first for an error code (F0102)', async () => {
    const page = await site.browser.newPage()
    await page.goto(`${site.server.origin}/search?q=F0102`, { waitUntil: 'domcontentloaded' })
    const results = page.locator('main a[href*="_highlight="]')
    await results.first().waitFor({ timeout: 60_000 })
    // the CLI reference and /api mention the code too, after the catalogue
    await page.locator('main a[href^="/cli-reference?_highlight="]').first().waitFor({ timeout: 60_000 })
    expect(await results.first().getAttribute('href')).toMatch(/^\/errors\//)
    await page.close()
  })

  it('search finds with half-width kana what it finds with katakana (ｶｲｲﾝ, カイイン)', async () => {
    const page = await site.browser.newPage()
    const found = async (q: string): Promise<string[]> => {
      await page.goto(`${site.server.origin}/search?q=${encodeURIComponent(q)}`, { waitUntil: 'domcontentloaded' })
      await page.locator('main a[href*="_highlight="]').first().waitFor({ timeout: 60_000 })
      return page
        .locator('main a[href*="_highlight="]')
        .evaluateAll((as) => as.map((a) => (a.getAttribute('href') ?? '').split('?')[0] ?? ''))
    }
    const katakana = await found('カイイン')
    expect(katakana.length).toBeGreaterThan(0)
    expect(await found('ｶｲｲﾝ')).toEqual(katakana)
    await page.close()
  })

  it('search results quote the pages, never the hidden kana readings', async () => {
    const page = await site.browser.newPage()
    await page.goto(`${site.server.origin}/search?q=${encodeURIComponent('はいしん')}`, {
      waitUntil: 'domcontentloaded',
    })
    await page.locator('a[href^="/tutorials/mail-delivery?_highlight="]').first().waitFor({ timeout: 60_000 })
    const quoted = (await page.locator('body').textContent()) ?? ''
    expect(quoted).toContain('メール配信')
    // a readings block reads "配信 はいしん ハイシン、": kanji, hiragana, katakana in a row
    expect(quoted).not.toMatch(/配信 はいしん ハイシン/)
    expect(quoted).not.toMatch(/[ぁ-ん]+ [ァ-ン]+、/)
    await page.close()
  })

  describe('axe: no serious or critical violation, in the light theme and in the dark one', () => {
    const pages: [string, (page: Page) => Promise<void>][] = [
      ['/', async (p) => void (await p.locator('main h1').waitFor())],
      ['/errors', async (p) => void (await p.locator('main h1').waitFor())],
      ['/history', async (p) => void (await p.locator('main article').first().waitFor())],
      [
        '/playground',
        async (p) => void (await p.locator('[data-testid="emulator-clock-unix"]').waitFor({ state: 'attached' })),
      ],
      ['/playground/add_member', async (p) => void (await p.locator('[data-testid="schema-form"]').waitFor())],
      ['/playground/add_mail_message', async (p) => void (await p.locator('[data-testid="schema-form"]').waitFor())],
    ]
    const apiIndex = async (p: Page): Promise<void> => void (await p.locator('[data-testid="api-index"]').waitFor())
    /**
     * Each page is loaded once, in the light theme, and checked by every rule; the navbar's
     * toggle then switches it to the dark theme in place (what a reader does), and the rules that
     * read colours check the same content again. The others read names, roles, structure and
     * sizes, which a colour mode does not change: they run once.
     */
    const check = async (route: string, ready: (page: Page) => Promise<void>): Promise<void> => {
      const context = await themed('light')
      const page = await context.newPage()
      page.setDefaultTimeout(90_000)
      await page.goto(site.server.origin + route, { waitUntil: 'load' })
      await ready(page)
      expect(await page.evaluate(() => document.documentElement.getAttribute('data-theme'))).toBe('light')
      const light = await seriousViolations(page)
      // Redoc's sidebar is white in the light theme: its colour tells when Redoc shows the dark one.
      const sidebar = () =>
        page.evaluate(() => {
          const menu = document.querySelector('.redocusaurus .menu-content')
          return menu ? getComputedStyle(menu).backgroundColor : null
        })
      const lightSidebar = await sidebar()
      await page.locator('.navbar [class*="colorModeToggle"] button').first().click()
      await page.locator('html[data-theme="dark"]').waitFor({ state: 'attached' })
      if (lightSidebar !== null) await expect.poll(sidebar, { timeout: 60_000 }).not.toBe(lightSidebar)
      // the colours the switch changed have reached their dark values (Infima's links fade into
      // them); a transition cancelled (its element replaced) has nothing left to show
      await page.evaluate(() =>
        Promise.all(
          document
            .getAnimations()
            .filter((a) => a instanceof CSSTransition)
            .map((a) => a.finished.catch(() => a)),
        ),
      )
      const dark = await seriousViolations(page, { colourRulesOnly: true })
      await context.close()
      expect(light, 'light theme').toEqual([])
      expect(dark, 'dark theme').toEqual([])
    }
    it.each(pages)('%s', { timeout: 300_000 }, check)
    // /api twice: its operation index as it loads, and Redoc's reference once opened
    it('/api: the operation index', { timeout: 300_000 }, () => check('/api', apiIndex))
    it("/api: Redoc's reference, opened", { timeout: 300_000 }, () => check('/api', openReference))
  })
})
