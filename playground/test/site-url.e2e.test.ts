import { execFileSync } from 'node:child_process'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { buildDir, ensureSiteBuilt, siteDir } from './support/site-build.js'

// The site built for a published address (KRS_SITE_URL): every page names itself with that
// address (canonical, og:url, the breadcrumbs' structured data, the sitemap), never the local
// emulator's. A second build into its own folder, made once (a few minutes).

const SITE_URL = 'https://docs.example.com'
// Under test-artifacts/, which `npm start` does not count among the site's sources: a build
// written while npm-start.e2e runs beside this file does not make it rebuild the site.
const outDir = join(siteDir, 'test-artifacts', 'build-site-url')

/** Pages of each kind: home, a guide, a history post list, the playground, an operation, the reference. */
const pages: Record<string, string> = {
  'index.html': '/',
  'tutorials/getting-started.html': '/tutorials/getting-started',
  'history.html': '/history',
  'playground.html': '/playground',
  'playground/add_member.html': '/playground/add_member',
  'api.html': '/api',
}

const read = (file: string, dir = outDir): string => readFileSync(join(dir, file), 'utf8')

/** The page's head and its structured data (where a page names addresses of itself). */
function selfAddresses(html: string): string {
  const head = html.slice(0, html.indexOf('</head>'))
  const structured = Array.from(html.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g), (m) => m[1])
  return `${head}${structured.join('')}`
}
const attr = (html: string, re: RegExp): string | undefined => re.exec(html)?.[1]

describe('the site built with KRS_SITE_URL names its pages with that address', () => {
  beforeAll(() => {
    if (Object.keys(pages).every((f) => existsSync(join(outDir, f)))) return
    ensureSiteBuilt() // the prepared contract and playground runtime the build takes
    execFileSync('npx', ['docusaurus', 'build', '--out-dir', outDir], {
      cwd: siteDir,
      env: { ...process.env, KRS_SITE_URL: `${SITE_URL}/` },
      stdio: 'inherit',
    })
  })

  it.each(Object.entries(pages))('%s: canonical and og:url are absolute', (file, path) => {
    const html = read(file)
    expect(attr(html, /<link[^>]*rel="canonical"[^>]*href="([^"]+)"/)).toBe(`${SITE_URL}${path}`)
    expect(attr(html, /<meta[^>]*property="og:url"[^>]*content="([^"]+)"/)).toBe(`${SITE_URL}${path}`)
    // one of each (the theme's own, not a second one from the page's origin)
    expect(html.match(/rel="canonical"/g)).toHaveLength(1)
    expect(html.match(/property="og:url"/g)).toHaveLength(1)
  })

  it("no address of the page's head or structured data is the local emulator's", () => {
    for (const file of Object.keys(pages)) {
      const html = read(file)
      const head = html.slice(0, html.indexOf('</head>'))
      const structured = Array.from(
        html.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g),
        (m) => m[1],
      )
      expect(`${head}${structured.join('')}`, file).not.toContain('127.0.0.1')
    }
    const guide = read('tutorials/getting-started.html')
    expect(guide).toContain(`"item":"${SITE_URL}/tutorials"`)
  })

  it('the sitemap lists the pages at that address', () => {
    const sitemap = read('sitemap.xml')
    const locs = Array.from(sitemap.matchAll(/<loc>([^<]+)<\/loc>/g), (m) => m[1]!)
    expect(locs.length).toBeGreaterThan(100)
    expect(locs.every((l) => l.startsWith(`${SITE_URL}/`))).toBe(true)
    expect(locs).toContain(`${SITE_URL}/playground/add_member`)
  })
})

/** Every page of a build (its .html files). */
function htmlFiles(dir: string, under = ''): string[] {
  return readdirSync(join(dir, under), { withFileTypes: true }).flatMap((e) => {
    const rel = under ? `${under}/${e.name}` : e.name
    if (e.isDirectory()) return htmlFiles(dir, rel)
    return e.name.endsWith('.html') ? [rel] : []
  })
}

describe('the site built without a site URL names no address of its own but the page path', () => {
  beforeAll(() => ensureSiteBuilt())

  it("no page's head or structured data points at the local emulator (guides, history posts, playground, reference)", () => {
    const files = htmlFiles(buildDir)
    expect(files.length).toBeGreaterThan(100)
    expect(files.filter((f) => selfAddresses(read(f, buildDir)).includes('127.0.0.1'))).toEqual([])
  })
})
