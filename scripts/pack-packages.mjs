#!/usr/bin/env node
/**
 * Packs the published packages (@krs-kit/sdk, @krs-kit/mock-server, @krs-kit/cli, @krs-kit/mcp) with
 * `npm pack`, as a release would (each package's `prepack` builds it), into
 * `.tmp/packages/`. The package checks (scripts/check-packages.mjs), the consumer test
 * (test/consumer/) and the size budget (bench/package-size.ts) all use these tarballs.
 *
 * Packing builds declarations and takes a minute, so the tarballs are reused while their
 * inputs are unchanged: a hash of each package's files (without node_modules, dist, tests
 * and the generated zip dictionary) plus the lockfile is kept next to the tarball.
 *
 * `node scripts/pack-packages.mjs [--force]` prints the tarball paths as JSON.
 */
import { spawnSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { dirname, join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'

export const root = join(dirname(fileURLToPath(import.meta.url)), '..')
export const packDir = join(root, '.tmp', 'packages')

/** The published packages, in dependency order. */
export const published = [
  { key: 'sdk', name: '@krs-kit/sdk', dir: 'sdk' },
  { key: 'mockServer', name: '@krs-kit/mock-server', dir: 'mock-server' },
  { key: 'cli', name: '@krs-kit/cli', dir: 'cli' },
  { key: 'mcp', name: '@krs-kit/mcp', dir: 'mcp' },
]

const skipped = new Set(['node_modules', 'dist', 'test', '.turbo'])

function addFiles(hash, dir, base) {
  for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    if (skipped.has(entry.name)) continue
    const path = join(dir, entry.name)
    if (entry.isDirectory()) addFiles(hash, path, base)
    else if (entry.isFile() && entry.name !== 'zip-dictionary.txt') {
      hash.update(relative(base, path)).update('\0').update(readFileSync(path)).update('\0')
    }
  }
}

/** Hash of what a package's tarball is built from. */
export function inputHash(pkgDir) {
  const hash = createHash('sha256')
  addFiles(hash, join(root, pkgDir), root)
  hash.update(readFileSync(join(root, 'package-lock.json')))
  // The SDK and the CLI are generated from the contract; their sources are hashed above.
  return hash.digest('hex').slice(0, 16)
}

function npmPack(pkg) {
  const r = spawnSync('npm', ['pack', '-w', pkg.name, '--pack-destination', packDir, '--json', '--loglevel', 'error'], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
    env: { ...process.env, FORCE_COLOR: '0' },
  })
  if (r.status !== 0)
    throw new Error(`npm pack ${pkg.name} failed (exit ${r.status}):\n${r.stderr}\n${r.stdout.slice(-4000)}`)
  // Build output of prepack precedes the JSON on stdout.
  const json = r.stdout.slice(r.stdout.lastIndexOf('\n[\n') + 1)
  const [info] = JSON.parse(json)
  return join(packDir, info.filename)
}

/**
 * Packs what changed since the last pack (everything with `force`) and returns the tarballs:
 * `{ sdk, mockServer, cli, mcp }` (absolute paths) and whether each was packed anew.
 */
export function packPackages({ force = false, log = (m) => process.stderr.write(`${m}\n`) } = {}) {
  mkdirSync(packDir, { recursive: true })
  const tarballs = {}
  const repacked = []
  for (const pkg of published) {
    const stampPath = join(packDir, `${pkg.dir}.stamp.json`)
    const hash = inputHash(pkg.dir)
    const stamp = existsSync(stampPath) ? JSON.parse(readFileSync(stampPath, 'utf8')) : undefined
    if (!force && stamp?.hash === hash && existsSync(stamp.tarball) && statSync(stamp.tarball).size > 0) {
      tarballs[pkg.key] = stamp.tarball
      continue
    }
    if (stamp?.tarball) rmSync(stamp.tarball, { force: true })
    const started = Date.now()
    log(`pack: ${pkg.name} (prepack builds it) ...`)
    const tarball = npmPack(pkg)
    log(`pack: ${relative(root, tarball)} in ${((Date.now() - started) / 1000).toFixed(1)} s`)
    writeFileSync(stampPath, `${JSON.stringify({ hash, tarball })}\n`)
    tarballs[pkg.key] = tarball
    repacked.push(pkg.key)
  }
  return { ...tarballs, repacked }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const result = packPackages({ force: process.argv.includes('--force') })
  console.log(JSON.stringify(result, null, 2))
}
