// Lighthouse performance scores (desktop preset and the default mobile emulation, each with
// Lighthouse's own default throttling) of the built documentation site for `/`, `/playground`,
// one operation's page (`/playground/add_member`) and the API reference (`/api`), served by the emulator's Node door (what
// `npm start` runs: compression, cache headers) on a random loopback port, measured with
// Debian's Chromium. Printed, not pass/fail. Goals: at least 95 on desktop and on mobile, 90
// for /api (Redoc's whole reference on one page). Each page is measured LIGHTHOUSE_RUNS times (default 3, rounds interleaved) and the
// median is reported: Lighthouse's simulated throttling scales the CPU work it observes, so a
// busy machine lowers the score; the load average is printed with every figure.
// Also printed per page, from the median run's network log: the JavaScript the page requests to
// start (first load: every script of the run except prefetches of other pages, bytes on the
// wire, i.e. compressed; the site's scripts start after the first paint, which can come after
// the load event, so the load event is no cut-off) and all JavaScript of the run.
// Baseline in the same run: a tiny static page without scripts, written to a temp dir and
// served the same way; it shows what this machine's load alone costs the score.
// Uses playground/build; builds the site first when it is missing.
// While working on one page: LIGHTHOUSE_PAGES=api (names or paths, comma-separated) and
// LIGHTHOUSE_FORM_FACTORS=mobile measure only those; LIGHTHOUSE_REPORT_DIR=dir keeps each run's
// JSON report there (main-thread breakdown, long tasks, LCP element, unused JavaScript).
// Run: npm run bench:site-lighthouse -w @krs-kit/bench (or `npm run bench:site` at the root,
// which prints the first-load JavaScript of bench:site-size first)
import { execFileSync, spawn } from 'node:child_process'
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { cpus, loadavg, tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { reportFigure } from './report.js'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const buildDir = join(root, 'playground', 'build')
const chromium = process.env.CHROME_PATH ?? '/usr/bin/chromium'
if (!existsSync(chromium)) {
  console.log(`site-lighthouse: ${chromium} is missing (apt-get install chromium); no figure`)
  process.exit(0)
}
if (!existsSync(join(buildDir, 'index.html'))) {
  console.log('playground/build is missing: building the site (npm run build -w @krs-kit/playground) ...')
  execFileSync('npm', ['run', 'build', '-w', '@krs-kit/playground', '--silent'], { stdio: 'inherit', cwd: root })
}
execFileSync('npm', ['run', 'build:js', '-w', '@krs-kit/mock-server', '--silent'], { stdio: 'inherit', cwd: root })

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer()
    s.once('error', reject)
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port
      s.close(() => resolve(port))
    })
  })
}

async function serve(dir: string): Promise<{ url: string; stop: () => void }> {
  const port = await freePort()
  const child = spawn(
    process.execPath,
    [join(root, 'mock-server', 'dist', 'bin.js'), '--port', String(port), '--static', dir, '--quiet'],
    {
      stdio: 'ignore',
    },
  )
  const url = `http://127.0.0.1:${port}`
  for (let i = 0; i < 100; i++) {
    const ok = await fetch(`${url}/`).then(
      (r) => r.ok,
      () => false,
    )
    if (ok) return { url, stop: () => child.kill('SIGTERM') }
    await new Promise((r) => setTimeout(r, 100))
  }
  child.kill('SIGKILL')
  throw new Error('site-lighthouse: the server did not start')
}

/** Asks for a page and the scripts and style sheets its HTML names until each comes compressed. */
async function warm(origin: string, path: string): Promise<void> {
  const get = (url: string) => fetch(url, { headers: { 'accept-encoding': 'br, gzip' } })
  const html = await (await get(`${origin}${path}`)).text()
  const files = [
    path,
    ...[...html.matchAll(/<(?:script|link)[^>]* (?:src|href)="(\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]!),
  ]
  for (const file of files)
    for (let i = 0; i < 50; i++) {
      const res = await get(`${origin}${file}`)
      await res.arrayBuffer()
      if (res.headers.get('content-encoding')) break
      await new Promise((r) => setTimeout(r, 100))
    }
}

type FormFactor = 'desktop' | 'mobile'
const RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 3))
/** Name, path and the goal of each form factor. */
const ALL_PAGES = [
  ['home', '/', { desktop: 95, mobile: 95 }],
  ['playground', '/playground', { desktop: 95, mobile: 95 }],
  ['playground-op', '/playground/add_member', { desktop: 95, mobile: 95 }],
  ['api', '/api', { desktop: 90, mobile: 90 }],
] as const
const listed = (name: string): string[] | null =>
  process.env[name]
    ?.split(',')
    .map((s) => s.trim())
    .filter(Boolean) ?? null
