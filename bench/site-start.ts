/**
 * Benchmark: `npm start` on a fresh clone (no site built, Docusaurus' caches cleared): seconds
 * from the start until the API answers `get_version` (the baseline of the same run), and until
 * the documentation site is served in place of the page saying it is being built. Goal: the
 * docs ≤ 60 s after the API (issue 41). The site is built into a temporary folder
 * (KRS_START_SITE_DIR), so playground/build stays as it is; `docusaurus clear` empties the
 * build caches, as on a fresh clone.
 *
 *   npm run bench:site-start -w @krs-kit/bench
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { reportFigure } from './report.js'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const GOAL_S = 60
const BUILDING = 'ドキュメントサイトを構築中です'
const load = () =>
  loadavg()
    .map((x) => x.toFixed(1))
    .join(' ')

const clear = spawnSync('npx', ['docusaurus', 'clear'], { cwd: join(root, 'playground'), stdio: 'ignore' })
if (clear.status !== 0) throw new Error(`docusaurus clear failed (${clear.status})`)

const site = join(mkdtempSync(join(tmpdir(), 'krs-bench-start-')), 'site')
const before = load()
const t0 = performance.now()
const child: ChildProcess = spawn(process.execPath, [join(root, 'scripts/start.mjs'), '--port', '0'], {
  cwd: root,
  env: { ...process.env, KRS_START_SITE_DIR: site },
  stdio: ['ignore', 'pipe', 'inherit'],
})
const since = () => (performance.now() - t0) / 1000

try {
  const base = await new Promise<string>((done, fail) => {
    let out = ''
    child.stdout?.on('data', (d: Buffer) => {
      out += d.toString()
      const m = /listening on (http:\/\/\S+)/.exec(out)
      if (m) done(m[1] as string)
    })
    child.once('exit', (code) => fail(new Error(`npm start exited (${code}) before listening: ${out}`)))
  })
  let apiS = 0
  for (;;) {
    const r = await fetch(`${base}/api/v1/get_version`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    }).catch(() => null)
    if (r?.status === 200) {
      apiS = since()
      break
    }
    await new Promise((r) => setTimeout(r, 20))
  }
  let docsS = 0
  for (;;) {
    const body = await fetch(`${base}/`, { headers: { accept: 'text/html' } })
      .then((r) => (r.status === 200 ? r.text() : ''))
      .catch(() => '')
    if (body !== '' && !body.includes(BUILDING) && body.includes('<div id="__docusaurus">')) {
      docsS = since()
      break
    }
    if (since() > 15 * 60) throw new Error('the site was not served within 15 minutes')
    await new Promise((r) => setTimeout(r, 250))
  }
  const after = docsS - apiS
  console.log(`npm start, fresh (load ${before} → ${load()}): the API answers after ${apiS.toFixed(1)} s`)
  console.log(
    `the documentation site is served after ${docsS.toFixed(1)} s: ${after.toFixed(1)} s after the API (goal ≤ ${GOAL_S} s: ${after <= GOAL_S ? 'met' : 'NOT met'})`,
  )
  reportFigure({
    name: 'site.start_docs_after_api_s',
    value: Number(after.toFixed(1)),
    unit: 's',
    goal: `<= ${GOAL_S} s after the API`,
    baseline: Number(apiS.toFixed(1)),
    ratio: null,
    met: after <= GOAL_S,
  })
} finally {
  if (child.exitCode === null && child.signalCode === null) {
    const exited = new Promise((r) => child.once('exit', r))
    child.kill('SIGTERM')
    await exited
  }
  rmSync(dirname(site), { recursive: true, force: true })
}
