// First-load JavaScript of the built documentation site, gzipped, for `/`, `/playground` and
// one operation's page (`/playground/add_member`).
// Printed; the build itself fails when a page is over its budget (playground/plugins/size-budget/,
// whose figures are printed beside). Two figures per page:
//  - HTML: the <script src> (and <link rel="preload" as="script">) tags of the page's HTML;
//  - browser: every .js file Chromium fetches as a script until the network is idle (the
//    HTML scripts plus the route chunks Docusaurus' runtime loads to hydrate the page).
// Prefetches of linked pages (<link rel="prefetch">) are not counted.
// Sizes are the files in playground/build gzipped at level 9 (`npm start` sends brotli, a little
// smaller; bench:site-lighthouse prints the bytes on the wire and the Lighthouse scores).
// Uses playground/build; builds the site first when it is missing.
// Run: npm run bench:site-size -w @krs-kit/bench
import { execFileSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { FIRST_LOAD_BUDGETS_KB } from '../playground/plugins/size-budget/index.js'
import { fileSize, firstLoadScripts } from '../playground/plugins/size-budget/first-load.js'

const buildDir = join(dirname(fileURLToPath(import.meta.url)), '..', 'playground', 'build')
if (!existsSync(join(buildDir, 'index.html'))) {
  console.log('playground/build is missing: building the site (npm run build -w @krs-kit/playground) ...')
  execFileSync('npm', ['run', 'build', '-w', '@krs-kit/playground', '--silent'], { stdio: 'inherit' })
}

const pages: Record<string, string> = {
  '/': 'index.html',
  '/playground': 'playground.html',
  '/playground/add_member': 'playground/add_member.html',
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`
const gzipOf = (src: string): { raw: number; gz: number } => fileSize(buildDir, src)

/** The .js paths Chromium fetches while loading each route (null when Chromium is missing). */
async function browserScripts(routes: string[]): Promise<Map<string, string[]> | null> {
  if (!existsSync('/usr/bin/chromium')) return null
  const { launchChromium } = await import('@krs-kit/playground/test-support/browser')
  const { startStaticServer } = await import('@krs-kit/playground/test-support/static-server')
  const server = await startStaticServer(buildDir)
  const browser = await launchChromium()
  const out = new Map<string, string[]>()
  try {
    for (const route of routes) {
      const page = await browser.newPage({ viewport: { width: 1280, height: 800 } })
      const seen: string[] = []
      page.on('request', (r) => {
        const url = new URL(r.url())
        // 'script' = executed (route chunks for hydration); Docusaurus prefetches linked pages
        // with <link rel="prefetch">, which is not first load
        if (r.resourceType() !== 'script') return
        if (url.origin === server.origin && url.pathname.endsWith('.js') && !seen.includes(url.pathname))
          seen.push(url.pathname)
      })
      await page.goto(server.origin + route, { waitUntil: 'networkidle', timeout: 120_000 })
      out.set(route, seen)
      await page.close()
    }
  } finally {
    await browser.close()
    await server.close()
  }
  return out
}

const fetched = await browserScripts(Object.keys(pages))
console.log('Docs site first-load JavaScript (playground/build, gzip level 9)')
for (const [route, file] of Object.entries(pages)) {
  const htmlPath = join(buildDir, file)
  if (!existsSync(htmlPath)) {
    console.log(`  ${route}: ${file} not in the build`)
    continue
  }
  const scripts = firstLoadScripts(readFileSync(htmlPath, 'utf8'))
  let raw = 0
  let gz = 0
  const rows: string[] = []
  for (const { src, how } of scripts) {
    if (/^https?:/.test(src)) continue // external scripts are not part of the build
    const { raw: r, gz: g } = gzipOf(src)
    raw += r
    gz += g
    rows.push(`      ${how.padEnd(8)} ${src.padEnd(48)} ${kb(g).padStart(9)} gz`)
  }
  const budget = FIRST_LOAD_BUDGETS_KB[file]
  console.log(
    `  ${route.padEnd(12)} HTML     ${String(scripts.length).padStart(2)} scripts  ${kb(raw).padStart(9)} raw  ${kb(gz).padStart(9)} gzipped${budget ? `  (budget ${budget} KB)` : ''}`,
  )
  for (const r of rows) console.log(r)
  const loaded = fetched?.get(route)
  if (!loaded) {
    console.log(`  ${route.padEnd(12)} browser  (skipped: /usr/bin/chromium not installed)`)
    continue
  }
  const sizes = loaded.map((src) => ({ src, ...gzipOf(src) }))
  const total = sizes.reduce((a, s) => ({ raw: a.raw + s.raw, gz: a.gz + s.gz }), { raw: 0, gz: 0 })
  console.log(
    `  ${route.padEnd(12)} browser  ${String(sizes.length).padStart(2)} scripts  ${kb(total.raw).padStart(9)} raw  ${kb(total.gz).padStart(9)} gzipped`,
  )
  for (const s of [...sizes].sort((a, b) => b.gz - a.gz).slice(0, 6))
    console.log(`      fetched  ${s.src.padEnd(48)} ${kb(s.gz).padStart(9)} gz`)
}
