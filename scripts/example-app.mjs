#!/usr/bin/env node
/**
 * examples/react-app as its users get it: the kit's packages packed as a release packs them
 * (scripts/pack-packages.mjs, reused while unchanged), copied into the example's
 * `.krs-packages/` (its package.json installs `file:.krs-packages/*.tgz`, never the workspace
 * links), then `npm install`, the build (tsc + vite build), its Vitest tests and its Playwright
 * tests in Debian's Chromium. `npm run test:slow` runs it (scripts/run-tests.mjs), so a package
 * change that breaks the app breaks CI.
 *
 *   node scripts/example-app.mjs            everything
 *   node scripts/example-app.mjs --no-e2e   without Playwright
 *
 * The install is skipped while the tarballs and the example's package.json are those it was
 * made from (a stamp in node_modules).
 */
import { spawnSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { packPackages, root } from './pack-packages.mjs'

const app = join(root, 'examples', 'react-app')
const e2e = !process.argv.includes('--no-e2e')
const started = performance.now()
const log = (m) => process.stdout.write(`example-app: ${m}\n`)

/** The example is a project of its own: none of this repository's npm or vitest settings reach it. */
function appEnv() {
  const env = {}
  for (const [k, v] of Object.entries(process.env)) {
    if (/^npm_/i.test(k) && !/^npm_config_(cache|userconfig|nodedir)$/i.test(k)) continue
    if (/^(VITEST|VITE_|TEST$|NODE_ENV$|KRS_)/.test(k) && k !== 'KRS_CHROMIUM') continue
    env[k] = v
  }
  return { ...env, FORCE_COLOR: '0', NO_COLOR: '1', CI: process.env.CI ?? '' }
}

function step(label, cmd, args, timeoutMs = 240_000) {
  const t = performance.now()
  log(`${label} ...`)
  const r = spawnSync(cmd, args, { cwd: app, env: appEnv(), stdio: 'inherit', timeout: timeoutMs })
  const s = ((performance.now() - t) / 1000).toFixed(1)
  if (r.status !== 0) {
    log(`${label} FAILED (exit ${r.status ?? r.signal}) after ${s} s`)
    process.exit(r.status || 1)
  }
  log(`${label}: done in ${s} s`)
}

const tarballs = packPackages({ log })
mkdirSync(join(app, '.krs-packages'), { recursive: true })
copyFileSync(tarballs.sdk, join(app, '.krs-packages', 'sdk.tgz'))
copyFileSync(tarballs.mockServer, join(app, '.krs-packages', 'mock-server.tgz'))

const hash = createHash('sha256')
for (const f of ['.krs-packages/sdk.tgz', '.krs-packages/mock-server.tgz', 'package.json', '.npmrc'])
  hash.update(readFileSync(join(app, f)))
const key = hash.digest('hex')
const stamp = join(app, 'node_modules', '.krs-install-stamp')
if (existsSync(stamp) && readFileSync(stamp, 'utf8') === key) log('install: unchanged tarballs, kept')
else {
  // The lock file records the tarballs' integrity, which changes with every pack: it is
  // rewritten here (and not committed); the registry packages follow the majors in package.json
  // (engine-strict in its .npmrc: none that needs a newer Node than 20).
  step(
    'npm install (the kit from its tarballs)',
    'npm',
    ['install', '--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error'],
    480_000,
  )
  writeFileSync(stamp, key)
}

step('build (tsc --noEmit, vite build)', 'npm', ['run', 'build'])
step('vitest (a tenant per test)', 'npm', ['test'])
const chromium = process.env.KRS_CHROMIUM ?? '/usr/bin/chromium'
if (e2e && !existsSync(chromium) && !process.env.CI)
  // Under CI a missing browser fails the step below instead (.ci/run installs it).
  log(`playwright: NOT run, ${chromium} is not installed (apt-get install chromium)`)
else if (e2e) step('playwright (the built app in Chromium)', 'npm', ['run', 'test:e2e'])
log(`passed in ${((performance.now() - started) / 1000).toFixed(1)} s`)
