#!/usr/bin/env node
// `npm start`: build the emulator and serve the API and the documentation site on
// http://127.0.0.1:4010. The API answers at once; the site is built in the background when it
// is missing or older than its sources. Until a first build is there, the site's pages are a
// short Japanese page saying the site is being built, which reloads itself; a stale site is
// served as it is until the new one replaces it.
// Extra arguments go to krs-mock (e.g. `npm start -- --members 10000 --clock manual`).
// For the repository's tests: KRS_START_SITE_DIR serves and builds another directory, and
// KRS_START_SITE_BUILD names a Node script run instead of the Docusaurus build (it gets the
// directory to write as its argument).
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { siteBuildIsFresh } from './lib/site-freshness.mjs'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm'
const playground = join(root, 'playground')
const site = resolve(process.env.KRS_START_SITE_DIR ?? join(playground, 'build'))
const next = `${site}.next`
const old = `${site}.old`
/** Written into the placeholder site, so that it is never taken for a built one. */
const PLACEHOLDER_MARK = '.krs-placeholder'

function log(text) {
  process.stderr.write(`krs-kit: ${text}\n`)
}

function run(args, label) {
  log(label)
  const r = spawnSync(npm, args, { cwd: root, stdio: ['ignore', 'inherit', 'inherit'] })
  if (r.status !== 0) {
    log(`"${label}" failed (exit ${r.status ?? r.signal})`)
    process.exit(r.status ?? 1)
  }
}

/** A page in Japanese (the site's language) without outside resources (the site's CSP forbids them). */
function page(title, body, reload) {
  return `<!doctype html>
<html lang="ja">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
${reload ? '<meta http-equiv="refresh" content="3">\n' : ''}<title>${title}</title>
<style>body{font-family:system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem;line-height:1.7;color:#1c1e21}code{background:#f0f0f0;padding:0 .2em}</style>
</head>
<body>
<h1>${title}</h1>
${body}
</body>
</html>
`
}

const BUILDING = page(
  'ドキュメントサイトを構築中です',
  `<p>初回の構築には 1〜2 分かかります。できあがるとこのページは自動で切り替わります（3 秒ごとに再読み込みしています）。</p>
<p>API はもう使えます：<code>POST /api/v1/get_version</code>、管理 API は <code>/__mock/</code> です。</p>`,
  true,
)
const FAILED = page(
  'ドキュメントサイトを構築できませんでした',
  '<p><code>npm start</code> を実行したターミナルの出力を確認してください。API はそのまま使えます。</p>',
  false,
)

/** A page's front matter `slug:` (without quotes), if any. */
function slugOf(file) {
  const text = readFileSync(file, 'utf8')
  if (!text.startsWith('---')) return undefined
  const end = text.indexOf('\n---', 3)
  const m = /^slug:\s*['"]?([^'"\n]+?)['"]?\s*$/m.exec(text.slice(0, end < 0 ? undefined : end))
  return m?.[1]
}

/** Markdown pages below `dir` (Docusaurus skips files and folders starting with `_`). */
function markdownFiles(dir, rel = '') {
  if (!existsSync(dir)) return []
  const out = []
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name.startsWith('_') || entry.name.startsWith('.')) continue
    const r = rel === '' ? entry.name : `${rel}/${entry.name}`
    if (entry.isDirectory()) out.push(...markdownFiles(join(dir, entry.name), r))
    else if (/\.mdx?$/.test(entry.name)) out.push(r)
  }
  return out
}

/**
 * The site's pages, as Docusaurus makes them (docs at `/`, the blog at `/history`, the pages of
 * src/pages, a playground page per operation), so that each answers the building page (200)
 * while the first build runs, not the API's not-found error. Other paths stay not found.
 */
function siteRoutes() {
  const routes = new Set(['/', '/history'])
  const docs = join(playground, 'docs')
  for (const file of markdownFiles(docs)) {
    const dir = file.includes('/') ? file.slice(0, file.lastIndexOf('/')) : ''
    const slug = slugOf(join(docs, file))
    if (slug?.startsWith('/')) routes.add(slug)
    else if (slug !== undefined) routes.add(`/${dir === '' ? '' : `${dir}/`}${slug}`)
    else {
      const name = file.slice(file.lastIndexOf('/') + 1).replace(/\.mdx?$/, '')
      const last = dir.slice(dir.lastIndexOf('/') + 1)
      routes.add(/^(index|readme)$/i.test(name) || name === last ? `/${dir}` : `/${file.replace(/\.mdx?$/, '')}`)
    }
  }
  for (const file of markdownFiles(join(playground, 'blog'))) {
    const slug = slugOf(join(playground, 'blog', file))
    const name = file.replace(/\.mdx?$/, '').replace(/^\d{4}-\d{2}-\d{2}-/, '')
    routes.add(slug?.startsWith('/') ? `/history${slug}` : `/history/${slug ?? name}`)
  }
  const pages = join(playground, 'src', 'pages')
  if (existsSync(pages))
    for (const name of readdirSync(pages))
      if (/^[a-z][\w-]*\.(tsx|jsx|mdx?)$/.test(name)) routes.add(`/${name.replace(/\.\w+$/, '')}`)
  const paths = join(root, 'spec', 'paths')
  if (existsSync(paths))
    for (const name of readdirSync(paths)) if (name.endsWith('.yaml')) routes.add(`/playground/${name.slice(0, -5)}`)
  return [...routes].map((r) => r.replace(/\/+$/, '') || '/')
}

