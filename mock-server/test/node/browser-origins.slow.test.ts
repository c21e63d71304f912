import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createEngine, type Engine } from '../../src/index.js'
import { startNodeServer, type RunningServer } from '../../src/node/index.js'
import { chromiumSkipReason, TEST_CHROMIUM_ARGS, testChromiumPath } from '../../../scripts/lib/test-chromium.mjs'

// The admin guards in a real browser (Debian's Chromium through playwright-core, as
// scripts/lib/test-chromium.mjs picks it; a browser sends Origin and preflights as an
// attacker's page would): a page on another origin cannot change the emulator's state; with
// --cors a page on an allowed origin calls the API.
// A Chromium start of its own: `npm run test:slow` (mock-server-slow); the quick suite's browser
// smoke test is test/msw/msw-worker.test.ts.
const CHROMIUM = testChromiumPath()
const skipReason = chromiumSkipReason(CHROMIUM)
const START = 1_767_225_600

let engine: Engine
let emulator: RunningServer
let pages: http.Server
let pageOrigin: string
let otherOrigin: string

beforeAll(async () => {
  pages = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
    res.end('<!doctype html><title>other site</title><p>another origin</p>')
  })
  await new Promise<void>((r) => pages.listen(0, '127.0.0.1', () => r()))
  const port = (pages.address() as AddressInfo).port
  pageOrigin = `http://localhost:${port}` // allowed by --cors below
  otherOrigin = `http://127.0.0.1:${port}` // not allowed (another origin than the emulator's too)
  engine = createEngine({ members: 20, clock: { mode: 'manual', now: START } })
  emulator = await startNodeServer(engine, { port: 0, corsOrigins: [pageOrigin] })
})
afterAll(async () => {
  await emulator?.close()
  await new Promise<void>((r) => (pages ? pages.close(() => r()) : r()))
})

describe.skipIf(skipReason !== null)(
  `browser pages on other origins${skipReason === null ? '' : ` — skipped: ${skipReason}`}`,
  () => {
    it('cannot move the clock, reset or read the snapshot; --cors lets an allowed page call the API', {
      timeout: 90_000,
    }, async () => {
      const { chromium } = await import('playwright-core')
      const browser = await chromium.launch({ executablePath: CHROMIUM, args: [...TEST_CHROMIUM_ARGS] })
      try {
        const page = await browser.newPage()
        const emu = emulator.url
        const before = JSON.stringify(engine.exportTenant(engine.defaultTenant).state)

        for (const origin of [pageOrigin, otherOrigin]) {
          await page.goto(`${origin}/`)
          const attacks = await page.evaluate(async (base) => {
            const out: string[] = []
            const tryIt = async (label: string, init: RequestInit, path: string) => {
              try {
                const r = await fetch(`${base}${path}`, init)
                out.push(`${label}: ${r.type} ${r.status} ${r.type === 'opaque' ? '' : (await r.text()).slice(0, 80)}`)
              } catch (e) {
                out.push(`${label}: blocked ${(e as Error).name}`)
              }
            }
            await tryIt(
              'no-cors clock',
              { mode: 'no-cors', method: 'POST', body: '{"advance_seconds":3600}' },
              '/__mock/clock',
            )
            await tryIt('no-cors reset', { mode: 'no-cors', method: 'POST', body: '{}' }, '/__mock/reset')
            await tryIt(
              'no-cors faults',
              { mode: 'no-cors', method: 'POST', body: '{"operation":"*","status":500,"count":99}' },
              '/__mock/faults',
            )
            await tryIt(
              'cors clock json',
              { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"advance_seconds":3600}' },
              '/__mock/clock',
            )
            await tryIt('cors snapshot', {}, '/__mock/snapshot')
            // a form post is what a plain HTML form could send
            const form = new URLSearchParams({ advance_seconds: '3600' })
            await tryIt('no-cors form', { mode: 'no-cors', method: 'POST', body: form }, '/__mock/clock')
            return out
          }, emu)
          for (const line of attacks) expect(line, `${origin} ${line}`).not.toMatch(/: (?:cors|basic) 2\d\d/)
          expect(
            attacks.find((l) => l.startsWith('cors snapshot')),
            'the snapshot is not readable',
          ).toMatch(/blocked/)
        }
        expect(engine.defaultTenant.clock.now(), 'the clock did not move').toBe(START)
        expect(engine.defaultTenant.faults.take('get_version'), 'no fault was injected').toBeFalsy()
        expect(JSON.stringify(engine.exportTenant(engine.defaultTenant).state), 'the state did not change').toBe(before)

        // --cors: the allowed page reads an API answer; the other origin cannot
        const callApi = (origin: string) =>
          page.goto(`${origin}/`).then(() =>
            page.evaluate(async (base) => {
              try {
                const r = await fetch(`${base}/api/v1/get_member_info`, {
                  method: 'POST',
                  headers: { authorization: 'Bearer krs-all', 'content-type': 'application/json' },
                  body: JSON.stringify({ member_table_id: 1, member_id: 1 }),
                })
                return `${r.status} ${(await r.text()).slice(0, 40)}`
              } catch (e) {
                return `blocked ${(e as Error).name}`
              }
            }, emu),
          )
        expect(await callApi(pageOrigin)).toMatch(/^200 \{/)
        expect(await callApi(otherOrigin)).toMatch(/^blocked/)
      } finally {
        await browser.close()
      }
    })
  },
)
