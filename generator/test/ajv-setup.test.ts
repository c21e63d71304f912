import { readdirSync, readFileSync } from 'node:fs'
import { join, relative, sep } from 'node:path'
import { describe, expect, it } from 'vitest'
import { REPO_ROOT } from '../src/repo-paths.js'
import { TARGETS } from '../src/targets.js'

// One Ajv setup for the whole repository: the generated `ajv.ts` of each target. Anything
// else that builds an Ajv instance or loads ajv-formats itself is a second setup.

const SKIP = new Set(['node_modules', 'dist', 'build', '.docusaurus', '.git', '__snapshots__', '.generated'])
const PACKAGES = ['generator', 'sdk', 'mock-server', 'cli', 'playground', 'test', 'bench', 'scripts']

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    if (SKIP.has(d.name)) return []
    const path = join(dir, d.name)
    if (d.isDirectory()) return sources(path)
    return /\.(?:[cm]?[jt]sx?)$/.test(d.name) ? [path] : []
  })
}

describe('the one Ajv setup', () => {
  const files = PACKAGES.flatMap((p) => sources(join(REPO_ROOT, p))).map((f) =>
    relative(REPO_ROOT, f).split(sep).join('/'),
  )

  it('scans the sources of every package', () => {
    expect(files).toContain('cli/src/mirror/verify.ts')
    expect(files).toContain('playground/runtime/validate-body.ts')
    expect(files).toContain('test/support/contract.ts')
  })

  it('only the generated ajv.ts and ajv-setup.ts files import Ajv’s constructor or ajv-formats', () => {
    const allowed = new Set([
      ...TARGETS.filter((t) => t.files.includes('ajv.ts')).flatMap((t) => [`${t.dir}/ajv.ts`, `${t.dir}/ajv-setup.ts`]),
      'generator/src/emit/ajv.ts', // the text of those files
      // compiles the emulator's request validators ahead of time with the options of that setup
      'generator/src/emit/request-validators.ts',
      // the two packages as one module (bundled into one file by the build), loaded on first
      // use and handed to ajv-setup.ts's setUpAjv
      'mock-server/src/lib/ajv-packages.ts',
      'mock-server/src/lib/lazy-ajv.ts',
    ])
    const offenders = files.filter((f) => {
      if (allowed.has(f)) return false
      const text = readFileSync(join(REPO_ROOT, f), 'utf8')
      // Ajv's run-time helpers and ajv-formats' format functions, which the request validators
      // compiled ahead of time import, are no setup
      return /(?:from |import\()['"]ajv(?:\/dist\/(?!runtime\/)[^'"]+)?['"]|(?:from |import\()['"]ajv-formats['"]|new Ajv\w*\(/.test(
        text.replace(/import type [^\n]+\n/g, ''),
      )
    })
    expect(offenders).toEqual([])
  })

  it('one copy of the setup: the contract package, which every package imports', () => {
    expect(TARGETS.filter((t) => t.files.includes('ajv.ts')).map((t) => t.dir)).toEqual(['contract/src/generated'])
  })
})
