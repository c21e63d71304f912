#!/usr/bin/env node
/**
 * Package checks (part of `npm run lint`): packs the published packages as a release
 * would (scripts/pack-packages.mjs, reused while their inputs are unchanged) and checks the
 * tarballs, not the folders:
 * - publint: errors and warnings fail, suggestions are printed;
 * - @arethetypeswrong/cli (attw): any problem fails. The SDK is dual ESM/CJS and checked
 *   under every resolution; the emulator and the CLI are ESM only (profile esm-only: CommonJS
 *   `require` and node10 resolution are out of scope), and so is the MCP server;
 * - the kit's own packaging rules: no source maps, no `source` export condition, the bin
 *   launchers and the zip dictionary shipped, the CLI without the emulator or the MCP server
 *   as a dependency, the CLI and the MCP server without a bundled copy of the SDK, msw an
 *   optional peer of the emulator, the MCP server's guides shipped, and the private contract
 *   package (`@krs-kit/contract`) inlined: neither a dependency nor named by a shipped file.
 *
 * Exit code 1 when anything fails.
 */
import { spawnSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { basename, dirname, join } from 'node:path'
import { publint } from 'publint'
import { formatMessage } from 'publint/utils'
import { installedBytes } from './installed-size.mjs'
import { packPackages, published, root } from './pack-packages.mjs'

const require = createRequire(import.meta.url)
const attwBin = join(dirname(require.resolve('@arethetypeswrong/cli/package.json')), 'dist', 'index.js')

const tarballs = packPackages()
const failures = []
const fail = (pkg, message) => failures.push(`${pkg}: ${message}`)

/** The files of a tarball (paths without the leading `package/`) and a reader for one. */
function listTarball(tgz) {
  const r = spawnSync('tar', ['-tzf', tgz], { encoding: 'utf8' })
  if (r.status !== 0) throw new Error(`tar -tzf ${tgz}: ${r.stderr}`)
  return r.stdout
    .split('\n')
    .filter(Boolean)
    .map((f) => f.replace(/^package\//, ''))
}
function readFromTarball(tgz, file) {
  const r = spawnSync('tar', ['-xzOf', tgz, `package/${file}`], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 })
  if (r.status !== 0) throw new Error(`tar -xzOf ${tgz} ${file}: ${r.stderr}`)
  return r.stdout
}

const checks = [
  { key: 'sdk', name: '@krs-kit/sdk', profile: 'strict' },
  { key: 'mockServer', name: '@krs-kit/mock-server', profile: 'esm-only' },
  { key: 'cli', name: '@krs-kit/cli', profile: 'esm-only' },
  { key: 'mcp', name: '@krs-kit/mcp', profile: 'esm-only' },
]

for (const { key, name, profile } of checks) {
  const tgz = tarballs[key]
  console.log(`\n== ${name} (${basename(tgz)})`)

  // publint on the packed tarball.
  const pkgJson = JSON.parse(readFromTarball(tgz, 'package.json'))
  const { messages } = await publint({
    pack: { tarball: readFileSync(tgz).buffer },
    level: 'suggestion',
    strict: false,
  })
  const counts = { error: 0, warning: 0, suggestion: 0 }
  for (const m of messages) {
    counts[m.type]++
    console.log(`publint ${m.type}: ${formatMessage(m, pkgJson) ?? m.code}`)
    if (m.type !== 'suggestion') fail(name, `publint ${m.type} ${m.code}`)
  }
  console.log(`publint: ${counts.error} errors, ${counts.warning} warnings, ${counts.suggestion} suggestions`)

  // attw on the packed tarball.
  const attw = spawnSync(process.execPath, [attwBin, tgz, '--profile', profile, '--format', 'json'], {
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  })
  let problems = []
  try {
    const report = JSON.parse(attw.stdout)
    problems = report.analysis?.problems ?? []
    if (report.analysis?.types === false) console.log('attw: no types (an executable; nothing to import)')
  } catch {
    fail(name, `attw printed no report (exit ${attw.status}): ${attw.stderr.slice(0, 500)}`)
  }
  if (attw.status !== 0) {
    for (const p of problems) console.log(`attw: ${p.kind} ${p.entrypoint ?? ''} (${p.resolutionKind ?? ''})`)
    fail(name, `attw (profile ${profile}) exit ${attw.status}, ${problems.length} problems`)
  } else {
    console.log(`attw (profile ${profile}): no problems`)
  }

  // The kit's own rules.
  const files = listTarball(tgz)
  for (const f of files.filter((f) => f.endsWith('.map'))) fail(name, `ships a source map: ${f}`)
  const conditions = JSON.stringify(pkgJson.exports ?? {})
  if (conditions.includes('"source"'))
    fail(name, 'the packed exports keep the "source" condition (it names unshipped files)')
  for (const [bin, target] of Object.entries(pkgJson.bin ?? {})) {
    const file = target.replace(/^\.\//, '')
    if (!files.includes(file)) fail(name, `bin ${bin} → ${target} is not in the tarball`)
    if (file.startsWith('dist/')) fail(name, `bin ${bin} points into dist/, which npm cannot link before a build`)
  }
  for (const field of ['dependencies', 'peerDependencies', 'optionalDependencies'])
    if (pkgJson[field]?.['@krs-kit/contract']) fail(name, `${field} names the private @krs-kit/contract`)
  // an import or require of it (the CLI's bundle carries its own package.json, which lists it
  // among the devDependencies: that text imports nothing)
  for (const f of files.filter((f) => /\.(?:[cm]?js|d\.[cm]?ts)$/.test(f)))
    if (/(?:\bfrom\s*|\brequire\(\s*|\bimport\(\s*)["']@krs-kit\/contract/.test(readFromTarball(tgz, f)))
      fail(name, `${f} imports @krs-kit/contract, which is private: the build must inline it`)
  if (key === 'mockServer') {
    if (!files.includes('data/zip-dictionary.txt'))
      fail(name, 'the zip dictionary data/zip-dictionary.txt is not shipped')
    if (pkgJson.dependencies?.msw) fail(name, 'msw is a dependency (it must be a peer: the project brings its own)')
    if (!pkgJson.peerDependencies?.msw || pkgJson.peerDependenciesMeta?.msw?.optional !== true)
      fail(name, 'msw is not an optional peer dependency')
  }
  if (key === 'cli' || key === 'mcp') {
    const js = files.filter((f) => f.startsWith('dist/') && f.endsWith('.js'))
    const bundled = js.filter((f) => /function createKrsClient\b/.test(readFromTarball(tgz, f)))
    if (bundled.length > 0)
      fail(name, `bundles the SDK (createKrsClient defined in ${bundled.join(', ')}); it must import @krs-kit/sdk`)
  }
  if (key === 'mcp') {
    if (!files.some((f) => f.startsWith('guides/') && f.endsWith('.md')))
      fail(name, 'the site guides (guides/*.md, its resources) are not shipped')
    if (!pkgJson.dependencies?.['@modelcontextprotocol/sdk'])
      fail(name, '@modelcontextprotocol/sdk is not a dependency')
    // The README tells integrators what `npm install -D @krs-kit/mcp` costs; it must stay true.
    const own = Object.fromEntries(published.map((p) => [p.name, p.key]))
    const mb = installedBytes(key, tarballs, own, root) / 1e6
    const stated = /about ([\d.]+) MB installed/.exec(readFromTarball(tgz, 'README.md'))?.[1]
    console.log(`installed with its dependencies: ${mb.toFixed(1)} MB (README: ${stated ?? 'no figure'})`)
    if (stated === undefined) fail(name, 'README.md states no "about N MB installed"')
    else if (Math.abs(Number(stated) - mb) / mb > 0.1)
      fail(name, `README.md says about ${stated} MB installed; measured ${mb.toFixed(1)} MB (more than 10% off)`)
  }
  if (key === 'cli') {
    if (pkgJson.dependencies?.['@krs-kit/mock-server'])
      fail(name, 'depends on @krs-kit/mock-server (it must be an optional peer)')
    if (pkgJson.peerDependenciesMeta?.['@krs-kit/mock-server']?.optional !== true)
      fail(name, '@krs-kit/mock-server is not an optional peer')
    if (pkgJson.dependencies?.['@krs-kit/mcp']) fail(name, 'depends on @krs-kit/mcp (it must be an optional peer)')
    if (pkgJson.peerDependenciesMeta?.['@krs-kit/mcp']?.optional !== true)
      fail(name, '@krs-kit/mcp is not an optional peer')
  }
  console.log(`files: ${files.length}, tarball ${(readFileSync(tgz).byteLength / 1024).toFixed(0)} KB`)
}

if (failures.length > 0) {
  console.error(`\npackage checks failed:\n${failures.map((f) => `- ${f}`).join('\n')}`)
  process.exit(1)
}
console.log(`\npackage checks: ${checks.length} packages, publint and attw without errors`)
