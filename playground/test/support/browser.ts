import { existsSync } from 'node:fs'
import { chromium, type Browser } from 'playwright-core'

export const chromiumPath = process.env.KRS_CHROMIUM ?? '/usr/bin/chromium'

/** Why the browser tests cannot run here, or null when they can (in CI they always must). */
export function browserSkipReason(): string | null {
  if (existsSync(chromiumPath)) return null
  if (process.env.CI) return null // in CI a missing browser is a failure, not a skip
  return `${chromiumPath} is not installed (apt-get install chromium); the site browser tests need it`
}

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath,
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
}
