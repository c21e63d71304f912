#!/usr/bin/env node
/**
 * examples/react-app as a team outside the repository gets it: the commands of its README
 * (scripts/example-app-steps.mjs), run as written in `sh` with KRS_KIT set to this repository
 * and APP to a new folder outside it: the kit's packages packed as a release packs them
 * (scripts/pack-packages.mjs, reused while unchanged), the app copied out, the tarballs put in
 * its `.krs-packages/` (its package.json installs `file:.krs-packages/*.tgz`), then
 * `npm install`, the build (tsc + vite build), its Vitest tests and its Playwright tests in
 * Debian's Chromium. `npm run test:slow` runs it (scripts/run-tests.mjs), so a package change
 * that breaks the app, or a README step that no longer works, breaks CI.
 *
 *   node scripts/example-app.mjs               everything, in a new folder under the OS temp dir
 *   node scripts/example-app.mjs --no-e2e      without Playwright
 *   node scripts/example-app.mjs --keep        the folder is kept (its path is printed)
 */
import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { e2eCommand, outsideCommands } from './example-app-steps.mjs'
import { chromiumSkipReason, testChromiumPath } from './lib/test-chromium.mjs'
import { root } from './pack-packages.mjs'

const e2e = !process.argv.includes('--no-e2e')
const keep = process.argv.includes('--keep')
const started = performance.now()
const log = (m) => process.stdout.write(`example-app: ${m}\n`)

/** The example is a project of its own: none of this repository's npm or vitest settings reach it. */
function appEnv(app) {
  const env = {}
  for (const [k, v] of Object.entries(process.env)) {
    if (/^npm_/i.test(k) && !/^npm_config_(cache|userconfig|nodedir)$/i.test(k)) continue
    if (/^(VITEST|VITE_|TEST$|NODE_ENV$|KRS_)/.test(k)) continue
    env[k] = v
  }
  return {
    ...env,
    KRS_KIT: root,
    APP: app,
    // the app's Playwright config reads it: the browser this repository's tests use
    KRS_CHROMIUM: chromium,
    // the registry packages from npm's cache when it has them (the commands stay as written)
    npm_config_prefer_offline: 'true',
    npm_config_audit: 'false',
    npm_config_fund: 'false',
    FORCE_COLOR: '0',
    NO_COLOR: '1',
    CI: process.env.CI ?? '',
  }
}

const chromium = testChromiumPath()
const noBrowser = chromiumSkipReason(chromium)
let commands = outsideCommands
if (!e2e) commands = commands.filter((c) => c !== e2eCommand)
else if (noBrowser !== null) {
  // Under CI a missing browser fails the last command instead (.ci/run installs it).
  log(`playwright: NOT run, ${noBrowser}`)
  commands = commands.filter((c) => c !== e2eCommand)
}

const parent = mkdtempSync(join(tmpdir(), 'krs-example-app-'))
const app = join(parent, 'react-app')
log(`APP=${app}`)
// `sh -e -x`: stops at the first command that fails, and shows each command as it runs it.
const r = spawnSync('sh', ['-e', '-x', '-c', commands.join('\n')], {
  cwd: parent,
  env: appEnv(app),
  stdio: 'inherit',
  timeout: 1_200_000,
})
const seconds = ((performance.now() - started) / 1000).toFixed(1)
if (!keep) rmSync(parent, { recursive: true, force: true })
if (r.status !== 0) {
  log(`FAILED (exit ${r.status ?? r.signal}) after ${seconds} s${keep ? `; the app is in ${app}` : ''}`)
  process.exit(r.status || 1)
}
log(`passed in ${seconds} s${keep ? `; the app is in ${app}` : ''}`)
