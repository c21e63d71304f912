import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createEngine } from '../../src/index.js'
import { startNodeServer, type RunningServer } from '../../src/node/index.js'

// Issue 15, finding 2: the Content-Security-Policy of `--static` must let the built docs site
// and its playground (in-page emulator through MSW, Ajv) work: no CSP violation on the pages.
// Needs the built site (`npm run build -w @krs-kit/playground`, about a minute or more): the
// test is skipped, saying so, when playground/build is missing.
const CHROMIUM = '/usr/bin/chromium'
const SITE = fileURLToPath(new URL('../../../playground/build/', import.meta.url))
const ready = existsSync(CHROMIUM) && existsSync(`${SITE}index.html`)

let server: RunningServer | null = null
beforeAll(async () => {
  if (ready) server = await startNodeServer(createEngine({ members: 20 }), { port: 0, log: null, staticDir: SITE })
})
afterAll(async () => {
  await server?.close()
})

describe.skipIf(!ready)(
  `the built site under the CSP${ready ? '' : ' — skipped: needs /usr/bin/chromium and playground/build (npm run build -w @krs-kit/playground)'}`,
  () => {
    it('loads the home page, docs pages, the search page and a playground page without CSP violations', {
      timeout: 120_000,
    }, async () => {
      const { chromium } = await import('playwright-core')
      const browser = await chromium.launch({
        executablePath: CHROMIUM,
        args: [
          '--headless',
          '--no-sandbox',
          '--disable-gpu',
          '--disable-quic',
          '--no-first-run',
          '--disable-background-networking',
          '--disable-component-update',
          '--disable-sync',
        ],
      })
      try {
        const page = await browser.newPage()
        const violations: string[] = []
        page.on('console', (m) => {
          if (/Content Security Policy|Refused to/i.test(m.text())) violations.push(m.text())
        })
        page.on('pageerror', (e) => {
          if (/Content Security Policy|EvalError/i.test(String(e))) violations.push(String(e))
        })
        for (const path of ['/', '/limitations', '/search', '/playground/get_member_info']) {
          const res = await page.goto(`${server!.url}${path}`, { waitUntil: 'networkidle' })
          expect(res?.status(), path).toBe(200)
          expect(res?.headers()['content-security-policy'], path).toContain("default-src 'self'")
          await page.waitForTimeout(1500)
        }
        expect(violations).toEqual([])
      } finally {
        await browser.close()
      }
    })
  },
)
