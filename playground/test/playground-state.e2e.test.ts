import http from 'node:http'
import type { AddressInfo } from 'node:net'
import type { BrowserContext, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { openReference } from './support/api-reference.js'
import { browserSkipReason } from './support/browser.js'
import { fillBody } from './support/fill-body.js'
import { builtSiteInChromium } from './support/built-site.js'

const skipReason = browserSkipReason()
if (skipReason) console.warn(`[playground-state.e2e] skipped: ${skipReason}`)

describe.skipIf(skipReason !== null)(
  'playground state across page loads and tabs, share link, verdict (Chromium)',
  () => {
    const site = builtSiteInChromium()

    /** A fresh browser profile (its own IndexedDB and localStorage), as a new reader has. */
    const profile = () => site.browser.newContext({ viewport: { width: 1400, height: 1000 } })

    const open = async (context: BrowserContext, path: string): Promise<Page> => {
      const page = await context.newPage()
      page.setDefaultNavigationTimeout(90_000)
      page.setDefaultTimeout(60_000)
      page.on('pageerror', (e) => console.error('[pageerror]', e.message))
      page.on('console', (m) => {
        if (m.type() === 'error' || m.type() === 'warning') console.error('[console]', m.text())
      })
      await goto(page, path)
      return page
    }

    /** A full page load, until the emulator answers (the send button is enabled). */
    const goto = async (page: Page, path: string): Promise<void> => {
      await page.goto(site.server.origin + path)
      await page.locator('html[data-has-hydrated="true"]').waitFor({ state: 'attached' })
      await page.locator('[data-testid="send"]:not([disabled])').waitFor()
    }

    const send = async (page: Page, body?: unknown): Promise<{ status: string; body: string }> => {
      if (body !== undefined) await fillBody(page, JSON.stringify(body, null, 2))
      // each answer adds a line to the call list
      const before = await page.locator('[data-testid="history"] li').count()
      await page.locator('[data-testid="send"]').click()
      await expect.poll(() => page.locator('[data-testid="history"] li').count()).toBe(Math.min(before + 1, 50))
      return {
        status: (await page.locator('[data-testid="response-status"]').textContent()) ?? '',
        body: (await page.locator('[data-testid="response-body"]').textContent()) ?? '',
      }
    }

    const addMember = async (page: Page): Promise<{ id: number; email: string }> => {
      await page.locator('[data-testid="fill-example"]').click()
      // the example has arrived (the chosen database alone is a valid body already)
      await expect
        .poll(async () => JSON.parse(await page.locator('[data-testid="body-editor"]').inputValue()).member_info?.e_4)
        .toMatch(/^playground-/)
      await expect.poll(async () => page.locator('[data-testid="body-valid"]').count()).toBe(1)
      const email = `kept-${Date.now()}@example.com`
      const body = JSON.parse(await page.locator('[data-testid="body-editor"]').inputValue()) as {
        member_info: Record<string, unknown>
      }
      body.member_info.e_4 = email
      const r = await send(page, body)
      expect(r.status, r.body).toMatch(/^200/)
      return { id: Number(r.body.trim()), email }
    }

    const historyText = (page: Page) => page.locator('[data-testid="history"]').textContent()

    it('a member added on /playground/add_member is found after a full load of another page, and in another tab', async () => {
      const context = await profile()
      const other = await open(context, '/playground/get_member_info')
      const page = await open(context, '/playground/add_member')
      const { id, email } = await addMember(page)

      // a full page load: the emulator starts again from the saved state
      await goto(page, '/playground/get_member_info')
      const info = await send(page, { member_table_id: 1, member_id: id })
      expect(info.status, info.body).toMatch(/^200/)
      expect(info.body).toContain(email)
      // the call list and the emulator agree: the add_member of the other page load is listed
      expect(await historyText(page)).toMatch(/add_member\s*200/)

      // the tab opened before the member was added has taken the saved state, and shows its calls
      await expect.poll(() => historyText(other)).toMatch(/add_member\s*200/)
      // the other tab's call list follows this tab's calls, reads included
      await expect.poll(() => other.locator('[data-testid="history"] li').count()).toBe(2)
      const seen = await send(other, { member_table_id: 1, member_id: id })
      expect(seen.status, seen.body).toMatch(/^200/)
      expect(seen.body).toContain(email)
      await context.close()
    })

    it('the clock and the last request and answer are restored as they were; リセット really resets, the call list included', async () => {
      const context = await profile()
      const page = await open(context, '/playground/add_member')
      const { id, email } = await addMember(page)
      const clock = page.locator('[data-testid="emulator-clock-unix"]')
      await clock.waitFor({ state: 'attached' })
      const before = Number(await clock.textContent())
      await page.locator('[data-testid="clock-seconds"]').fill('7200')
      await page.locator('[data-testid="clock-advance"]').click()
      await expect.poll(async () => Number(await clock.textContent())).toBe(before + 7200)

      await page.reload()
      await page.locator('[data-testid="send"]:not([disabled])').waitFor()
      await expect.poll(async () => Number(await clock.textContent())).toBe(before + 7200)
      // the operation's last call is shown again: the body sent and the answer
      await page.locator('[data-testid="response-restored"]').waitFor()
      expect((await page.locator('[data-testid="response-body"]').textContent())?.trim()).toBe(String(id))
      const sent = JSON.parse(await page.locator('[data-testid="body-editor"]').inputValue()) as {
        member_info: { e_4: string }
      }
      expect(sent.member_info.e_4).toBe(email)

      await page.locator('[data-testid="emulator-reset"]').click()
      await expect.poll(() => historyText(page)).toContain('まだありません')
      await goto(page, '/playground/add_member')
      expect(await page.locator('[data-testid="response"]').count()).toBe(0)
      await goto(page, '/playground/get_member_info')
      const gone = await send(page, { member_table_id: 1, member_id: id })
      expect(gone.status).toMatch(/^4/)
      await context.close()
    })

    it('a #state= link carries the state to another browser, which asks before replacing its own', async () => {
      const a = await profile()
      const page = await open(a, '/playground/add_member')
      const { id, email } = await addMember(page)
      await page.locator('[data-testid="share-state"]').click()
      const link = await page.locator('[data-testid="share-state-link"]').inputValue()
      expect(link).toMatch(new RegExp(`^${site.server.origin}/playground/add_member[^#]*#state=[A-Za-z0-9_-]+$`))
      await a.close()

      const b = await profile()
      const other = await b.newPage()
      other.setDefaultTimeout(60_000)
      await other.goto(link)
      await other.locator('[data-testid="state-offer"]').waitFor()
      // nothing is replaced before the reader agrees
      await goto(other, '/playground/get_member_info')
      expect((await send(other, { member_table_id: 1, member_id: id })).body).not.toContain(email)
      await other.goto(link)
      await other.locator('[data-testid="state-offer-accept"]').click()
      await other.locator('[data-testid="state-loaded"]').waitFor()
      expect(other.url()).not.toContain('#state=')
      await goto(other, '/playground/get_member_info')
      const found = await send(other, { member_table_id: 1, member_id: id })
      expect(found.status, found.body).toMatch(/^200/)
      expect(found.body).toContain(email)
      await b.close()
    })

    it('the verdict shows the difference of a stand-in server that renames a key, by JSON pointer', async () => {
      const standIn = http.createServer((req, res) => {
        res.setHeader('access-control-allow-origin', '*')
        res.setHeader('access-control-allow-headers', 'authorization, content-type')
        if (req.method === 'OPTIONS') {
          res.writeHead(204).end()
          return
        }
        // get_member_tables as the contract has it, but with `id` renamed to `table_id`
        res.writeHead(200, { 'content-type': 'application/json' })
        res.end(JSON.stringify([{ table_id: 1, name: '会員' }]))
      })
      await new Promise<void>((r) => standIn.listen(0, '127.0.0.1', r))
      const standInUrl = `http://127.0.0.1:${(standIn.address() as AddressInfo).port}`
      try {
        const context = await profile()
        const page = await open(context, '/playground/get_member_tables')
        await page.locator('[data-testid="target-local"]').check()
        await page.getByLabel('URL', { exact: true }).fill(standInUrl)
        const r = await send(page, {})
        expect(r.status).toMatch(/^200/)
        await page.locator('[data-testid="verdict-ng"]').waitFor()
        const text = (await page.locator('[data-testid="verdict-differences"]').textContent()) ?? ''
        expect(text).toContain('/0/id')
        expect(text).toContain('契約にある項目がありません')

        // the in-browser emulator's own answers get no verdict (they are the contract's)
        await page.locator('[data-testid="target-emulator"]').check()
        await send(page, {})
        expect(await page.locator('[data-testid="verdict"]').count()).toBe(0)
        await context.close()
      } finally {
        await new Promise<void>((r) => standIn.close(() => r()))
      }
    })

    it("/api: an operation's 「試す」 opens its form and answer in a panel of the same page, without a page load", async () => {
      const context = await profile()
      const page = await context.newPage()
      page.setDefaultTimeout(90_000)
      page.setDefaultNavigationTimeout(90_000)
      await page.goto(`${site.server.origin}/api`)
      await page.locator('html[data-has-hydrated="true"]').waitFor({ state: 'attached' })
      // a page load would drop this mark
      await page.evaluate(() => {
        ;(window as unknown as { krsSamePage: boolean }).krsSamePage = true
      })
      const drawer = page.locator('[data-testid="try-drawer"]')
      // from the operation index the page shows first, which stays (the reference does not open) ...
      const indexLink = page.locator('[data-testid="api-index"] a[href="/playground/get_version"]')
      await indexLink.scrollIntoViewIfNeeded()
      await indexLink.click()
      await drawer.locator('[data-testid="send"]:not([disabled])').waitFor()
      await drawer.locator('[data-testid="send"]').click()
      await drawer.locator('[data-testid="response-status"]').waitFor()
      expect(await drawer.locator('[data-testid="response-status"]').textContent()).toMatch(/^200/)
      expect((await drawer.locator('[data-testid="response-body"]').textContent())?.trim()).toBe('"1.5.0"')
      expect(await page.locator('[data-testid="api-index"]').count()).toBe(1)
      await page.keyboard.press('Escape')
      await expect.poll(() => drawer.count()).toBe(0)
      // ... and from Redoc's reference once opened
      await openReference(page)
      const link = page.locator('.redocusaurus a[href="/playground/get_version"]').first()
      await link.waitFor({ state: 'attached' })
      await link.scrollIntoViewIfNeeded()
      await link.click()
      await drawer.locator('[data-testid="send"]:not([disabled])').waitFor()
      expect(new URL(page.url()).pathname).toBe('/api')
      expect(await page.evaluate(() => (window as unknown as { krsSamePage?: boolean }).krsSamePage)).toBe(true)
      await page.keyboard.press('Escape')
      await expect.poll(() => drawer.count()).toBe(0)
      await context.close()
    })

    it('a page reloaded with Shift while another tab keeps the service worker loads once, and both tabs answer from the emulator', async () => {
      const context = await profile()
      const controlled = (page: Page) => page.waitForFunction(() => navigator.serviceWorker.controller !== null)
      const first = await open(context, '/playground/get_version')
      await controlled(first)
      const second = await open(context, '/playground/get_member_info')
      await controlled(second)
      let documents = 0
      second.on('domcontentloaded', () => {
        documents += 1
      })
      // A reload that bypasses the service worker (Shift+reload): the page is not controlled
      // although the first tab keeps the worker's registration alive.
      const reloaded = second.waitForEvent('load')
      await (await context.newCDPSession(second)).send('Page.reload', { ignoreCache: true })
      await reloaded
      await second.locator('[data-testid="send"]:not([disabled])').waitFor()
      await controlled(second)
      expect(documents, 'the page does not reload itself').toBe(1)
      // a fetch of the page to the emulator's path passes MSW's handler, in both tabs
      const version = (page: Page) =>
        page.evaluate(async () => {
          const r = await fetch('/api/v1/get_version', {
            method: 'POST',
            headers: { authorization: 'Bearer krs-all', 'content-type': 'application/json' },
            body: '{}',
          })
          return { status: r.status, emulator: r.headers.get('x-krs-emulator') }
        })
      expect(await version(second)).toEqual({ status: 200, emulator: 'krs-mock' })
      expect(await version(first)).toEqual({ status: 200, emulator: 'krs-mock' })
      await context.close()
    })
  },
)
