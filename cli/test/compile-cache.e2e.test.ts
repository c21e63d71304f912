import { spawnSync } from 'node:child_process'
import {
  chmodSync,
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs'
import * as nodeModule from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildCli } from './support/spawn-krs.js'

/**
 * The launcher's code cache on Node versions without one of their own (before 22.1): the CLI as
 * npm installs it (bin/krs.cjs beside a built dist/), run with NODE_COMPILE_CACHE pointing at a
 * folder of the test and NODE_DEBUG_NATIVE=COMPILE_CACHE, which makes the launcher say on stderr
 * what it did with each file's cache. On Node 22.1 and later the launcher hands the work to
 * Node's own compile cache instead (startup.e2e checks that it turns it on before the CLI loads).
 */
// Node 22.1+ (not in the Node 20 typings this project builds with).
const nodeHasOwnCache = typeof (nodeModule as { enableCompileCache?: unknown }).enableCompileCache === 'function'
const cliDir = fileURLToPath(new URL('..', import.meta.url))
// Under cli/node_modules so that the CLI's packages (ajv, yaml…) resolve from the copy.
const root = join(cliDir, 'node_modules', '.cache', `krs-compile-cache-e2e-${process.pid}`)
const launcher = join(root, 'pkg', 'bin', 'krs.cjs')
const dist = join(root, 'pkg', 'dist')
let cacheRoot = ''
let run = 0

beforeAll(() => {
  const built = dirname(buildCli())
  mkdirSync(dirname(launcher), { recursive: true })
  cpSync(join(cliDir, 'bin', 'krs.cjs'), launcher)
  cpSync(built, dist, { recursive: true })
}, 180_000)

afterAll(() => rmSync(root, { recursive: true, force: true }))

/** A new, empty cache folder for one test. */
function freshCache(): string {
  cacheRoot = join(root, `cache-${++run}`)
  return cacheRoot
}

function krs(argv: string[], env: Record<string, string> = {}) {
  const r = spawnSync(process.execPath, [launcher, ...argv], {
    encoding: 'utf8',
    env: {
      PATH: process.env.PATH ?? '',
      NO_COLOR: '1',
      NODE_COMPILE_CACHE: cacheRoot,
      NODE_DEBUG_NATIVE: 'COMPILE_CACHE',
      ...env,
    },
  })
  const lines = r.stderr.split('\n').filter((l) => l.startsWith('krs compile cache: '))
  const said = (word: string) => lines.filter((l) => l.endsWith(` ${word}`)).map((l) => l.split(' ')[3])
  return { ...r, lines, said }
}

/** The cache files written so far, in the one folder the launcher keeps per Node and CLI copy. */
function cacheFiles(): string[] {
  if (!existsSync(cacheRoot)) return []
  return readdirSync(cacheRoot).flatMap((folder) =>
    readdirSync(join(cacheRoot, folder))
      .filter((f) => f.endsWith('.cache'))
      .map((f) => join(cacheRoot, folder, f)),
  )
}