/** The placeholder site: every page of the site, and (for a browser) any other path through its not-found page. */
function writePlaceholder(html) {
  mkdirSync(site, { recursive: true })
  for (const name of ['index.html', '404.html']) writeFileSync(join(site, name), html)
  for (const route of siteRoutes()) {
    if (route === '/') continue
    const file = join(site, `${route.slice(1)}.html`)
    mkdirSync(dirname(file), { recursive: true })
    writeFileSync(file, html)
  }
  writeFileSync(join(site, PLACEHOLDER_MARK), '')
}

function siteIsBuilt() {
  return existsSync(join(site, 'index.html')) && !existsSync(join(site, PLACEHOLDER_MARK))
}

function siteIsFresh() {
  if (!siteIsBuilt() || process.env.KRS_START_SITE_BUILD) return false
  return siteBuildIsFresh(root, site)
}

/** Run one step of the site build; resolves with its exit code. */
function step(command, args, cwd) {
  return new Promise((done) => {
    const child = spawn(command, args, { cwd, stdio: ['ignore', 'inherit', 'inherit'] })
    children.add(child)
    child.on('exit', (code, signal) => {
      children.delete(child)
      done(code ?? (signal ? 1 : 0))
    })
  })
}

/**
 * Build the site into `<site>.next`, then put it in place of `<site>` with two renames: the
 * server reads the directory on every request, so it serves the old pages (or the
 * placeholder) until the new ones are complete.
 */
async function buildSite() {
  rmSync(next, { recursive: true, force: true })
  const steps = process.env.KRS_START_SITE_BUILD
    ? [[process.execPath, [resolve(process.env.KRS_START_SITE_BUILD), next], root]]
    : [
        // the playground's `build` script, writing into another directory
        [npm, ['run', 'prepare:site', '--silent'], playground],
        [join(root, 'node_modules', '.bin', 'docusaurus'), ['build', '--out-dir', next], playground],
        [join(root, 'node_modules', '.bin', 'tsx'), ['scripts/strip-search-readings.ts', next], playground],
      ]
  for (const [command, args, cwd] of steps) {
    const code = await step(command, args, cwd)
    if (stopping) return
    if (code !== 0) {
      log(`building the documentation site failed (exit ${code}); the API keeps running`)
      if (!siteIsBuilt()) writePlaceholder(FAILED)
      return
    }
  }
  rmSync(old, { recursive: true, force: true })
  if (existsSync(site)) renameSync(site, old)
  renameSync(next, site)
  rmSync(old, { recursive: true, force: true })
  log('the documentation site is ready')
}

const children = new Set()
let stopping = false
/** The krs-mock process, once started. */
let server

/** Stop the site build and the server; exits when the server has (its exit handler below). */
function stop(signal) {
  stopping = true
  for (const child of children) child.kill(signal)
  if (server) server.kill(signal)
  else process.exit(0)
}

// A supervisor (or `kill`) may signal npm's pid alone: the start script execs this program
// (package.json), so npm's forwarded SIGINT/SIGTERM reaches it, not an intermediate shell.
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => stop(signal))
// Under npm, this program is re-parented when npm is killed outright: stop with it then.
if (process.env.npm_lifecycle_event !== undefined) {
  const launcher = process.ppid
  setInterval(() => {
    if (process.ppid !== launcher) stop('SIGTERM')
  }, 250).unref()
}

run(['run', 'build:js', '-w', '@krs-kit/mock-server', '--silent'], 'building the emulator')

const fresh = siteIsFresh()
if (!siteIsBuilt()) writePlaceholder(BUILDING)

server = spawn(
  process.execPath,
  [join(root, 'mock-server', 'dist', 'bin.js'), '--static', site, ...process.argv.slice(2)],
  { cwd: root, stdio: 'inherit' },
)
server.on('exit', (code, signal) => {
  stopping = true
  for (const child of children) child.kill('SIGTERM')
  process.exit(code ?? (signal ? 1 : 0))
})

if (!fresh) {
  log(
    siteIsBuilt()
      ? 'rebuilding the documentation site in the background (the current one is served meanwhile)'
      : 'building the documentation site in the background (under a minute on an idle machine); the API answers already',
  )
  await buildSite()
}
