import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll } from 'vitest'
import { launchChromium } from './browser.js'
import { buildDir, ensureSiteBuilt, siteDir } from './site-build.js'
import { startStaticServer, type StaticServer } from './static-server.js'

/** Where the browser files write their screenshots (git-ignored). */
export const artifactsDir = join(siteDir, 'test-artifacts')

/** The built site on a static server of its own and a Chromium, for the describe block that calls it. */
export interface BuiltSite {
  readonly server: StaticServer
  readonly browser: Browser
}

/**
 * Starts the built site's static server and a Chromium in the calling describe block's
 * beforeAll (building the site first if it is missing) and closes both in its afterAll.
 */
export function builtSiteInChromium(): BuiltSite {
  let server: StaticServer | undefined
  let browser: Browser | undefined
  beforeAll(async () => {
    ensureSiteBuilt()
    server = await startStaticServer(buildDir)
    browser = await launchChromium()
    mkdirSync(artifactsDir, { recursive: true })
  })
  afterAll(async () => {
    await browser?.close()
    await server?.close()
  })
  const started = <T>(value: T | undefined, name: string): T => {
    if (value === undefined) throw new Error(`the built site's ${name} is used before its beforeAll started it`)
    return value
  }
  return {
    get server() {
      return started(server, 'static server')
    },
    get browser() {
      return started(browser, 'Chromium')
    },
  }
}
