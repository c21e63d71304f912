// First-load JavaScript of the built documentation site, gzipped, for `/` and `/playground`.
// Printed, not pass/fail. "First load" = the scripts a page's HTML makes the browser fetch
// before it is interactive: <script src> tags plus <link rel="preload" as="script"> (the
// route chunks Docusaurus preloads for hydration). Prefetched chunks are not counted.
// Uses playground/build; builds the site first when it is missing.
// Run: npm run bench:site-size -w @krs-kit/bench
import { execFileSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'

const buildDir = join(dirname(fileURLToPath(import.meta.url)), '..', 'playground', 'build')
if (!existsSync(join(buildDir, 'index.html'))) {
  console.log('playground/build is missing: building the site (npm run build -w @krs-kit/playground) ...')
  execFileSync('npm', ['run', 'build', '-w', '@krs-kit/playground', '--silent'], { stdio: 'inherit' })
}

const pages: Record<string, string> = { '/': 'index.html', '/playground': 'playground.html' }

/** Script URLs a page loads up front: script tags and script preloads, in document order. */
function firstLoadScripts(html: string): { src: string; how: 'script' | 'preload' }[] {
  const out: { src: string; how: 'script' | 'preload' }[] = []
  for (const m of html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"[^>]*>/g)) out.push({ src: m[1]!, how: 'script' })
  for (const m of html.matchAll(/<link\b[^>]*>/g)) {
    const tag = m[0]
    const href = /\bhref="([^"]+)"/.exec(tag)?.[1]
    if (href && /\brel="preload"/.test(tag) && /\bas="script"/.test(tag)) out.push({ src: href, how: 'preload' })
  }
  const seen = new Set<string>()
  return out.filter((s) => !seen.has(s.src) && seen.add(s.src))
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`
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
    const bytes = readFileSync(join(buildDir, src.replace(/^\//, '')))
    const g = gzipSync(bytes, { level: 9 }).byteLength
    raw += bytes.byteLength
    gz += g
    rows.push(`      ${how.padEnd(8)} ${src.padEnd(48)} ${kb(g).padStart(9)} gz`)
  }
  console.log(`  ${route.padEnd(12)} ${String(scripts.length).padStart(2)} scripts  ${kb(raw).padStart(9)} raw  ${kb(gz).padStart(9)} gzipped`)
  for (const r of rows) console.log(r)
}
