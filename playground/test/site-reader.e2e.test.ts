import http from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createEngine } from '@krs-kit/mock-server'
import { startNodeServer, type RunningServer } from '@krs-kit/mock-server/node'
import { browserSkipReason, launchChromium } from './support/browser.js'
import { fillBody } from './support/fill-body.js'
import { buildDir, ensureSiteBuilt } from './support/site-build.js'
import { startStaticServer, type StaticServer } from './support/static-server.js'

// What a reader of the built site meets (Chromium, served by krs-mock's Node door as
// `npm start` serves it, and by a plain static host): the /api try-it panel is opaque and
// beside the reference, the playground's other targets answer (a stand-in server on another
// port, and a stand-in of the real service behind krs-mock's --proxy-target) with the
// contract's verdict, wrong-case URLs never crash, the error catalogue fits at 1280 px, and the
// form sends from the keyboard.
const skipReason = browserSkipReason()
if (skipReason) console.warn(`[site-reader.e2e] skipped: ${skipReason}`)

/** get_member_tables answered with a renamed key (`ID` for `id`): the verdict must name both. */
const RENAMED = JSON.stringify([{ ID: 1, name: '会員データベース' }])

interface StandIn {
  url: string
  /** Paths of the POSTs it answered. */
  seen: string[]
  close(): Promise<void>
}

/** A server on a loopback port of its own that answers every POST with RENAMED (with CORS when `cors`). */
async function startStandIn(cors: boolean): Promise<StandIn> {
  const seen: string[] = []
  const server = http.createServer((req, res) => {
    const allow: Record<string, string> = cors
      ? {
          'access-control-allow-origin': '*',
          'access-control-allow-headers': 'content-type, authorization, accept-language',
          'access-control-allow-methods': 'POST',
        }
      : {}
    if (req.method === 'OPTIONS') {
      res.writeHead(204, allow)
      res.end()
      return
    }
    req.resume()
    req.on('end', () => {
      seen.push(req.url ?? '')
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', ...allow })
      res.end(RENAMED)
    })
  })
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    seen,
    close: () => new Promise<void>((done) => server.close(() => done())),
  }
}

