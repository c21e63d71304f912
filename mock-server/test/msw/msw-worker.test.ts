import { readFileSync } from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'
import { describe, expect, it } from 'vitest'
import { browserBuildPlugin } from '../../entry-points.js'
import { chromiumSkipReason, TEST_CHROMIUM_ARGS, testChromiumPath } from '../../../scripts/lib/test-chromium.mjs'

// The MSW door under `setupWorker` in headless Chromium (Debian's, through playwright-core, as
// scripts/lib/test-chromium.mjs picks it; a service worker needs a real browser): the page
// bundles test/msw/worker-page.ts and calls the API.
const CHROMIUM = testChromiumPath()
const skipReason = chromiumSkipReason(CHROMIUM)

describe.skipIf(skipReason !== null)(
  `MSW door in a browser (setupWorker)${skipReason === null ? '' : ` — skipped: ${skipReason}`}`,
  () => {
    it('answers the API and the admin API from the service worker', { timeout: 90_000 }, async () => {
      const bundle = await build({
        entryPoints: [fileURLToPath(new URL('./worker-page.ts', import.meta.url))],
        bundle: true,
        platform: 'browser',
        plugins: [browserBuildPlugin()],
        format: 'esm',
        write: false,
        logLevel: 'silent',
      })
      const files: Record<string, [string, string | Uint8Array]> = {
        '/': ['text/html', '<!doctype html><html><body><script type="module" src="/app.js"></script></body></html>'],
        '/app.js': ['text/javascript', bundle.outputFiles[0]!.contents],
        '/mockServiceWorker.js': [
          'text/javascript',
          readFileSync(fileURLToPath(import.meta.resolve('msw/mockServiceWorker.js'))),
        ],
      }
      const server = http.createServer((req, res) => {
        const file = files[req.url ?? '/']
        if (!file) {
          res.writeHead(404)
          return res.end()
        }
        res.writeHead(200, { 'content-type': file[0] })
        res.end(file[1])
      })
      await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
      const { chromium } = await import('playwright-core')
      const browser = await chromium.launch({ executablePath: CHROMIUM, args: [...TEST_CHROMIUM_ARGS] })
      try {
        const page = await browser.newPage()
        const errors: Error[] = []
        page.on('pageerror', (e) => errors.push(e))
        await page.goto(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`)
        await page.waitForSelector('body[data-result]', { state: 'attached', timeout: 60_000 })
        const result = JSON.parse((await page.evaluate(() => document.body.dataset.result)) ?? '{}') as Record<
          string,
          { status: number; body: unknown } | number
        >
        expect(errors).toEqual([])
        expect(result.version).toEqual({ status: 200, body: '1.5.0' })
        expect(result.noToken).toMatchObject({ status: 401, body: { error_code: 'KR_API_F1001' } })
        expect(result.environment).toMatchObject({ status: 200 })
        expect(result.clock).toEqual({ status: 200, body: { now: 1_767_225_660, mode: 'manual', speed: 1 } })
        expect(result.wrongMethod).toBe(405)
        // a scenario given to createEngine() is checked there, off Node as under Node
        expect(result.scenarioTables).toBe(200)
        expect(result.badScenario).toBe('ScenarioError')
      } finally {
        await browser.close()
        server.close()
      }
    })
  },
)
