import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { siteBuildIsFresh } from '../../scripts/lib/site-freshness.mjs'

// When `npm start` and the browser tests' global setup build the site again.
describe('siteBuildIsFresh', () => {
  let root: string
  const site = (): string => join(root, 'playground', 'build')
  /** Writes `rel` below root with the modification time `seconds` (since 1970). */
  const file = (rel: string, seconds: number): void => {
    const path = join(root, rel)
    mkdirSync(join(path, '..'), { recursive: true })
    writeFileSync(path, rel)
    utimesSync(path, seconds, seconds)
  }
  /** A file of the emulator's sources in the temporary repository (a fixture, not an import). */
  const emulatorSource = (rel: string): string => join('mock-server', 'src', rel)
  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'krs-site-fresh-'))
    file('playground/src/pages/index.tsx', 1000)
    file('spec/dist/openapi.json', 1000)
    file(emulatorSource('index.ts'), 1000)
  })
  afterEach(() => rmSync(root, { recursive: true, force: true }))

  it('is false without a build, true with a build newer than every source', () => {
    expect(siteBuildIsFresh(root, site())).toBe(false)
    file('playground/build/index.html', 2000)
    expect(siteBuildIsFresh(root, site())).toBe(true)
  })

  it("is false once a page, the contract or the emulator's sources changed after the build", () => {
    for (const source of ['playground/docs/guide.md', 'spec/dist/openapi.json', emulatorSource('kernel/engine.ts')]) {
      file('playground/build/index.html', 2000)
      file(source, 3000)
      expect(siteBuildIsFresh(root, site()), source).toBe(false)
      file(source, 1000)
    }
  })

  it('does not count the tests, their artifacts, generated files or the build itself', () => {
    file('playground/build/index.html', 2000)
    for (const other of [
      'playground/test/site.e2e.test.ts',
      'playground/test-artifacts/shot.png',
      'playground/.generated/operations.json',
      'playground/.docusaurus/client-modules.js',
      'playground/node_modules/.cache/x',
      'playground/build/assets/main.js',
    ])
      file(other, 3000)
    expect(siteBuildIsFresh(root, site())).toBe(true)
  })
})
