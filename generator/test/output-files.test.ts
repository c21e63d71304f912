import { mkdtemp, readFile, rm, writeFile, mkdir } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { compareOutput, listFiles, writeOutput } from '../src/output-files.js'

const files = [
  { path: 'spec/dist/openapi.json', content: '{}\n' },
  { path: 'contract/src/generated/a.ts', content: 'export const a = 1\n' },
  { path: 'contract/src/generated/b.ts', content: 'export const b = 2\n' },
]
const owned = ['spec/dist', 'contract/src/generated']

let expected: string
let repo: string
beforeEach(async () => {
  expected = await mkdtemp(join(tmpdir(), 'gen-expected-'))
  repo = await mkdtemp(join(tmpdir(), 'gen-repo-'))
  await writeOutput(expected, files, [])
  await writeOutput(repo, files, owned)
})
afterEach(async () => {
  await rm(expected, { recursive: true, force: true })
  await rm(repo, { recursive: true, force: true })
})

describe('check mode (compareOutput)', () => {
  it('finds nothing when the checked-in files are the generated ones', async () => {
    expect(await compareOutput(expected, repo, owned)).toEqual([])
  })

  it('names a stale, a missing and an extra file', async () => {
    await writeFile(join(repo, 'contract/src/generated/a.ts'), 'export const a = 3\n')
    await rm(join(repo, 'spec/dist/openapi.json'))
    await mkdir(join(repo, 'contract/src/generated/old'), { recursive: true })
    await writeFile(join(repo, 'contract/src/generated/old/c.ts'), '')
    expect(await compareOutput(expected, repo, owned)).toEqual([
      { path: 'contract/src/generated/a.ts', kind: 'stale' },
      { path: 'contract/src/generated/old/c.ts', kind: 'extra' },
      { path: 'spec/dist/openapi.json', kind: 'missing' },
    ])
  })

  it('a whitespace-only change is stale too', async () => {
    await writeFile(join(repo, 'contract/src/generated/b.ts'), 'export const b = 2\n\n')
    expect(await compareOutput(expected, repo, owned)).toEqual([{ path: 'contract/src/generated/b.ts', kind: 'stale' }])
  })

  it('ignores files outside the owned folders', async () => {
    await writeFile(join(repo, 'contract/src/generated.ts'), 'hand-written')
    expect(await compareOutput(expected, repo, owned)).toEqual([])
  })
})

describe('writeOutput', () => {
  it('writes only changed files and removes files it no longer produces', async () => {
    await writeFile(join(repo, 'contract/src/generated/a.ts'), 'old')
    await writeFile(join(repo, 'contract/src/generated/gone.ts'), 'old')
    const changed = await writeOutput(repo, files, owned)
    expect(changed).toEqual([
      { path: 'contract/src/generated/a.ts', action: 'wrote' },
      { path: 'contract/src/generated/gone.ts', action: 'deleted' },
    ])
    expect(await readFile(join(repo, 'contract/src/generated/a.ts'), 'utf8')).toBe('export const a = 1\n')
    expect(await listFiles(repo, 'contract/src/generated')).toEqual([
      'contract/src/generated/a.ts',
      'contract/src/generated/b.ts',
    ])
    expect(await writeOutput(repo, files, owned)).toEqual([])
  })
})