describe.skipIf(nodeHasOwnCache)('the launcher keeps a code cache of the CLI on Node 20', () => {
  it('writes each loaded file’s cache on the first run and uses it on the next, with the same answer', () => {
    freshCache()
    const first = krs(['get-version', '--dry-run', '--base-url', 'http://127.0.0.1:9'])
    expect(first.status).toBe(0)
    expect(first.said('missing')).toContain('bin.cjs')
    expect(first.said('accepted')).toEqual([])
    const written = cacheFiles()
    expect(written.length).toBe(first.said('missing').length)
    expect(written.some((f) => /[\\/]bin\.cjs\.\d+\.\d+\.cache$/.test(f))).toBe(true)

    const second = krs(['get-version', '--dry-run', '--base-url', 'http://127.0.0.1:9'])
    expect(second.status).toBe(0)
    expect(second.stdout).toBe(first.stdout)
    expect(second.said('missing')).toEqual([])
    expect(second.said('rejected')).toEqual([])
    expect(second.said('accepted').sort()).toEqual(first.said('missing').sort())
    expect(second.said('written')).toEqual([])
    expect(cacheFiles()).toEqual(written)
  })

  it('a command that reaches new files rewrites the caches of the files it shares with earlier ones, once', () => {
    freshCache()
    const apiCall = ['get-version', '--dry-run', '--base-url', 'http://127.0.0.1:9']
    expect(krs(['--help']).status).toBe(0)
    const binCache = () => readFileSync(cacheFiles().find((f) => /[\\/]bin\.cjs\./.test(f)) ?? '')
    const afterHelp = binCache()
    // The first API call after --help: its own files are new, and it runs code of bin.cjs that
    // --help did not, so bin.cjs's cache is written again, now with that code in it too.
    const first = krs(apiCall)
    expect(first.said('missing').length).toBeGreaterThan(0)
    expect(first.said('accepted')).toContain('bin.cjs')
    expect(first.said('written').some((f) => f?.startsWith('bin.cjs.'))).toBe(true)
    expect(binCache().length).toBeGreaterThan(afterHelp.length)
    for (const argv of [apiCall, ['--help']]) {
      const again = krs(argv)
      expect(again.status).toBe(0)
      expect(again.said('missing')).toEqual([])
      expect(again.said('written')).toEqual([])
    }
  })

  it('keeps the caches of runs with other Node flags apart (V8 refuses a cache made under other flags)', () => {
    freshCache()
    krs(['--version'])
    const r = spawnSync(process.execPath, ['--stack-size=2000', launcher, '--version'], {
      encoding: 'utf8',
      env: { PATH: process.env.PATH ?? '', NODE_COMPILE_CACHE: cacheRoot, NODE_DEBUG_NATIVE: 'COMPILE_CACHE' },
    })
    expect(r.status).toBe(0)
    expect(r.stderr).not.toMatch(/ rejected$/m)
    expect(readdirSync(cacheRoot).length).toBe(2)
    expect(krs(['--version']).said('rejected')).toEqual([])
  })

  it('refuses a damaged cache, runs the command all the same and writes a good one', () => {
    freshCache()
    krs(['--version'])
    const binCache = cacheFiles().find((f) => /[\\/]bin\.cjs\./.test(f)) ?? ''
    writeFileSync(binCache, Buffer.alloc(4096, 7))
    const damaged = krs(['--version'])
    expect(damaged.status).toBe(0)
    expect(damaged.stdout.trim()).toMatch(/^\d+\.\d+\.\d+/)
    expect(damaged.said('rejected')).toEqual(['bin.cjs'])
    expect(readFileSync(binCache).equals(Buffer.alloc(4096, 7))).toBe(false)
    expect(krs(['--version']).said('accepted')).toContain('bin.cjs')
  })

  it('never runs the old code of a rebuilt file of the same length, and drops the old cache', () => {
    freshCache()
    const chunk = readdirSync(dist)
      .map((f) => join(dist, f))
      .find((f) => /name: ?"@krs-kit\/cli"/.test(readFileSync(f, 'utf8'))) as string
    const before = krs(['--version'])
    const version = before.stdout.trim().split(/\s/)[0] as string
    const oldCaches = cacheFiles()
    // The same number of characters, another version: V8 alone would take the old cache.
    const rebuilt = version.replace(/\d/g, '9')
    expect(rebuilt.length).toBe(version.length)
    const text = readFileSync(chunk, 'utf8')
    // (the build's whitespace is minified: `version:"…"`, or `version: "…"` without it)
    const changed = text.replace(
      new RegExp(`(version: ?)"${version.replace(/\./g, '\\.')}"`),
      (_, key: string) => `${key}"${rebuilt}"`,
    )
    expect(changed.length).toBe(text.length)
    writeFileSync(chunk, changed)
    const later = new Date(statSync(chunk).mtimeMs + 60_000)
    utimesSync(chunk, later, later)
    try {
      const after = krs(['--version'])
      expect(after.status).toBe(0)
      expect(after.stdout).toContain(rebuilt)
      expect(after.said('missing')).toEqual([chunk.split(/[\\/]/).pop()])
      const stale = oldCaches.filter((f) => f.includes(`${chunk.split(/[\\/]/).pop()}.`))
      expect(stale.length).toBe(1)
      expect(cacheFiles()).not.toContain(stale[0])
    } finally {
      writeFileSync(chunk, text)
    }
  })

  it('drops the cache folders of CLI copies that are gone, at the next run that writes a cache', () => {
    freshCache()
    // another copy of the CLI, run once, then removed (an uninstalled package, a deleted clone)
    const other = join(root, 'pkg-removed')
    cpSync(join(root, 'pkg'), other, { recursive: true })
    const otherRun = spawnSync(process.execPath, [join(other, 'bin', 'krs.cjs'), '--version'], {
      encoding: 'utf8',
      env: { PATH: process.env.PATH ?? '', NODE_COMPILE_CACHE: cacheRoot },
    })
    expect(otherRun.status).toBe(0)
    const [otherFolder] = readdirSync(cacheRoot)
    expect(readFileSync(join(cacheRoot, otherFolder as string, 'origin.txt'), 'utf8')).toBe(`${join(other, 'dist')}\n`)
    rmSync(other, { recursive: true, force: true })
    // and a folder of a launcher that did not name its copy yet
    mkdirSync(join(cacheRoot, 'v20.0.0-x64-0badcafe'), { mode: 0o700 })
    writeFileSync(join(cacheRoot, 'v20.0.0-x64-0badcafe', 'bin.cjs.1.1.cache'), 'old')

    const r = krs(['--version'])
    expect(r.status).toBe(0)
    expect(r.lines).toContain(`krs compile cache: ${otherFolder} removed (its CLI copy is gone)`)
    expect(r.lines).toContain('krs compile cache: v20.0.0-x64-0badcafe removed (its CLI copy is gone)')
    const left = readdirSync(cacheRoot)
    expect(left).toHaveLength(1)
    expect(readFileSync(join(cacheRoot, left[0] as string, 'origin.txt'), 'utf8')).toBe(`${dist}\n`)
    // a copy still installed keeps its folder
    expect(krs(['--help']).lines.filter((l) => l.includes('removed (its CLI copy'))).toEqual([])
    expect(readdirSync(cacheRoot)).toEqual(left)
  })

  it('NODE_DISABLE_COMPILE_CACHE=1 turns it off', () => {
    freshCache()
    const r = krs(['--version'], { NODE_DISABLE_COMPILE_CACHE: '1' })
    expect(r.status).toBe(0)
    expect(r.lines).toEqual([])
    expect(existsSync(cacheRoot)).toBe(false)
  })

  it.skipIf(process.platform === 'win32')('loads no code from a folder that others can write to', () => {
    freshCache()
    mkdirSync(cacheRoot, { recursive: true })
    chmodSync(cacheRoot, 0o777)
    const r = krs(['--version'])
    expect(r.status).toBe(0)
    expect(r.stdout.trim()).toMatch(/^\d+\.\d+\.\d+/)
    expect(r.lines).toEqual([`krs compile cache: off: ${cacheRoot} can be written by others`])
    expect(cacheFiles()).toEqual([])
  })

  it('a cache folder that cannot be made costs nothing but time: same answer, nothing on stderr', () => {
    freshCache()
    writeFileSync(cacheRoot, 'a file where the folder would be')
    const r = krs(['--version'], { NODE_DEBUG_NATIVE: '' })
    expect(r.status).toBe(0)
    expect(r.stdout.trim()).toMatch(/^\d+\.\d+\.\d+/)
    expect(r.stderr).toBe('')
  })

  it('an error thrown in a CLI file names that file’s own line, cache or not', () => {
    freshCache()
    // A copy of the CLI's entry with one more line at its end that throws when asked to.
    const entry = join(dist, 'bin.cjs')
    const original = readFileSync(entry, 'utf8')
    const line = original.split('\n').length + (original.endsWith('\n') ? 0 : 1)
    writeFileSync(
      entry,
      `${original}${original.endsWith('\n') ? '' : '\n'}if (process.env.KRS_TEST_THROW) throw new Error('thrown here')\n`,
    )
    try {
      for (const pass of ['missing', 'accepted']) {
        const r = krs(['--version'], { KRS_TEST_THROW: '1' })
        expect(r.status).toBe(1)
        expect(r.said(pass)).toContain('bin.cjs')
        expect(r.stderr).toContain('thrown here')
        expect(r.stderr).toContain(`${entry}:${line}:`)
      }
    } finally {
      writeFileSync(entry, original)
    }
  })
})

it('the launcher says how to build the CLI when dist/ is missing', () => {
  const bare = join(root, 'unbuilt', 'bin', 'krs.cjs')
  mkdirSync(dirname(bare), { recursive: true })
  cpSync(launcher, bare)
  const r = spawnSync(process.execPath, [bare, '--version'], { encoding: 'utf8' })
  expect(r.status).toBe(1)
  expect(r.stderr).toContain('krs: the CLI is not built (dist/bin.cjs is missing)')
  expect(r.stderr).toContain('npm run build -w @krs-kit/cli')
})
