// Lighthouse performance scores (desktop preset and the default mobile emulation) of the built
// documentation site for `/` and `/playground`, served by the emulator's Node door (what
// `npm start` runs) on a random loopback port, measured with Debian's Chromium. Printed, not
// pass/fail. Goals: at least 95 on desktop and 85 on mobile for both pages. Also prints whether
// the server compresses the page's main script (content-encoding).
// Baseline in the same run: a tiny static page without scripts, written to a temp dir and
// served the same way; it shows what this machine's load alone costs the score.
// Uses playground/build; builds the site first when it is missing.
// Run: npm run bench:site-lighthouse -w @krs-kit/bench
import { execFileSync, spawn } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
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

const GOALS = { desktop: 95, mobile: 85 } as const
type FormFactor = keyof typeof GOALS

function lighthouse(url: string, formFactor: FormFactor = 'desktop'): number {
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
  const report = JSON.parse(readFileSync(out, 'utf8')) as {
    categories: { performance: { score: number } }
  }
  return Math.round(report.categories.performance.score * 100)
}

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
    console.log(`compression of ${mainJs}: ${res.headers.get('content-encoding') ?? 'none'}`)
  }
  for (const formFactor of ['desktop', 'mobile'] as const) {
    const goal = GOALS[formFactor]
    const baseline = lighthouse(`${base.url}/`, formFactor)
    console.log(`baseline (static page without scripts, ${formFactor}): ${baseline}`)
    for (const [name, path] of [
      ['home', '/'],
      ['playground', '/playground'],
    ] as const) {
      const score = lighthouse(`${site.url}${path}`, formFactor)
      console.log(`${path}: Lighthouse performance ${score} (${formFactor}; goal >= ${goal})`)
      reportFigure({
        name: `site.lighthouse.${name}.${formFactor}`,
        value: score,
        unit: 'score',
        goal: `>= ${goal}`,
        baseline,
        met: score >= goal,
      })
    }
  }
} finally {
  site.stop()
  base.stop()
}