const onlyPages = listed('LIGHTHOUSE_PAGES')
const PAGES = ALL_PAGES.filter(([name, path]) => !onlyPages || onlyPages.includes(name) || onlyPages.includes(path))
if (PAGES.length === 0)
  throw new Error(`site-lighthouse: LIGHTHOUSE_PAGES names no page (${ALL_PAGES.map((p) => p[0])})`)
const FORM_FACTORS = (['desktop', 'mobile'] as const).filter(
  (f) => listed('LIGHTHOUSE_FORM_FACTORS')?.includes(f) ?? true,
)
if (FORM_FACTORS.length === 0)
  throw new Error('site-lighthouse: LIGHTHOUSE_FORM_FACTORS names neither desktop nor mobile')
const reportDir = process.env.LIGHTHOUSE_REPORT_DIR
if (reportDir) mkdirSync(reportDir, { recursive: true })

interface Run {
  score: number
  load: number
  /** Script bytes on the wire the page requests to start (no prefetches), and in the whole run. */
  firstLoadJs: number
  allJs: number
  metrics: string
}

interface Report {
  categories: { performance: { score: number } }
  audits: Record<
    string,
    { displayValue?: string; numericValue?: number; details?: { items?: Record<string, unknown>[] } }
  >
}

function lighthouse(url: string, formFactor: FormFactor, label: string): Run {
  const load = loadavg()[0]!
  const out = join(mkdtempSync(join(tmpdir(), 'krs-lh-')), 'report.json')
  execFileSync(
    join(root, 'node_modules', '.bin', 'lighthouse'),
    [
      url,
      // no preset: Lighthouse's default, a throttled mobile device
      ...(formFactor === 'desktop' ? ['--preset=desktop'] : []),
      '--only-categories=performance',
      '--output=json',
      `--output-path=${out}`,
      '--quiet',
      '--chrome-flags=--headless --no-sandbox --disable-gpu --disable-quic --no-first-run --disable-background-networking --disable-component-update --disable-sync',
    ],
    { stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, CHROME_PATH: chromium }, timeout: 180_000 },
  )
  if (reportDir) copyFileSync(out, join(reportDir, `${label}.json`))
  const report = JSON.parse(readFileSync(out, 'utf8')) as Report
  const a = report.audits
  let firstLoadJs = 0
  let allJs = 0
  for (const r of a['network-requests']?.details?.items ?? []) {
    if (r.resourceType !== 'Script') continue
    const bytes = Number(r.transferSize ?? 0)
    allJs += bytes
    // Prefetches (of pages a link leads to) get the browser's lowest priority.
    if (r.priority !== 'VeryLow' && r.priority !== 'Lowest') firstLoadJs += bytes
  }
  const m = (id: string, label: string): string => `${label} ${a[id]?.displayValue ?? '?'}`
  return {
    score: Math.round(report.categories.performance.score * 100),
    load,
    firstLoadJs,
    allJs,
    metrics: [
      m('first-contentful-paint', 'FCP'),
      m('largest-contentful-paint', 'LCP'),
      m('total-blocking-time', 'TBT'),
      m('cumulative-layout-shift', 'CLS'),
      m('speed-index', 'SI'),
    ].join(', '),
  }
}

/** The run with the median score (the lower middle one for an even count). */
function median(runs: Run[]): Run {
  return [...runs].sort((x, y) => x.score - y.score)[Math.floor((runs.length - 1) / 2)]!
}

const kb = (n: number): string => `${(n / 1024).toFixed(1)} KB`
const loads = (runs: Run[]): string => runs.map((r) => r.load.toFixed(1)).join('/')

