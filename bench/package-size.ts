// Size budget of what integrators install: each packed tarball, and the installed tree
// (node_modules, sum of file sizes) of a new project with
//   - the SDK alone                                  goal ≤ 2 MB
//   - the CLI alone (with its SDK, without the emulator) goal ≤ 6 MB
//   - the emulator alone (without msw, an optional peer)  informative
//   - the MCP server with its SDK and the MCP SDK          informative
// MB = 1,000,000 bytes (as npm's "unpacked size"). The tarballs are packed as a release
// packs them (scripts/pack-packages.mjs, reused while unchanged); the projects are installed
// from the npm cache (--prefer-offline) under the OS temp dir, keyed by the tarballs' hashes.
// Run: npm run bench:packages -w @krs-kit/bench
import { spawnSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { cpSync, existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { basename, join } from 'node:path'
import { reportFigure } from './report.js'
import { packPackages } from '../scripts/pack-packages.mjs'

const MB = 1_000_000
const tarballs = packPackages()

/** Sum of the sizes of the files below `dir` (symlinks not followed). */
function treeBytes(dir: string): number {
  let total = 0
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name)
    if (e.isDirectory()) total += treeBytes(p)
    else if (e.isFile()) total += lstatSync(p).size
  }
  return total
}

/** The installed node_modules of a new project depending on these tarballs; its size and packages. */
function installedTree(label: string, files: string[]): { bytes: number; packages: number } {
  const hash = createHash('sha256')
  for (const f of files) hash.update(readFileSync(f))
  const dir = join(tmpdir(), 'krs-kit-size', `${label}-${hash.digest('hex').slice(0, 16)}`)
  if (!existsSync(join(dir, 'installed'))) {
    rmSync(dir, { recursive: true, force: true })
    mkdirSync(dir, { recursive: true })
    const deps: Record<string, string> = {}
    for (const f of files) {
      cpSync(f, join(dir, basename(f)))
      const name = JSON.parse(spawnSync('tar', ['-xzOf', f, 'package/package.json'], { encoding: 'utf8' }).stdout)
        .name as string
      deps[name] = `file:./${basename(f)}`
    }
    writeFileSync(
      join(dir, 'package.json'),
      JSON.stringify({ name: `size-${label}`, private: true, dependencies: deps }, null, 2),
    )
    const env = Object.fromEntries(
      Object.entries(process.env).filter(([k]) => !/^npm_/i.test(k) || /^npm_config_(cache|userconfig)$/i.test(k)),
    )
    const r = spawnSync(
      'npm',
      ['install', '--prefer-offline', '--no-audit', '--no-fund', '--ignore-scripts', '--loglevel=error'],
      { cwd: dir, env, encoding: 'utf8' },
    )
    if (r.status !== 0) throw new Error(`npm install (${label}) failed:\n${r.stderr}`)
    writeFileSync(join(dir, 'installed'), new Date().toISOString())
  }
  const lock = JSON.parse(readFileSync(join(dir, 'package-lock.json'), 'utf8')) as { packages: Record<string, unknown> }
  return {
    bytes: treeBytes(join(dir, 'node_modules')),
    packages: Object.keys(lock.packages).filter((k) => k !== '').length,
  }
}

const mb = (n: number): number => Number((n / MB).toFixed(2))
console.log('Package sizes (MB = 1,000,000 bytes)')
for (const [key, file] of Object.entries({
  sdk: tarballs.sdk,
  'mock-server': tarballs.mockServer,
  cli: tarballs.cli,
  mcp: tarballs.mcp,
})) {
  const bytes = lstatSync(file).size
  console.log(`  tarball ${basename(file).padEnd(34)} ${mb(bytes).toFixed(2)} MB`)
  reportFigure({ name: `packages.tarball.${key}`, value: mb(bytes), unit: 'MB', goal: null, baseline: null })
}

const budgets: { label: string; name: string; files: string[]; goalMb: number | null }[] = [
  { label: 'sdk', name: 'the SDK alone', files: [tarballs.sdk], goalMb: 2 },
  { label: 'cli', name: 'the CLI (the SDK compiled in), without the emulator', files: [tarballs.cli], goalMb: 6 },
  { label: 'mock-server', name: 'the emulator alone (msw not installed)', files: [tarballs.mockServer], goalMb: null },
  {
    label: 'mcp',
    name: 'the MCP server with the SDK (MCP SDK included)',
    files: [tarballs.mcp, tarballs.sdk],
    goalMb: null,
  },
]
let over = false
for (const b of budgets) {
  const { bytes, packages } = installedTree(b.label, b.files)
  const met = b.goalMb === null ? undefined : bytes <= b.goalMb * MB
  if (met === false) over = true
  console.log(
    `  installed: ${b.name.padEnd(46)} ${mb(bytes).toFixed(2)} MB in ${packages} packages${b.goalMb === null ? '' : ` (goal ≤ ${b.goalMb} MB${met ? '' : ', OVER'})`}`,
  )
  reportFigure({
    name: `packages.installed.${b.label}`,
    value: mb(bytes),
    unit: 'MB',
    goal: b.goalMb === null ? null : `<= ${b.goalMb} MB`,
    baseline: null,
    ...(met === undefined ? {} : { met }),
  })
}
if (over) process.exitCode = 1
