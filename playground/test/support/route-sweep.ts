import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { browserSkipReason } from './browser.js'
import { siteDir } from './site-build.js'
import { docRoutes, historyPosts, releaseTags } from './seed-routes.js'
import { builtSiteInChromium } from './built-site.js'

/** Every route of the built site: docs, history, tags, search, the reference and every playground page. */
export function allRoutes(): string[] {
  const { operations } = JSON.parse(readFileSync(join(siteDir, '.generated', 'operations.json'), 'utf8')) as {
    operations: { name: string }[]
  }
  return [
    ...docRoutes.map(([route]) => route),
    '/history',
    '/history/archive',
    '/history/tags',
    ...releaseTags.map((t) => `/history/tags/${t}`),
    ...historyPosts.map((slug) => `/history/${slug}`),
    '/search',
    '/api',
    '/playground',
    ...operations.map((o) => `/playground/${o.name}`),
  ]
}

/** A console message that the sweep refuses: any error, and React's warnings. */
function refused(type: string, text: string): boolean {
  return type === 'error' || (type === 'warning' && /react|hydrat/i.test(text))
}

/**
 * The console sweep over one of `shards` shares of the site's routes (every `shards`-th route
 * from `shard`), in a Chromium and a static server of its own: the shares are test files of
 * their own (site-routes-N.e2e.test.ts), which vitest runs beside each other and the other files.
 */
export function sweepRoutes(shard: number, shards: number): void {
  const skipReason = browserSkipReason()
  if (skipReason) console.warn(`[site-routes.e2e] skipped: ${skipReason}`)
  describe.skipIf(skipReason !== null)(
    `every route of the built site, share ${shard + 1} of ${shards} (Chromium)`,
    () => {
      const site = builtSiteInChromium()

      it('no route logs a console error or a React warning while loading and hydrating, or loads twice', {
        timeout: 10 * 60_000,
      }, async () => {
        const every = allRoutes()
        expect(every.length).toBeGreaterThan(170)
        const routes = every.filter((_, i) => i % shards === shard)
        const context = await site.browser.newContext({ viewport: { width: 1280, height: 800 } })
        const page = await context.newPage()
        page.setDefaultNavigationTimeout(90_000)
        let current = ''
        const problems: string[] = []
        page.on('console', (m) => {
          if (refused(m.type(), m.text())) problems.push(`${current}: ${m.type()}: ${m.text().slice(0, 300)}`)
        })
        page.on('pageerror', (e) => problems.push(`${current}: pageerror: ${e.message.slice(0, 300)}`))
        // A page that reloads itself (MSW does when a registration of its worker exists but does
        // not control the page) would abort the next route's navigation.
        let documents = 0
        page.on('domcontentloaded', () => {
          documents += 1
        })
        // Each route until React has hydrated it (Docusaurus marks <html data-has-hydrated>):
        // what hydration logs is in by then. The playground pages start their emulator after
        // that, so the next route is often loaded while the service worker is being registered.
        for (const route of routes) {
          current = route
          await page.goto(site.server.origin + route, { waitUntil: 'load' })
          await page.locator('html[data-has-hydrated="true"]').waitFor({ state: 'attached' })
        }
        await context.close()
        expect(problems).toEqual([])
        expect(documents, 'one document per route').toBe(routes.length)
      })
    },
  )
}