const baselineDir = mkdtempSync(join(tmpdir(), 'krs-lh-base-'))
writeFileSync(
  join(baselineDir, 'index.html'),
  '<!doctype html><html lang="ja"><meta charset="utf-8"><title>基準</title><h1>基準ページ</h1><p>スクリプトのない静的ページ。</p></html>',
)

const site = await serve(buildDir)
const base = await serve(baselineDir)
try {
  const html = await fetch(`${site.url}/`).then((r) => r.text())
  const mainJs = /src="(\/assets\/js\/main\.[^"]+\.js)"/.exec(html)?.[1]
  if (mainJs) {
    const res = await fetch(`${site.url}${mainJs}`, { headers: { 'accept-encoding': 'br, gzip' } })
    console.log(
      `compression of ${mainJs}: ${res.headers.get('content-encoding') ?? 'none'}; cache-control: ${res.headers.get('cache-control') ?? 'none'}`,
    )
  }
  // The server compresses a file over 256 KB in the background after its first answer, which
  // goes out uncompressed: each page and the files its HTML names are asked for until they come
  // compressed, so that no run measures a cold server (a 1.6 MB page took 8 s at the mobile
  // preset's bandwidth that way).
  for (const [, path] of PAGES) await warm(site.url, path)
  const runs = new Map<string, Run[]>()
  const key = (name: string, ff: FormFactor): string => `${name}.${ff}`
  for (let round = 1; round <= RUNS; round++) {
    for (const formFactor of FORM_FACTORS) {
      const targets: [string, string][] = [
        ['baseline', `${base.url}/`],
        ...PAGES.map(([n, p]) => [n, `${site.url}${p}`] as [string, string]),
      ]
      for (const [name, url] of targets) {
        const r = lighthouse(url, formFactor, `${name}.${formFactor}.${round}`)
        runs.set(key(name, formFactor), [...(runs.get(key(name, formFactor)) ?? []), r])
        console.log(
          `round ${round}/${RUNS} ${formFactor.padEnd(7)} ${name.padEnd(13)} ${String(r.score).padStart(3)}  (${r.metrics}; load average ${r.load.toFixed(1)})`,
        )
      }
    }
  }
  console.log(
    `\nLighthouse performance, median of ${RUNS} run(s) (load average of the 1-minute window at each run; 2 cores here)`,
  )
  for (const formFactor of FORM_FACTORS) {
    const baseline = median(runs.get(key('baseline', formFactor))!)
    console.log(
      `  ${formFactor}: baseline (static page without scripts) ${baseline.score} (load ${loads(runs.get(key('baseline', formFactor))!)})`,
    )
    for (const [name, path, goals] of PAGES) {
      const goal = goals[formFactor]
      const all = runs.get(key(name, formFactor))!
      const r = median(all)
      // Lighthouse scales the CPU work it observes: a score taken while other work keeps the
      // cores busy is no verdict on the goal, either way.
      const busy = all.some((x) => x.load > cpus().length)
      const verdict = busy
        ? `(under load: ${r.score >= goal ? 'met' : 'not met'} here, re-run idle)`
        : r.score >= goal
          ? 'met'
          : 'NOT met'
      console.log(
        `  ${formFactor}: ${path.padEnd(24)} ${String(r.score).padStart(3)}  goal >= ${goal} ${verdict}  runs ${all.map((x) => x.score).join('/')}  load ${loads(all)}  first-load JS ${kb(r.firstLoadJs)}, all JS ${kb(r.allJs)} (on the wire)  ${r.metrics}`,
      )
      reportFigure({
        name: `site.lighthouse.${name}.${formFactor}`,
        value: r.score,
        unit: 'score',
        goal: `>= ${goal}`,
        baseline: baseline.score,
        met: r.score >= goal,
      })
      if (formFactor === 'mobile')
        reportFigure({
          name: `site.first-load-js.${name}`,
          value: Number((r.firstLoadJs / 1024).toFixed(1)),
          unit: 'KB',
          goal: null,
          baseline: null,
        })
    }
  }
} finally {
  site.stop()
  base.stop()
}
