import { chromium, type Browser } from 'playwright-core'
import { chromiumSkipReason, TEST_CHROMIUM_ARGS, testChromiumPath } from '../../../scripts/lib/test-chromium.mjs'

/** The browser the site's suites drive (scripts/lib/test-chromium.mjs: the headless shell when installed). */
export const chromiumPath = testChromiumPath()

/** Why the browser tests cannot run here, or null when they can (in CI they always must). */
export function browserSkipReason(): string | null {
  return chromiumSkipReason(chromiumPath)
}

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath, args: [...TEST_CHROMIUM_ARGS] })
}