describe.skipIf(skipReason !== null)('the site as a reader meets it (Chromium)', () => {
  let mock: RunningServer
  let plain: StaticServer
  let local: StandIn
  let real: StandIn
  let browser: Browser
  const contexts: BrowserContext[] = []

  beforeAll(async () => {
    ensureSiteBuilt()
    local = await startStandIn(true)
    // The real service sends no CORS headers: only the proxy reaches it.
    real = await startStandIn(false)
    mock = await startNodeServer(createEngine({ members: 20 }), {
      port: 0,
      staticDir: buildDir,
      proxyTarget: `${real.url}/env1`,
    })
    plain = await startStaticServer(buildDir)
    browser = await launchChromium()
  })

  afterAll(async () => {
    for (const c of contexts) await c.close().catch(() => {})
    await browser?.close()
    await mock?.close()
    await plain?.close()
    await local?.close()
    await real?.close()
  })

  const open = async (
    origin: string,
    path: string,
    opts: { width?: number; height?: number; theme?: 'light' | 'dark' } = {},
  ): Promise<Page> => {
    const context = await browser.newContext({ viewport: { width: opts.width ?? 1280, height: opts.height ?? 800 } })
    contexts.push(context)
    if (opts.theme)
      await context.addInitScript((theme) => {
        localStorage.setItem('krs-colour-mode-initialised', '1')
        localStorage.setItem('theme', theme)
      }, opts.theme)
    const page = await context.newPage()
    page.setDefaultNavigationTimeout(90_000)
    page.setDefaultTimeout(60_000)
    page.on('pageerror', (e) => console.error('[pageerror]', e.message))
    return visit(page, origin, path)
  }

  /** Loads another page in a page of `open` (its context, its browser process) and waits until it has hydrated. */
  const visit = async (page: Page, origin: string, path: string): Promise<Page> => {
    await page.goto(origin + path)
    await page.locator('html[data-has-hydrated="true"]').waitFor({ state: 'attached' })
    return page
  }

  const closeAll = async (): Promise<void> => {
    for (const c of contexts.splice(0)) await c.close().catch(() => {})
  }

  describe('the /api try-it panel', () => {
    // One load of the reference per theme, opened at the widest width and resized: the panel's
    // layout at each width is CSS alone (playground.css, api-page.css).
    for (const theme of ['light', 'dark'] as const) {
      it(`${theme} theme at 1600, 1280 and 375 px: an opaque panel whose text is drawn over nothing of Redoc's`, async () => {
        const page = await open(mock.url, '/api#tag/member-info/operation/add_member', { width: 1600, theme })
        const section = page.locator('[data-section-id="tag/member-info/operation/add_member"]')
        await section.waitFor({ timeout: 90_000 })
        const sectionTop = () => section.evaluate((s) => s.getBoundingClientRect().top)
        // where the link to the operation put its section (below the navbar)
        const top = await sectionTop()
        const tryLink = section.locator('a[href="/playground/add_member"]').first()
        const linkTop = () => tryLink.evaluate((a) => a.getBoundingClientRect().top)
        const clicked = await linkTop()
        await tryLink.click()
        const drawer = page.locator('[data-testid="try-drawer"]')
        await drawer.locator('[data-testid="send"]:not([disabled])').waitFor()
        // the reference narrowed for the panel: the link the reader followed stays where it was
        expect(Math.abs((await linkTop()) - clicked), 'the 「試す」 link moved (px)').toBeLessThanOrEqual(1)
        for (const width of [1600, 1280, 375]) {
          // (a resize keeps the scroll offset, not the section: it goes back to its place, where
          // a load at this width and the click put it)
          await page.setViewportSize({ width, height: 800 })
          await section.evaluate((s, y) => window.scrollBy(0, s.getBoundingClientRect().top - y), top)
          expect(Math.abs((await sectionTop()) - top), `the section's place at ${width} px`).toBeLessThanOrEqual(1)
          const look = await page.evaluate(() => {
            const d = document.querySelector<HTMLElement>('[data-testid="try-drawer"]')!
            const bg = getComputedStyle(d).backgroundColor
            const alpha = /rgba\([^)]*,\s*([\d.]+)\)/.exec(bg)?.[1]
            const box = d.getBoundingClientRect()
            // Redoc's text on the screen, and the part of it that lies under the panel.
            const under: string[] = []
            let shown = 0
            const root = document.querySelector('.redocusaurus')
            /** How far right the text of `n` is drawn: its boxes that hide what overflows them cut it. */
            const drawnRight = (n: Node, right: number): number => {
              for (let el = n.parentElement; el && el !== root; el = el.parentElement)
                if (getComputedStyle(el).overflowX !== 'visible')
                  right = Math.min(right, el.getBoundingClientRect().right)
              return right
            }
            const walker = document.createTreeWalker(root ?? document.body, NodeFilter.SHOW_TEXT)
            for (let n = walker.nextNode(); n; n = walker.nextNode()) {
              if (!n.textContent?.trim()) continue
              const range = document.createRange()
              range.selectNodeContents(n)
              for (const r of range.getClientRects()) {
                const onScreen = r.bottom > box.top && r.top < window.innerHeight && r.width > 0
                if (onScreen) shown++
                if (
                  onScreen &&
                  r.right > box.left + 1 &&
                  r.left < box.right - 1 &&
                  drawnRight(n, r.right) > box.left + 1
                ) {
                  under.push(n.textContent.trim().slice(0, 30))
                  break
                }
              }
            }
            // What the reader sees at points of the panel's form: the panel itself.
            const form = d.querySelector('#krs-pg-request')!.getBoundingClientRect()
            const points = [0.2, 0.5, 0.8].map((f) => [form.left + form.width * f, form.top + 20] as const)
            const onTop = points.every(([x, y]) => {
              const el = document.elementFromPoint(x, Math.min(y, window.innerHeight - 2))
              return el !== null && d.contains(el)
            })
            return { bg, alpha, under, shown, onTop, width: box.width, viewport: window.innerWidth }
          })
          // opaque: rgb(…) or an rgba alpha of 1
          expect(look.alpha === undefined || Number(look.alpha) === 1, `${look.bg} at ${width} px`).toBe(true)
          expect(look.onTop, `the panel on top at ${width} px`).toBe(true)
          if (width >= 997) {
            expect(look.shown, `Redoc text on the screen at ${width} px`).toBeGreaterThan(0)
            expect(look.under, `Redoc text under the panel at ${width} px`).toEqual([])
          } else expect(look.width, `the panel's width at ${width} px`).toBe(look.viewport)
        }
        await closeAll()
      })
    }
  })

  describe('the playground reaches real targets', () => {
    const sendAndReadVerdict = async (page: Page): Promise<string> => {
      await page.locator('[data-testid="send"]:not([disabled])').click()
      await page.locator('[data-testid="verdict-differences"]').waitFor()
      expect(await page.locator('[data-testid="response-status"]').textContent()).toMatch(/^200/)
      return (await page.locator('[data-testid="verdict-differences"]').textContent()) ?? ''
    }

    it('served by krs-mock, the local target is the page origin; a stand-in on another port answers with the verdict', async () => {
      const page = await open(mock.url, '/playground/get_member_tables')
      await page.locator('[data-testid="target-local"]').check()
      await expect.poll(() => page.locator('[data-testid="local-url"]').inputValue()).toBe(mock.url)
      await page.locator('[data-testid="local-url"]').fill(local.url)
      const differences = await sendAndReadVerdict(page)
      expect(differences).toContain('/0/ID')
      expect(differences).toContain('/0/id')
      expect(local.seen).toContain('/api/v1/get_member_tables')
      await closeAll()
    })

    it('the real service through the loopback proxy (--proxy-target) answers with the verdict', async () => {
      const page = await open(mock.url, '/playground/get_member_tables')
      await page.locator('[data-testid="target-real"]').check()
      expect(await page.locator('[data-testid="real-proxy"]').textContent()).toContain(`${real.url}/env1`)
      const differences = await sendAndReadVerdict(page)
      expect(differences).toContain('/0/ID')
      expect(real.seen).toContain('/env1/api/v1/get_member_tables')
      await closeAll()
    })

    it('the proxy forwards only to its target, only for JSON from its own origin', async () => {
      const post = (path: string, headers: Record<string, string>) =>
        fetch(`${mock.url}${path}`, { method: 'POST', headers, body: '{}' })
      const json = { 'content-type': 'application/json' }
      expect((await post('/__proxy/api/v1/get_version', json)).status).toBe(200)
      expect((await post('/__proxy/api/v1/get_version', { ...json, origin: 'https://evil.example' })).status).toBe(403)
      expect((await post('/__proxy/api/v1/get_version', { 'content-type': 'text/plain' })).status).toBe(415)
      expect((await post('/__proxy/http://127.0.0.1:1/api/v1/get_version', json)).status).toBe(404)
      expect(real.seen.every((p) => p.startsWith('/env1/api/v1/'))).toBe(true)
    })

    it('a target the CSP blocks says which rule; an empty environment id cannot be sent', async () => {
      const page = await open(mock.url, '/playground/get_version')
      await page.locator('[data-testid="target-local"]').check()
      await page.locator('[data-testid="local-url"]').fill('http://192.0.2.10:4010')
      expect(await page.locator('[data-testid="target-problem"]').textContent()).toContain('connect-src')
      expect(await page.locator('[data-testid="send"]').isDisabled()).toBe(true)
      await closeAll()
      // a host without krs-mock: the real service directly, by environment id
      const direct = await open(plain.origin, '/playground/get_version')
      const sent: string[] = []
      direct.on('request', (r) => {
        if (r.url().includes('krs.bz')) sent.push(r.url())
      })
      await direct.locator('[data-testid="target-real"]').check()
      expect(await direct.locator('[data-testid="environment-id"]').inputValue()).toBe('')
      expect(await direct.locator('[data-testid="send"]').isDisabled()).toBe(true)
      expect(await direct.locator('[data-testid="send-problem"]').textContent()).toContain('環境ID')
      expect(sent).toEqual([])
      await closeAll()
    })
  })

  describe('wrong-case URLs', () => {
    it('krs-mock answers 301 to the route, or the not-found page', async () => {
      for (const [path, location] of [
        ['/Errors', '/errors'],
        ['/tutorials/Getting-started', '/tutorials/getting-started'],
        ['/Cli-reference', '/cli-reference'],
        ['/Playground/Add_member', '/playground/add_member'],
      ] as const) {
        const r = await fetch(`${mock.url}${path}`, { redirect: 'manual', headers: { accept: 'text/html' } })
        expect([path, r.status, r.headers.get('location')]).toEqual([path, 301, location])
      }
      const r = await fetch(`${mock.url}/Tutorials/No-such-page`, {
        redirect: 'manual',
        headers: { accept: 'text/html' },
      })
      expect(r.status).toBe(404)
    })

    it('on a host without redirects the page goes to its route (never the crash page), an unknown one shows the not-found page', async () => {
      let reader: Page | undefined
      for (const [path, clean] of [
        ['/Errors', '/errors'],
        ['/tutorials/Getting-started', '/tutorials/getting-started'],
        ['/examples/Upload-file', '/examples/upload-file'],
        ['/Parameterization/Form', '/parameterization/form'],
      ] as const) {
        // each path a load of its own, in one page
        const page = await (reader ? visit(reader, plain.origin, path) : open(plain.origin, path))
        reader = page
        const text = (await page.locator('main').first().textContent()) ?? ''
        expect(text, path).not.toContain('エラーが発生しました')
        await expect.poll(() => new URL(page.url()).pathname).toBe(clean)
        await page.locator('h1').first().waitFor()
        expect((await page.locator('main').first().textContent()) ?? '', path).not.toContain('エラーが発生しました')
      }
      const page = await visit(reader!, plain.origin, '/Tutorials/No-such-page')
      expect(await page.locator('main').first().textContent()).toContain('ページが見つかりません')
      await closeAll()
    })
  })

  it('the error catalogue at 1280 px: nothing scrolls sideways; a deep link lands below the navbar', async () => {
    const page = await open(mock.url, '/errors/kreisel-api-exception-codes#KR_API_F0005')
    const look = await page.evaluate(() => {
      const list = document.querySelector<HTMLElement>('[data-testid="error-code-table"]')!
      const wide = [list, ...list.querySelectorAll<HTMLElement>('*')].filter(
        (el) => el.scrollWidth > el.clientWidth + 1 && getComputedStyle(el).overflowX !== 'visible',
      ).length
      const content = list.closest('.markdown') ?? document.body
      const row = document.getElementById('KR_API_F0005')!.getBoundingClientRect()
      const navbar = document.querySelector('.navbar')!.getBoundingClientRect()
      return {
        wide,
        listRight: list.getBoundingClientRect().right,
        contentRight: content.getBoundingClientRect().right,
        pageWide: document.documentElement.scrollWidth > window.innerWidth,
        rowTop: row.top,
        navbarBottom: navbar.bottom,
      }
    })
    expect(look.wide).toBe(0)
    expect(look.pageWide).toBe(false)
    expect(look.listRight).toBeLessThanOrEqual(look.contentRight + 1)
    expect(look.rowTop).toBeGreaterThanOrEqual(look.navbarBottom)
    // Each code reads as a short entry (the table's rows were 237 px tall): its head and its
    // facts on one line each, its meaning on at most two.
    const tall = await page.evaluate(() => {
      const lines = (el: Element | null): number => {
        if (!el) return 0
        const lh = Number.parseFloat(getComputedStyle(el).lineHeight)
        return el.getBoundingClientRect().height / lh
      }
      return [...document.querySelectorAll<HTMLElement>('[data-testid="error-code-table"] > li')]
        .map((li) => {
          const lh = Number.parseFloat(getComputedStyle(li).lineHeight)
          return {
            code: li.id,
            head: lines(li.querySelector('.krs-error-head')),
            meaning: lines(li.querySelector('.krs-error-meaning')),
            facts: lines(li.querySelector('.krs-error-facts')),
            height: li.getBoundingClientRect().height / lh,
          }
        })
        .filter((r) => r.head > 1.5 || r.meaning > 2.1 || r.facts > 1.5 || r.height > 6.5)
    })
    expect(tall, 'entries taller than a head, two lines of meaning and a line of facts').toEqual([])
    await closeAll()
  })

  it("/api's 「試す」 links pass the tap-target rule: 24 px or more, or nothing else within a 24 px circle", async () => {
    // the index (what /api shows first), then the reference opened at an operation: each loaded
    // once and resized (the links' sizes and neighbours at a width are CSS alone)
    for (const [path, widths] of [
      ['/api', [375, 1280]],
      ['/api#tag/member-info/operation/add_member', [1280, 375]],
    ] as const) {
      const page = await open(mock.url, path, { width: widths[0] })
      if (path.includes('#'))
        await page.locator('[data-section-id="tag/member-info/operation/add_member"]').waitFor({ timeout: 90_000 })
      else await page.locator('[data-testid="api-index"]').waitFor()
      for (const width of widths) {
        await page.setViewportSize({ width, height: 800 })
        const failing = await page.evaluate(() => {
          const targets = [
            ...document.querySelectorAll<HTMLElement>('a, button, input, select, summary, [role="button"]'),
          ]
            .map((el) => ({ el, r: el.getBoundingClientRect() }))
            .filter(({ r }) => r.width > 0 && r.height > 0)
          const tries = targets.filter(({ el }) => /^\/playground\/\w+$/.test(el.getAttribute('href') ?? ''))
          const bad: string[] = []
          for (const { el, r } of tries) {
            if (r.width >= 24 && r.height >= 24) continue
            // too small: the 24 px circle round its centre must touch no other target
            const cx = r.left + r.width / 2
            const cy = r.top + r.height / 2
            const near = targets.find(({ el: other, r: o }) => {
              if (other === el || other.contains(el) || el.contains(other)) return false
              const dx = Math.max(o.left - cx, 0, cx - o.right)
              const dy = Math.max(o.top - cy, 0, cy - o.bottom)
              return dx * dx + dy * dy < 12 * 12
            })
            if (near) bad.push(`${el.getAttribute('href')} ${Math.round(r.width)}×${Math.round(r.height)}`)
          }
          return { count: tries.length, bad }
        })
        expect(failing.count, `「試す」 links of ${path} at ${width} px`).toBeGreaterThan(path.includes('#') ? 0 : 60)
        expect(failing.bad, `${path} at ${width} px`).toEqual([])
      }
      await closeAll()
    }
  })

  it('Ctrl+K pressed before the page hydrates focuses the search box and every typed character arrives', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
    contexts.push(context)
    const page = await context.newPage()
    // The page's scripts are held back until the reader has typed: the page is painted, not hydrated.
    let release: () => void = () => {}
    const held = new Promise<void>((done) => {
      release = done
    })
    await page.route(/\.js$/, async (route) => {
      await held
      await route.continue()
    })
    await page.goto(`${mock.url}/tutorials/getting-started`, { waitUntil: 'commit' })
    await page.locator('.krs-search-placeholder input').waitFor()
    expect(await page.locator('html[data-has-hydrated="true"]').count()).toBe(0)
    await page.keyboard.press('Control+k')
    await page.keyboard.type('delivery')
    release()
    await page.locator('html[data-has-hydrated="true"]').waitFor({ state: 'attached' })
    await expect
      .poll(() => page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.value ?? ''))
      .toBe('delivery')
    await closeAll()
  })

  it('words: Redoc in Japanese, no tag slugs, a real /search title, heading operations linked', async () => {
    const api = await open(mock.url, '/api#tag/member-info/operation/add_member')
    await api.locator('[data-section-id="tag/member-info/operation/add_member"]').waitFor({ timeout: 90_000 })
    const english = await api.evaluate(() => {
      const words = new Set(['required', 'optional', 'pattern property', 'License:'])
      return (
        [...document.querySelectorAll('.redocusaurus *')]
          // (a field of the contract may be named "required": its name is not Redoc's word)
          .filter((el) => el.children.length === 0 && !el.classList.contains('property-name'))
          .filter((el) => words.has(el.textContent?.trim() ?? ''))
          .map((el) => el.textContent?.trim())
      )
    })
    expect(english).toEqual([])
    // Redoc's other words: the security scheme's key, the sizes, the joins of several types
    const text = await api.evaluate(() => document.querySelector('.redocusaurus')?.textContent ?? '')
    for (const word of [/bearerAuth/, /non-empty/, /\[ items/, /\d characters/, /\d items/, /integers or /, /\) or /])
      expect(word.test(text), String(word)).toBe(false)
    expect(text).toContain('API トークン（Bearer）')
    // Redoc's type names (a field's type, an array's, a oneOf's): in Japanese. Not checked: code
    // and samples, field names, the contract's own descriptions (they name values such as
    // "integer" of a database field's type), and quoted values (enum and const values).
    const typeWords = await api.evaluate(() => {
      const root = document.querySelector('.redocusaurus')!
      const found = new Set<string>()
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT)
      for (let n = walker.nextNode(); n; n = walker.nextNode()) {
        const el = n.parentElement
        // (the descriptions are Markdown: paragraphs, lists, tables)
        if (!el || el.closest('pre, code, .property-name, p, li, td, th, .redoc-markdown')) continue
        const text = (n.textContent ?? '').replace(/"[^"]*"/g, '')
        const m = /\b(integer|string|object|boolean|number|array|Array)s?\b/.exec(text)
        if (m) found.add(text.trim().slice(0, 60))
      }
      return [...found]
    })
    expect(typeWords, 'English type names in Redoc').toEqual([])
    expect(text).toContain('整数')
    await closeAll()
    // the host without krs-mock: three pages loaded in turn in one page
    const list = await open(plain.origin, '/playground')
    const tags = await list.locator('.krs-pg-tag').allTextContents()
    expect(tags.length).toBeGreaterThan(0)
    expect(tags.filter((t) => /[a-z]/.test(t))).toEqual([])
    const search = await visit(list, plain.origin, '/search')
    expect(await search.title()).toMatch(/^サイト内検索/)
    const guide = await visit(list, plain.origin, '/tutorials/member-data')
    for (const name of ['lookup_member_id', 'get_member_info', 'get_member_infos_by_condition'])
      expect(await guide.locator(`main a[href="/playground/${name}"]`).count(), name).toBeGreaterThan(0)
    await closeAll()
  })

  it('search: an operation whose summary or reading matches comes before the CLI reference, the exact one first', async () => {
    const page = await open(plain.origin, '/tutorials')
    const input = page.locator('.navbar__search-input').first()
    const options = page.locator('.navbar [role="listbox"] [role="option"]')
    // The options are the suggestions' texts: an operation's page or heading starts with its
    // name and a dash; the CLI reference's lines name the page. Each keystroke is a search of
    // its own (配信予 ranks differently from 配信予約): the list is read once the dropdown shows
    // the whole query's results, which its footer link (/search/?q=…) names.
    const suggestions = async (query: string): Promise<string[]> => {
      await input.click()
      await input.fill('')
      await input.pressSequentially(query, { delay: 30 })
      const q = new URLSearchParams({ q: query }).toString()
      await page.locator(`.navbar [role="listbox"] a[href*="${q}"]`).first().waitFor({ timeout: 60_000 })
      return options.allTextContents()
    }
    const isOperation = (t: string): boolean => /^(?:[a-z_]+|…) — /.test(t)
    for (const query of ['かいいん', 'はいしん']) {
      const found = await suggestions(query)
      expect(isOperation(found[0] ?? ''), `${query}: ${found.join(' | ')}`).toBe(true)
      const cli = found.findIndex((t) => t.includes('CLI リファレンス'))
      if (cli !== -1) expect(cli).toBeGreaterThan(found.findLastIndex(isOperation))
    }
    const found = await suggestions('配信予約')
    expect(found[0], found.join(' | ')).toMatch(/^add_delivery_schedule — /)
    await closeAll()
  })

  it('the emulator explains a refusal in Japanese (the page asks with Accept-Language: ja)', async () => {
    // krs-mock's own door, and the emulator inside the page on a host without krs-mock
    let page: Page | undefined
    for (const origin of [mock.url, plain.origin]) {
      page = await (page
        ? visit(page, origin, '/playground/get_member_info')
        : open(origin, '/playground/get_member_info'))
      await page.locator('[data-testid="send"]:not([disabled])').waitFor()
      await fillBody(page, JSON.stringify({ member_table_id: 1, member_id: 999999 }))
      await page.locator('[data-testid="send"]').click()
      const detail = page.locator('[data-testid="response-error-detail"]')
      await detail.waitFor()
      const text = (await detail.textContent()) ?? ''
      expect(text, origin).toContain('member_id 999999: 会員テーブル 1 にその会員はいません')
      expect(text, origin).not.toContain('no such member')
      expect(await detail.locator('[lang="ja"]').count(), origin).toBe(1)
    }
    await closeAll()
  })

  describe('keyboard and touch', () => {
    it('Enter in a field and Ctrl+Enter in the editor send', async () => {
      const page = await open(plain.origin, '/playground/get_member_info')
      await page.locator('[data-testid="send"]:not([disabled])').waitFor()
      const field = page.locator('[data-testid="schema-form"] input[type="number"]').first()
      await field.fill('1')
      await field.press('Enter')
      await page.locator('[data-testid="history"] li').first().waitFor()
      await page.locator('[data-testid="body-editor"]').press('Control+Enter')
      await expect.poll(() => page.locator('[data-testid="history"] li').count()).toBe(2)
      await closeAll()
    })

    it('a skip link among the first stops goes straight to 送信; fields and boxes are 24 px or more', async () => {
      const page = await open(plain.origin, '/playground/add_member')
      await page.locator('[data-testid="send"]:not([disabled])').waitFor()
      await page.locator('.krs-pg-element input').first().waitFor()
      let found = false
      for (let i = 0; i < 4 && !found; i++) {
        await page.keyboard.press('Tab')
        found = (await page.evaluate(() => document.activeElement?.textContent ?? '')) === '送信ボタンへ移動'
      }
      expect(found).toBe(true)
      await page.keyboard.press('Enter')
      expect(await page.evaluate(() => document.activeElement?.id)).toBe('krs-pg-send')
      const small = await page.evaluate(() =>
        [...document.querySelectorAll<HTMLElement>('.krs-pg-form input, .krs-pg-form select')]
          .filter((el) => el.offsetParent !== null && getComputedStyle(el).opacity !== '0')
          .map((el) => ({ name: el.id || el.getAttribute('name') || el.tagName, box: el.getBoundingClientRect() }))
          .filter(({ box }) => box.height < 24 || box.width < 24)
          .map(({ name, box }) => `${name} ${Math.round(box.width)}x${Math.round(box.height)}`),
      )
      expect(small).toEqual([])
      await closeAll()
    })

    it('at 375 px the first call’s answer is scrolled into view', async () => {
      const page = await open(plain.origin, '/playground/get_member_tables', { width: 375, height: 700 })
      await page.locator('[data-testid="send"]:not([disabled])').click()
      await page.locator('[data-testid="response-status"]').waitFor()
      await expect
        .poll(() =>
          page.evaluate(() => {
            const box = document.querySelector('[data-testid="response"]')!.getBoundingClientRect()
            const navbar = document.querySelector('.navbar')!.getBoundingClientRect()
            return box.top >= navbar.bottom - 1 && box.top < window.innerHeight - 40
          }),
        )
        .toBe(true)
      await closeAll()
    })

    for (const [width, height] of [
      [1280, 800],
      [375, 700],
    ] as const) {
      it(`at ${width} px every control reached by Tab shows a focus outline and is never under the sticky 送信 bar or the navbar`, async () => {
        const page = await open(plain.origin, '/playground/add_member', { width, height })
        await page.locator('[data-testid="send"]:not([disabled])').waitFor()
        await page.locator('.krs-pg-element input').first().waitFor()
        const problems: string[] = []
        const kinds = new Set<string>()
        let inForm = 0
        // Tab through the page once: from its top, through the playground, until the focus has
        // passed it (the footer's links; further presses would come round to the top again)
        let passed = false
        for (let i = 0; i < 160 && !passed; i++) {
          await page.keyboard.press('Tab')
          const look = await page.evaluate(() => {
            const el = document.activeElement as HTMLElement | null
            const pg = document.querySelector('.krs-pg')!
            if (el && !pg.contains(el) && pg.compareDocumentPosition(el) & Node.DOCUMENT_POSITION_FOLLOWING)
              return 'passed'
            if (!el?.closest('.krs-pg') || el.closest('.krs-pg-send-bar')) return null
            const style = getComputedStyle(el)
            const outlined =
              (style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) > 0) || style.boxShadow !== 'none'
            const box = el.getBoundingClientRect()
            const bar = document.querySelector('.krs-pg-send-bar')?.getBoundingClientRect()
            const navbar = document.querySelector('.navbar')!.getBoundingClientRect()
            const underBar = bar
              ? box.bottom > bar.top + 1 &&
                box.top < bar.bottom - 1 &&
                box.right > bar.left + 1 &&
                box.left < bar.right - 1
              : false
            const underNavbar = box.top < navbar.bottom - 1
            const name = `${el.tagName.toLowerCase()}${el.getAttribute('type') ? `[type=${el.getAttribute('type')}]` : ''}#${el.id}`
            return {
              name,
              kind: el.getAttribute('type') ?? el.tagName.toLowerCase(),
              outlined,
              underBar,
              underNavbar,
              inForm: !!el.closest('.krs-pg-form'),
            }
          })
          if (look === 'passed') passed = true
          if (!look || look === 'passed') continue
          kinds.add(look.kind)
          if (look.inForm) inForm++
          if (!look.outlined) problems.push(`${look.name}: no focus outline`)
          if (look.underBar) problems.push(`${look.name}: under the 送信 bar`)
          if (look.underNavbar) problems.push(`${look.name}: under the navbar`)
        }
        expect(passed, 'the focus passed the playground within 160 presses').toBe(true)
        expect(inForm).toBeGreaterThan(10)
        expect([...kinds]).toEqual(expect.arrayContaining(['date', 'checkbox', 'text']))
        expect(problems).toEqual([])
        await closeAll()
      })
    }
  })
})
