import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { writeIfChanged } from '../scripts/write-if-changed.js'

// The site's prepare scripts write through writeIfChanged, so that a prepare run beside a site
// build (.ci/run builds the site while lint prepares it again) rewrites nothing the build reads.
describe('writeIfChanged', () => {
  let dir: string
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'krs-write-if-changed-'))
  })
  afterEach(() => rmSync(dir, { recursive: true, force: true }))

  it('writes a new file', () => {
    const file = join(dir, 'a.json')
    expect(writeIfChanged(file, '{"a":1}\n')).toBe(true)
    expect(readFileSync(file, 'utf8')).toBe('{"a":1}\n')
  })

  it('leaves a file with the same content as it was: same inode, same modification time', () => {
    const file = join(dir, 'a.js')
    writeFileSync(file, 'export {}\n')
    const before = statSync(file, { bigint: true })
    expect(writeIfChanged(file, new TextEncoder().encode('export {}\n'))).toBe(false)
    const after = statSync(file, { bigint: true })
    expect(after.ino).toBe(before.ino)
    expect(after.mtimeNs).toBe(before.mtimeNs)
  })

  it('replaces a changed file by a rename (a new inode) and leaves no temporary file', () => {
    const file = join(dir, 'a.txt')
    writeFileSync(file, 'old')
    const before = statSync(file).ino
    expect(writeIfChanged(file, 'new')).toBe(true)
    expect(readFileSync(file, 'utf8')).toBe('new')
    expect(statSync(file).ino).not.toBe(before)
    expect(readdirSync(dir)).toEqual(['a.txt'])
  })

  it('fails on a folder it cannot write, leaving no temporary file', () => {
    expect(() => writeIfChanged(join(dir, 'missing', 'a.txt'), 'x')).toThrow(/ENOENT/)
    expect(readdirSync(dir)).toEqual([])
  })
})
