import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createEngine } from '@krs-kit/mock-server'
import { startNodeServer, type RunningServer } from '@krs-kit/mock-server/node'
import { openReference } from './support/api-reference.js'
import { browserSkipReason, launchChromium } from './support/browser.js'
import { buildDir, ensureSiteBuilt } from './support/site-build.js'

// The Content-Security-Policy krs-mock sends with `--static` must let the built site and its
// playground (the in-page emulator through MSW, Ajv) work: no CSP violation on the pages.
// Served by the emulator's own Node door (as `npm start` and `krs-mock --static` serve it).
const skipReason = browserSkipReason()
if (skipReason) console.warn(`[site-csp.e2e] skipped: ${skipReason}`)

describe.skipIf(skipReason !== null)('the built site under krs-mock --static and its CSP (Chromium)', () => {
  let server: RunningServer | null = null

  beforeAll(async () => {
    ensureSiteBuilt()
    server = await startNodeServer(createEngine({ members: 20 }), { port: 0, staticDir: buildDir })
  })

  afterAll(async () => {
    await server?.close()
  })

  it('loads the home page, docs pages, the search page, a playground page and /api with its reference without CSP violations', {
    timeout: 120_000,
  }, async () => {
    const browser = await launchChromium()
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
      // /api, and Redoc's reference once opened (it renders in the browser, with its styles)
      const res = await page.goto(`${server!.url}/api`, { waitUntil: 'load' })
      expect(res?.headers()['content-security-policy']).toContain("default-src 'self'")
      await openReference(page)
      await page.waitForTimeout(1500)
      expect(violations).toEqual([])
    } finally {
      await browser.close()
    }
  })
})
