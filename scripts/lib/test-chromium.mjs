// The Chromium the browser tests drive through playwright-core, and how they start it: one
// definition for the site's suites (playground/test/support/browser.ts), the emulator's browser
// tests and the example app's Playwright run (scripts/example-app.mjs).
//
// Debian's `chromium-headless-shell` (the headless-only build of the same Chromium, which is also
// what Playwright itself runs for headless tests) when it is installed: it renders the same pages
// without the full browser's window machinery, for 15-25 % less CPU per browser file than
// `/usr/bin/chromium --headless` (bench/README.md, "Browser tests on Chromium's headless shell").
// .ci/run installs it; without it the tests run in `/usr/bin/chromium`. KRS_CHROMIUM names
// another executable.
import { existsSync } from 'node:fs'

const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell'
const FULL_CHROMIUM = '/usr/bin/chromium'

/** The executable the browser tests start: KRS_CHROMIUM, else the headless shell, else Chromium. */
export function testChromiumPath(env = process.env) {
  if (env.KRS_CHROMIUM) return env.KRS_CHROMIUM
  return existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : FULL_CHROMIUM
}

/** Flags of every test browser: headless, no sandbox (root in CI), nothing that calls outside. */
export const TEST_CHROMIUM_ARGS = Object.freeze([
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
])

/** Why the browser tests cannot run here, or null when they can (under CI they always must). */
export function chromiumSkipReason(path = testChromiumPath(), env = process.env) {
  if (existsSync(path)) return null
  if (env.CI) return null // in CI a missing browser is a failure, not a skip
  return `${path} is not installed (apt-get install chromium-headless-shell, or chromium); the browser tests need it`
}
